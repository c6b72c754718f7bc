import type { HandResult } from "@yourtrumps/engine";
import type { Outcome } from "../database/schema.js";

/**
 * A seat's hand for its player's record (won / drawn / lost). The loser lost, and so did
 * a person who left (as for rating). In a drawn hand the seats still holding cards share
 * the last place and drew; seats that went out before the draw won.
 */
export function seatOutcome(result: HandResult, seat: number, left: boolean): Outcome {
  if (left || result.loser === seat) return "lost";
  if (result.loser === null && result.places[seat] === Math.max(...result.places)) return "drawn";
  return "won";
}
