/**
 * Moves the server makes: a computer seat's, and a person's whose clock ran out.
 * The computer player thinks in the worker pool while the human-like pause runs on
 * the table's clock, and its answer is re-checked with the engine. A failed search is
 * asked for once more; when that fails too, or an answer is refused, the easy level's
 * move is played (found here, in microseconds), so a faulty player never stalls a hand.
 *
 * Every search is capped at the pause plus `thinkMs`, counted from the request, so a
 * person's wait for a computer stays bounded when the shared workers are busy: the
 * search is then shorter, never later (the pool takes the time queued off it).
 */
import { randomInt } from "node:crypto";
import { easyMove, HARD_TIME_MS } from "@yourtrumps/ai";
import { checkMove, legalMoves, viewFor } from "@yourtrumps/engine";
import type { LiveHand, Move, PlayerView } from "@yourtrumps/engine";
import type { Level } from "@yourtrumps/protocol";
import type { ComputerPlayers } from "./computer.js";
import type { TurnClock } from "./turn-clock.js";
import type { Logger } from "../logging/logger.js";

const MIN_ASK_MS = 50; // the least a second ask may search, however late the first failed

export class ComputerTurns {
  constructor(
    private readonly ai: ComputerPlayers,
    private readonly clock: TurnClock,
    private readonly pauseMs: number, // the human-like pause before a computer seat's move
    private readonly thinkMs: number, // the most a search may take beyond the pause (queueing included)
    private readonly owner: string, // the table's id: its jobs are served in turn with other tables', and cancelled with it
    private readonly log: Logger,
  ) {}

  /**
   * A legal move for `seat`, to move in `live`'s position now. With `pause` it comes
   * no sooner than the pause after the call; without (a clock expiry) as soon as it
   * is found. The caller checks that the turn is still current before playing it.
   */
  async choose(live: LiveHand, seat: number, level: Level, pause: boolean): Promise<Move> {
    const position = live.position;
    const started = Date.now();
    const view = viewFor(live.toHand(), seat);
    const move = await this.#ask(view, level, started);
    const rest = pause ? this.pauseMs - (Date.now() - started) : 0;
    if (rest > 0) await this.clock.pause(rest);
    if (move !== undefined && checkMove(position, move) === null) return move;
    if (this.clock.stopped) return legalMoves(position)[0]!; // a closed table: the caller drops it anyway
    this.log.warn(
      move === undefined
        ? `the computer player failed twice at ${level}; playing the easy level's move`
        : `refused computer move ${JSON.stringify(move)}; playing the easy level's move`,
    );
    return this.#easyMove(view, position);
  }

  /** The pool's answer, asked again once if it fails; undefined when both fail (or the table closed). */
  async #ask(view: PlayerView, level: Level, started: number): Promise<Move | undefined> {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        // From crypto, as the deal's seed is: a computer's random choices must not be predictable from earlier ones.
        // Hard thinks the product's time a move (the pause runs meanwhile); the cap keeps a busy pool's answer in time, the second ask included.
        const maxMs = Math.max(MIN_ASK_MS, this.pauseMs + this.thinkMs - (Date.now() - started));
        const budget = {
          level,
          seed: randomInt(2 ** 31),
          ...(level === "hard" ? { timeMs: HARD_TIME_MS } : {}),
          maxMs,
        };
        return await this.ai.chooseMove(view, budget, { owner: this.owner });
      } catch (e) {
        // A closed table's search is cancelled: the caller's turn check drops whatever comes back.
        if (this.clock.stopped) return undefined;
        this.log.warn(
          `computer player failed at ${level}: ${e instanceof Error ? e.message : String(e)}${attempt === 0 ? "; asking again" : ""}`,
        );
      }
    }
    return undefined;
  }

  /** The easy level's move, found here (it takes microseconds); the engine's first legal move if even that fails. */
  #easyMove(view: PlayerView, position: LiveHand["position"]): Move {
    try {
      const move = easyMove(view, randomInt(2 ** 31));
      if (checkMove(position, move) === null) return move;
      this.log.warn(`refused easy move ${JSON.stringify(move)}; playing the first legal move`);
    } catch (e) {
      this.log.warn(
        `the easy move failed: ${e instanceof Error ? e.message : String(e)}; playing the first legal move`,
      );
    }
    return legalMoves(position)[0]!;
  }
}
