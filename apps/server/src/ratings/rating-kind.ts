/** Separate ratings for the duel and for tables of 3–4: they are different games (R18: only the duel has perfect information). */
export const RATING_KINDS = [
  "duel", // 2 players
  "multi", // 3 or 4 players
] as const;
export type RatingKind = (typeof RATING_KINDS)[number];

export function ratingKindFor(players: number): RatingKind {
  return players === 2 ? "duel" : "multi";
}

export function isRatingKind(value: unknown): value is RatingKind {
  return (RATING_KINDS as readonly unknown[]).includes(value);
}
