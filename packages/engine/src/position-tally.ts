/**
 * R16 asks after every move how often the new position occurred before. Scanning
 * `Hand.history` for it makes a hand of n moves cost O(n²) string comparisons (a
 * 1000-turn hand: about 10⁶), the largest share of a busy server's time. A tally of
 * each key, kept beside the history array it describes, answers in O(1).
 *
 * The tally is a memo, not state: it is invisible in the Hand (which stays plain,
 * JSON-serialisable data) and a missing or stale one is rebuilt from the history, so
 * results never depend on it. Appending moves the tally on to the longer history
 * rather than copying it, because a hand is normally played forward only; a second
 * move from the same hand (a branch) rebuilds its own.
 */
import { countPosition, tallyPositions } from "./position-key.js";

interface Tally {
  counts: Map<string, number>; // position key → occurrences in the history it belongs to
  length: number; // that history's length when tallied (a mutated array is rebuilt)
}

const tallies = new WeakMap<readonly string[], Tally>();

/** `history` with `key` appended (a new array), and the occurrences of `key` in it. */
export function appendPosition(history: readonly string[], key: string): { history: string[]; seen: number } {
  let tally = tallies.get(history);
  if (tally === undefined || tally.length !== history.length) {
    tally = { counts: tallyPositions(history), length: history.length };
  } else {
    tallies.delete(history); // moved on to the longer history, not shared with it
  }
  const seen = countPosition(tally.counts, key);
  const next = history.concat([key]); // allocated once, at its size
  tally.length = next.length;
  tallies.set(next, tally);
  return { history: next, seen };
}
