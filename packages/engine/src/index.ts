/**
 * @yourtrumps/engine — the rules of Your Trumps (Svoi Kozyri), pure and deterministic.
 * See RULES.md for the rule ids (R1…R18) cited throughout.
 */
export type { Card, Suit, Rank } from "./cards.js";
export {
  SUITS,
  RANKS,
  ALL_CARDS,
  beats,
  pickupCount,
  takesWholePile,
  cardIndex,
  cardOf,
  isCard,
  isSuit,
  suitOf,
  rankOf,
  rankIndex,
  sortCards,
} from "./cards.js";
export { playKind, secondDueAfter, pickupOffer } from "./turn.js";
export type { PlayKind, PickupOffer } from "./turn.js";
export { defaultTrumps } from "./trumps.js";
export { nextDealer } from "./dealer.js";
export type {
  ApplyResult,
  Hand,
  HandPosition,
  HandResult,
  HandSetup,
  Move,
  MoveError,
  MoveErrorCode,
  NewHandOptions,
  PlayerCount,
  PlayerView,
  PositionSpec,
  ResultReason,
} from "./types.js";
export { RESULT_REASONS, MOVE_ERROR_CODES, PLAYER_COUNTS } from "./types.js";
export { newHand, fromPosition, SetupError, DEFAULT_MAX_TURNS, MIN_MAX_TURNS, MAX_MAX_TURNS } from "./setup.js";
export { legalMoves, movesFor, applyMove, checkMove, nextHolder, abandon } from "./rules.js";
export { LiveHand } from "./live-hand.js";
export { viewFor } from "./view.js";
export { replay, startHand } from "./replay.js";
export { positionKey, countPositions } from "./position-key.js";
export { Rng, seedKey } from "./rng.js";
export * as core from "./core/index.js";
export { Core, PICKUP } from "./core/index.js";
