import { RATING_KINDS } from "@yourtrumps/protocol";
import type { RatingKind } from "@yourtrumps/protocol";

export { RATING_KINDS };
export type { RatingKind };

export function ratingKindFor(players: number): RatingKind {
  return players === 2 ? "duel" : "multi";
}

export function isRatingKind(value: unknown): value is RatingKind {
  return (RATING_KINDS as readonly unknown[]).includes(value);
}
