/**
 * What the room needs from the computer players: `createComputerPlayers` (worker-thread
 * AiPools from @yourtrumps/ai) satisfies it. The room feeds it `viewFor(hand, seat)` only,
 * never the full hand, so a computer seat knows what a human in its chair would.
 *
 * The players are shared by every table of the server: each job names its table
 * (`owner`), so tables are served in turn and a closed table's jobs are cancelled.
 */
import type { Move, PlayerView } from "@yourtrumps/engine";
import type { Level } from "@yourtrumps/protocol";

/** Whose job it is: the table's id. */
export interface ComputerJob {
  owner: string;
}

/** How busy the search workers are (see AiPool's load). */
export interface ComputerLoad {
  queued: number; // searches waiting for a worker
  running: number;
  done: number; // searches answered since the start
  capped: number; // of them, searches cut short by their time cap
}

export interface ComputerPlayers {
  /** A move; `maxMs` caps the search, counted from this call (queueing included). */
  chooseMove(
    view: PlayerView,
    o: { level: Level; seed?: number; timeMs?: number; maxMs?: number },
    job: ComputerJob,
  ): Promise<Move>;
  /** A hint: done only when no move is waiting for a worker (hints never delay a computer's move beyond the one running). */
  analyse(view: PlayerView, o: { timeMs?: number }, job: ComputerJob): Promise<{ move: Move; value: number }>;
  /** The table `owner` closed: its queued jobs are dropped and a running one's answer is ignored (their promises reject). */
  cancel(owner: string): void;
  /** True when searches are waiting for the workers: an optional search (a hint) is refused then. */
  busy(): boolean;
  load(): ComputerLoad;
  close(): Promise<void>;
}
