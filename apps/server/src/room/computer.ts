/**
 * What the room needs from the computer players: `AiPool` from @yourtrumps/ai
 * (worker threads) satisfies it. The room feeds it `viewFor(hand, seat)` only,
 * never the full hand, so a computer seat knows what a human in its chair would.
 */
import type { Move, PlayerView } from "@yourtrumps/engine";
import type { Level } from "@yourtrumps/protocol";

export interface ComputerPlayers {
  chooseMove(view: PlayerView, o: { level: Level; seed?: number; timeMs?: number }): Promise<Move>;
  analyse(view: PlayerView, o: { timeMs?: number }): Promise<{ move: Move; value: number }>;
  close(): Promise<void>;
}
