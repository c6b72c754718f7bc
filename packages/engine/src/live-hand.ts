import { ALL_CARDS, cardIndex } from "./cards.js";
import { HashTally } from "./hash-tally.js";
import { advance, checkMove } from "./rules.js";
import type { Hand, HandPosition, Move, MoveError } from "./types.js";

/**
 * A hand played forward in place, for hosts that only ever play a hand forward (the
 * game server). `applyMove` must return a new Hand with new `log` and `history`
 * arrays, so a move costs O(length of the hand) — a 1000-turn hand copies over a
 * thousand entries twice a move. Here the same rules (`checkMove`, then the step
 * `applyMove` takes) give a new `position` each move, never mutated afterwards,
 * while the log grows in place, a byte a move: O(1) amortized a move.
 *
 * R16 needs every earlier position. A LiveHand does not keep their keys (a string a
 * move, the most a long hand held): it tallies a 30-bit hash of each key, an
 * upper bound of the key's occurrences. Only when that bound reaches R16's three does
 * it count the key exactly, by replaying the log from the start, so the rule stays
 * exact whatever the hash does. `toHand()` gives the plain Hand (its `history` included)
 * that the same moves through `applyMove` would: the first call replays the log for the
 * keys and keeps them, growing them from then on (a table with a computer or hints asks
 * every move; a table of people only at the end).
 */
export class LiveHand {
  #position: HandPosition;
  readonly #start: { position: HandPosition; history: readonly string[]; moves: number }; // where the log's replay begins: the given hand's position, its history (copied) and its log's length
  #log: Uint8Array; // every move applied since the setup: a card's index, or PICKUP_CODE
  #moves: number; // the log's length
  readonly #tally = new HashTally(); // hash of a position key → occurrences of keys with that hash since the setup
  readonly #mask: number;
  #history: string[] | null = null; // R16's keys, the start's first: made by the first toHand(), then kept

  /** R16's `seen` for advance: tallies a new position's key, answers its occurrences (exact from three on; below, a bound under three). */
  readonly #record = (key: string): number => {
    const bound = this.#tally.add(hashKey(key) & this.#mask);
    this.#history?.push(key);
    if (bound < 3) return bound;
    let seen = this.#history ? 0 : 1; // this occurrence, when not pushed above
    for (const k of this.#keys()) if (k === key) seen++;
    return seen;
  };

  /**
   * Continues `start` (copied: later moves never touch it). `hashBits` (1–30, default
   * 30) sizes the tally's hash; fewer bits only make exact recounts more frequent, which
   * is what the tests use them for.
   */
  constructor(start: Hand, hashBits = 30) {
    if (!(Number.isInteger(hashBits) && hashBits >= 1 && hashBits <= 30))
      throw new Error(`hashBits must be an integer from 1 to 30, not ${hashBits}`);
    const { history, log, ...position } = start;
    this.#start = { position, history: history.slice(), moves: log.length };
    this.#position = position;
    this.#log = new Uint8Array(Math.max(64, 2 * log.length));
    log.forEach((m, i) => (this.#log[i] = codeOf(m)));
    this.#moves = log.length;
    this.#mask = 2 ** hashBits - 1;
    for (const key of history) this.#tally.add(hashKey(key) & this.#mask);
  }

  /** The position now: a new object after each move, never mutated. */
  get position(): HandPosition {
    return this.#position;
  }

  /** Moves applied since the setup (the log's length). */
  get moves(): number {
    return this.#moves;
  }

  /**
   * Applies a move for the player to move; the same checks and errors as
   * `applyMove`. On an error nothing changes.
   */
  play(m: Move): MoveError | null {
    const h = this.#position;
    const error = checkMove(h, m);
    if (error) return error;
    // The engine's own card string (a card parsed off the wire is a fresh copy); the log keeps its index.
    const move: Move = m.type === "play" ? { type: "play", card: ALL_CARDS[cardIndex(m.card)]! } : { type: "pickup" };
    const changes = advance(h, move, this.#record);
    if (this.#moves === this.#log.length) {
      const longer = new Uint8Array(2 * this.#log.length);
      longer.set(this.#log);
      this.#log = longer;
    }
    this.#log[this.#moves++] = codeOf(move);
    this.#position = { ...h, ...changes };
    return null;
  }

  /** The hand as plain data, equal to the start with every move applied by `applyMove` (O(n): copies the log and the history, replayed the first time). */
  toHand(): Hand {
    const { result, ...rest } = this.#position;
    const history = (this.#history ??= this.#keys());
    return { ...rest, history: history.slice(), log: Array.from(this.#log.subarray(0, this.#moves), moveOf), result }; // a Hand's own key order
  }

  /** R16's history: the start's keys, then the key of every position the log's moves reached (kept, or replayed). */
  #keys(): string[] {
    if (this.#history) return this.#history;
    const keys = this.#start.history.slice();
    let position = this.#start.position;
    const collect = (key: string): number => {
      keys.push(key);
      return 1; // the keys are all the replay wants; the positions the log reached went on (but perhaps the last)
    };
    for (let i = this.#start.moves; i < this.#moves; i++)
      position = { ...position, ...advance(position, moveOf(this.#log[i]!), collect) };
    return keys;
  }
}

/** FNV-1a over a position key's characters (one byte each), 32 bits as a non-negative number. */
function hashKey(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const PICKUP_CODE = 255;

/** A move as a byte: the card's index, or PICKUP_CODE. */
function codeOf(m: Move): number {
  return m.type === "play" ? cardIndex(m.card) : PICKUP_CODE;
}

/** The move a byte stands for, with the engine's own card string. */
function moveOf(code: number): Move {
  return code === PICKUP_CODE ? { type: "pickup" } : { type: "play", card: ALL_CARDS[code]! };
}
