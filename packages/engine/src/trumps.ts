import { SUITS } from "./cards.js";
import type { Suit } from "./cards.js";

/**
 * R3: the trump suits by seat once the hand starts. `picked` holds each seat's own
 * choice (null = not picked); seats that did not pick get the first free suit in the
 * order S, H, D, C, in seat order. Throws a RangeError when two seats picked the same
 * suit or there are more seats than suits.
 */
export function defaultTrumps(picked: readonly (Suit | null)[]): Suit[] {
  const chosen = picked.filter((s): s is Suit => s !== null);
  if (new Set(chosen).size !== chosen.length) throw new RangeError("two seats picked the same trump suit (R3)");
  if (picked.length > SUITS.length) throw new RangeError("more seats than suits");
  const free = SUITS.filter((s) => !chosen.includes(s));
  return picked.map((p) => p ?? free.shift()!);
}
