import type { HandResult } from "./types.js";

/**
 * R4: who deals the next hand at a table, given this hand's dealer and result: the
 * loser deals; after a draw (no loser, `abandoned` included) the same dealer deals
 * again. The first hand's dealer is drawn by `newHand` from the seed.
 */
export function nextDealer(dealer: number, result: HandResult): number {
  return result.loser ?? dealer;
}
