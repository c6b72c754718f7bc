/** The messages of the `table` room, both ways, with their payloads. */
import type { Card, Move, Suit } from "@yourtrumps/engine";
import type { ClosedMessage } from "./closing.js";
import type { ErrorCode } from "./errors.js";
import type { ReactionId, ReactionMessage } from "./reactions.js";

/** Client → server messages and their payloads. */
export interface ClientMessages {
  play: { card: Card }; // lead, beat or second card, RULES.md notation ("TS")
  pickup: Record<string, never> | undefined; // take cards from the pile (R12)
  trump: { suit: Suit }; // pick a free trump suit while phase = "choosing" (R3)
  rematch: Record<string, never> | undefined; // ask for a new hand once phase = "over"
  hint: Record<string, never> | undefined; // computer tables only: ask for the best move
  react: { id: ReactionId }; // a preset reaction (reactions.ts)
  meanwhile: { on: boolean }; // quick match, while waiting: this person plays the computer in their page meanwhile (the table is not filled with computers); off = they come to the table (a newcomer's offer accepted)
  "not-now": Record<string, never> | undefined; // quick match, playing the computer meanwhile: whoever sat down since is let go (their seat released), the seek stays open
  berserk: Record<string, never> | undefined; // arena tables with berserk allowed, before this seat's first move: halves the seat's turn clock, +1 for a win of at least 7 own moves
}
export type ClientMessageType = keyof ClientMessages;
export const CLIENT_MESSAGES = [
  "play",
  "pickup",
  "trump",
  "rematch",
  "hint",
  "react",
  "meanwhile",
  "not-now",
  "berserk",
] as const satisfies readonly ClientMessageType[];

/** Server → client messages and their payloads. */
export interface ServerMessages {
  error: ErrorMessage;
  hint: HintMessage;
  reaction: ReactionMessage; // someone at the table reacted
  closed: ClosedMessage; // the server is closing the table (closing.ts); the connection closes next
}
export type ServerMessageType = keyof ServerMessages;

/** A refused message: nothing changed at the table. */
export interface ErrorMessage {
  code: ErrorCode;
  message: string; // readable English sentence, for developers; clients show their own words for `code`
  type?: string; // the message type that was refused, when known
}

/** The computer's advice for the asking seat. */
export interface HintMessage {
  move: Move;
  value: number; // the analyser's estimate for the mover, -1 … 1 (higher is better)
}
