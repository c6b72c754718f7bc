import { ALL_CARDS, cardIndex } from "./cards.js";
import { countPosition, tallyPositions } from "./position-key.js";
import { advance, checkMove } from "./rules.js";
import type { Hand, HandPosition, Move, MoveError } from "./types.js";

/**
 * A hand played forward in place, for hosts that only ever play a hand forward (the
 * game server). `applyMove` must return a new Hand with new `log` and `history`
 * arrays, so a move costs O(length of the hand) — a 1000-turn hand copies over a
 * thousand entries twice a move. Here the same rules (`checkMove`, then the step
 * `applyMove` takes) give a new `position` each move, never mutated afterwards,
 * while the log, the history and R16's tally grow in place: O(1) amortized a move.
 * `toHand()` gives the plain Hand the same moves through `applyMove` would.
 */
export class LiveHand {
  #position: HandPosition;
  readonly #log: Move[]; // every move applied since the setup
  readonly #history: string[]; // R16: every position's key, the start first
  readonly #seen: Map<string, number>; // position key → occurrences in #history

  /** R16's `seen` for advance: records a new position's key, answers its occurrences. */
  readonly #record = (key: string): number => {
    this.#history.push(key);
    return countPosition(this.#seen, key);
  };

  /** Continues `start` (copied: later moves never touch it). */
  constructor(start: Hand) {
    const { history, log, ...position } = start;
    this.#position = position;
    this.#log = log.slice();
    this.#history = history.slice();
    this.#seen = tallyPositions(history);
  }

  /** The position now: a new object after each move, never mutated. */
  get position(): HandPosition {
    return this.#position;
  }

  /** Moves applied since the setup (the log's length). */
  get moves(): number {
    return this.#log.length;
  }

  /**
   * Applies a move for the player to move; the same checks and errors as
   * `applyMove`. On an error nothing changes.
   */
  play(m: Move): MoveError | null {
    const h = this.#position;
    const error = checkMove(h, m);
    if (error) return error;
    // The engine's own card string: a card parsed off the wire is a fresh copy, and the log keeps it for the hand.
    const move: Move = m.type === "play" ? { type: "play", card: ALL_CARDS[cardIndex(m.card)]! } : { type: "pickup" };
    const changes = advance(h, move, this.#record);
    this.#log.push(move);
    this.#position = { ...h, ...changes };
    return null;
  }

  /** The hand as plain data, equal to the start with every move applied by `applyMove` (O(n): copies the log and history). */
  toHand(): Hand {
    const { result, ...rest } = this.#position;
    return { ...rest, history: this.#history.slice(), log: this.#log.slice(), result }; // a Hand's own key order
  }
}
