import { MOVE_ERROR_CODES } from "@yourtrumps/engine";
import type { MoveErrorCode } from "@yourtrumps/engine";

/**
 * The engine's refusals, passed on under the engine's own code; "malformed" is the
 * room's code too, and "bad-hand" never reaches a client (the room's hand is never bad).
 */
const ENGINE_CODES = MOVE_ERROR_CODES.filter(
  (c): c is Exclude<MoveErrorCode, "bad-hand" | "malformed"> => c !== "bad-hand" && c !== "malformed",
);

/** Every `code` of an `error` message. */
export const ERROR_CODES = [
  "malformed", // payload does not have the message's shape
  "unknown-message", // no such message type
  "rate-limited", // too many messages; this one was dropped
  "wrong-phase", // the message does not apply in the table's current phase
  "not-your-turn", // another seat is to move
  "suit-taken", // trump: another seat owns that suit
  "already-chosen", // trump: this seat has already picked
  "hint-unavailable", // hint: not a computer table, not your turn, or the analyser failed
  "spectator", // a spectator sent a game message: watching holds no seat, so nothing was applied
  "unknown-reaction", // react: not one of REACTIONS
  "reaction-limit", // react: within REACTION_GAP_MS of the last, or REACTIONS_PER_HAND this hand
  "muted", // react: a moderator muted this player's reactions
  "not-waiting", // meanwhile: only at a quick-match table still waiting for people
  "no-berserk", // berserk: not an arena table allowing it, already berserk, or after the seat's first move
  ...ENGINE_CODES, // refused by the engine (applyMove): not-in-hand, does-not-beat, second-card-due, empty-pile, hand-over
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
