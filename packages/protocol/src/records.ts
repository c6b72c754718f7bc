/**
 * The value tables of the records API (`/api/…`): the server's storage and HTTP answers
 * and the client's readers spell them from here. The answers' shapes are the server's
 * (`@yourtrumps/server/api`, types only).
 */

/** Separate ratings for the duel and for tables of 3–4: they are different games (R18: only the duel has perfect information). */
export const RATING_KINDS = [
  "duel", // 2 players
  "multi", // 3 or 4 players
] as const;
export type RatingKind = (typeof RATING_KINDS)[number];

/** How a hand went for one seat, in a player's record. */
export const OUTCOMES = ["won", "drawn", "lost"] as const;
export type Outcome = (typeof OUTCOMES)[number];
