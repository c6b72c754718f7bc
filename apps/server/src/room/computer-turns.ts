/**
 * Moves the server makes: a computer seat's, and a person's whose clock ran out.
 * The computer player thinks in the worker pool while the human-like pause runs on
 * the table's clock, and its answer is re-checked with the engine: a missing or
 * refused answer becomes the engine's first legal move, so a faulty player never
 * stalls a hand.
 *
 * Every search is capped at the pause plus `thinkMs`, counted from the request, so a
 * person's wait for a computer stays bounded when the shared workers are busy: the
 * search is then shorter, never later (the pool takes the time queued off it).
 */
import { randomInt } from "node:crypto";
import { HARD_TIME_MS } from "@yourtrumps/ai";
import { checkMove, legalMoves, viewFor } from "@yourtrumps/engine";
import type { LiveHand, Move } from "@yourtrumps/engine";
import type { Level } from "@yourtrumps/protocol";
import type { ComputerPlayers } from "./computer.js";
import type { TurnClock } from "./turn-clock.js";

export class ComputerTurns {
  constructor(
    private readonly ai: ComputerPlayers,
    private readonly clock: TurnClock,
    private readonly pauseMs: number, // the human-like pause before a computer seat's move
    private readonly thinkMs: number, // the most a search may take beyond the pause (queueing included)
    private readonly owner: string, // the table's id: its jobs are served in turn with other tables', and cancelled with it
    private readonly log: (line: string) => void,
  ) {}

  /**
   * A legal move for `seat`, to move in `live`'s position now. With `pause` it comes
   * no sooner than the pause after the call; without (a clock expiry) as soon as it
   * is found. The caller checks that the turn is still current before playing it.
   */
  async choose(live: LiveHand, seat: number, level: Level, pause: boolean): Promise<Move> {
    const position = live.position;
    const started = Date.now();
    let move: Move | undefined;
    try {
      // From crypto, as the deal's seed is: a computer's random choices must not be predictable from earlier ones.
      // Hard thinks the product's time a move (the pause runs meanwhile); the cap keeps a busy pool's answer in time.
      const budget = { level, seed: randomInt(2 ** 31), ...(level === "hard" ? { timeMs: HARD_TIME_MS } : {}), maxMs: this.pauseMs + this.thinkMs };
      move = await this.ai.chooseMove(viewFor(live.toHand(), seat), budget, { owner: this.owner });
    } catch (e) {
      // A closed table's search is cancelled: the caller's turn check drops whatever comes back.
      if (this.clock.stopped) return legalMoves(position)[0]!;
      this.log(`computer player failed: ${(e as Error).message}`);
    }
    const rest = pause ? this.pauseMs - (Date.now() - started) : 0;
    if (rest > 0) await this.clock.pause(rest);
    if (move !== undefined && checkMove(position, move) === null) return move;
    this.log(`refused computer move ${JSON.stringify(move)}; playing the first legal move`);
    return legalMoves(position)[0]!;
  }
}
