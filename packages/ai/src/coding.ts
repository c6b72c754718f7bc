/** Converting between engine moves and the fast core's move numbers. */
import { ALL_CARDS, PICKUP, cardIndex } from "@yourtrumps/engine";
import type { Move } from "@yourtrumps/engine";

const PICKUP_MOVE: Move = Object.freeze({ type: "pickup" });

/** Core move number (card index, or PICKUP) of an engine move. */
export function toCoreMove(m: Move): number {
  return m.type === "pickup" ? PICKUP : cardIndex(m.card);
}

/** Engine move of a core move number. */
export function fromCoreMove(c: number): Move {
  return c === PICKUP ? { ...PICKUP_MOVE } : { type: "play", card: ALL_CARDS[c]! };
}

export const suitOfIndex = (c: number): number => (c / 9) | 0;
export const rankOfIndex = (c: number): number => c % 9;
