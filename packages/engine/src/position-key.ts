import { ALL_CARDS, cardIndex } from "./cards.js";
import type { Card } from "./cards.js";

const CODE = "0123456789abcdefghijklmnopqrstuvwxyz"; // one character per card index

/**
 * R16's notion of "the same position": every hand as a set, the pile in order, the
 * player to move and whether a second card is due. The key is exact (no hashing):
 * per card the seat holding it ("-" when not in a hand), then the pile in order.
 */
export function positionKey(hands: readonly Card[][], pile: readonly Card[], toMove: number, secondDue: boolean): string {
  const holder: string[] = new Array<string>(ALL_CARDS.length).fill("-");
  hands.forEach((hand, seat) => {
    for (const c of hand) holder[cardIndex(c)] = String(seat);
  });
  let pileCode = "";
  for (const c of pile) pileCode += CODE[cardIndex(c)];
  return `${holder.join("")}|${pileCode}|${toMove}${secondDue ? "+" : ""}`;
}

/** Occurrences of each position key in a hand's history (R16). */
export function countPositions(history: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const k of history) counts[k] = (counts[k] ?? 0) + 1;
  return counts;
}
