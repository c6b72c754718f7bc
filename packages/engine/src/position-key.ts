import { ALL_CARDS, cardIndex } from "./cards.js";
import type { Card } from "./cards.js";

const CODE = "0123456789abcdefghijklmnopqrstuvwxyz"; // one character per card index
const DASH = 45; // "-": the card is in no hand
const BAR = 124; // "|"
const PLUS = 43; // "+": a second card is due
const DIGIT_0 = 48;
// The key's characters are written here and turned into one string at the end: it is
// built once a move, and piecing it together from smaller strings allocated several
// times its size. Reused (the engine is synchronous), never seen outside this function.
const chars = new Uint8Array(128); // 36 holders, "|", the pile (36 at most), "|", the mover, "+"

/**
 * R16's notion of "the same position": every hand as a set, the pile in order, the
 * player to move and whether a second card is due. The key is exact (no hashing):
 * per card the seat holding it ("-" when not in a hand), then the pile in order.
 */
export function positionKey(
  hands: readonly Card[][],
  pile: readonly Card[],
  toMove: number,
  secondDue: boolean,
): string {
  chars.fill(DASH, 0, ALL_CARDS.length);
  for (let seat = 0; seat < hands.length; seat++) for (const c of hands[seat]!) chars[cardIndex(c)] = DIGIT_0 + seat;
  let n = ALL_CARDS.length;
  chars[n++] = BAR;
  for (const c of pile) chars[n++] = CODE.charCodeAt(cardIndex(c));
  chars[n++] = BAR;
  const mover = String(toMove);
  for (let i = 0; i < mover.length; i++) chars[n++] = mover.charCodeAt(i);
  if (secondDue) chars[n++] = PLUS;
  return String.fromCharCode.apply(null, chars.subarray(0, n) as unknown as number[]);
}

/** Counts one more occurrence of `key` in `counts`; returns its occurrences now (R16). */
export function countPosition(counts: Map<string, number>, key: string): number {
  const seen = (counts.get(key) ?? 0) + 1;
  counts.set(key, seen);
  return seen;
}

/** Occurrences of each position key in a hand's history (R16), as a Map. */
export function tallyPositions(history: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const k of history) countPosition(counts, k);
  return counts;
}

/** Occurrences of each position key in a hand's history (R16). */
export function countPositions(history: readonly string[]): Record<string, number> {
  return Object.fromEntries(tallyPositions(history));
}
