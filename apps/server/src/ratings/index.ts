/** Glicko-2 ratings for hands of Your Trumps: lichess's parameters, pairwise results at tables of 3–4. */
export { LICHESS, PROVISIONAL_RD, isProvisional, updateRating } from "./glicko.js";
export type { Game, Glicko, GlickoParameters, Score } from "./glicko.js";
export { pairwiseGames } from "./pairwise.js";
export type { PairGame } from "./pairwise.js";
export { rateHand } from "./rate-hand.js";
export type { Entrant } from "./rate-hand.js";
export { RATED_MODES, leftTheHand, ratedSeats } from "./rated-seats.js";
export type { RatedHand, RatedSeat, SeatHolder } from "./rated-seats.js";
export { RATING_KINDS, isRatingKind, ratingKindFor } from "./rating-kind.js";
export type { RatingKind } from "./rating-kind.js";
