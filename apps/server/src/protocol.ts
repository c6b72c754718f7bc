/**
 * The public protocol of the `table` room: join options, message names and
 * payloads, error codes. Plain types and constant tables only (no runtime
 * dependencies), so clients and bots can import it as they are.
 */
import type { Card, Move, Suit } from "@yourtrumps/engine";

/** The one room name clients join. */
export const ROOM_NAME = "table";

export const MODES = ["quick", "private", "computer"] as const;
export type Mode = (typeof MODES)[number]; // quick: matchmaking; private: by code; computer: one human + computer seats

export const LEVELS = ["easy", "medium", "hard"] as const;
export type Level = (typeof LEVELS)[number];

export const PHASES = ["waiting", "choosing", "playing", "over"] as const;
export type Phase = (typeof PHASES)[number]; // waiting for seats → picking trumps → the hand → result

/** Options of `joinOrCreate` / `create` / `join("table", …)`. */
export interface JoinOptions {
  mode: Mode;
  players?: 2 | 3 | 4; // default 2 (quick, private create, computer)
  level?: Level; // computer seats' strength; default "medium"
  name?: string; // shown to the other seats; trimmed, at most 24 characters
  code?: string; // private tables: the code to join (omit it to create a new table)
  turnSeconds?: number; // creating a private table: seconds per move, 0 = no clock (default: the server's TURN_SECONDS)
}

/** Client → server messages and their payloads. */
export interface ClientMessages {
  play: { card: Card }; // lead, beat or second card, RULES.md notation ("TS")
  pickup: Record<string, never> | undefined; // take cards from the pile (R12)
  trump: { suit: Suit }; // pick a free trump suit while phase = "choosing" (R3)
  rematch: Record<string, never> | undefined; // ask for a new hand once phase = "over"
  hint: Record<string, never> | undefined; // computer tables only: ask for the best move
}
export type ClientMessageType = keyof ClientMessages;
export const CLIENT_MESSAGES = ["play", "pickup", "trump", "rematch", "hint"] as const satisfies readonly ClientMessageType[];

/** Server → client messages. */
export interface ServerMessages {
  error: ErrorMessage;
  hint: HintMessage;
}

export interface ErrorMessage {
  code: ErrorCode;
  message: string; // readable English sentence
  type?: string; // the message type that was refused, when known
}

export interface HintMessage {
  move: Move;
  value: number; // the analyser's estimate for the mover (higher is better)
}

export const ERROR_CODES = [
  "malformed", // payload does not have the message's shape
  "unknown-message", // no such message type
  "rate-limited", // too many messages; this one was dropped
  "wrong-phase", // the message does not apply in the table's current phase
  "not-your-turn", // another seat is to move
  "suit-taken", // trump: another seat owns that suit
  "already-chosen", // trump: this seat has already picked
  "hint-unavailable", // hint: not a computer table, not your turn, or the analyser failed
  // refused by the engine (applyMove), see @yourtrumps/engine MoveErrorCode:
  "not-in-hand",
  "does-not-beat",
  "second-card-due",
  "empty-pile",
  "hand-over",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
