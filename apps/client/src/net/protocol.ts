import type { Card, Suit } from "@yourtrumps/engine";

/**
 * The server's public protocol (issue 4; schema in apps/server/src/state/table-state.ts),
 * as this client sees it. The room state is
 * read through `parseSnapshot` into these plain types, so nothing past the network
 * layer touches Colyseus schema objects.
 */

export const ROOM_NAME = "table";

export type Phase = "waiting" | "choosing" | "playing" | "over";
export type Mode = "quick" | "private" | "computer";
export type Level = "easy" | "medium" | "hard";
export type ResultReason = "out" | "last-card-draw" | "repetition" | "turn-limit" | "abandoned";

/** Join options of room `table`. */
export interface JoinOptions {
  mode: Mode;
  players?: 2 | 3 | 4;
  level?: Level; // computer tables only
  name?: string;
  code?: string; // private tables: the code to join
}

/** Client → server messages, by type. */
export interface ClientMessages {
  play: { card: Card };
  pickup: Record<string, never>;
  trump: { suit: Suit };
  rematch: Record<string, never>;
  hint: Record<string, never>; // computer tables only
}

/** Server → client `error`. */
export interface ErrorMessage {
  code: string;
  message: string;
}

/** Server → client `hint`: the AI's move for this seat and its value. */
export interface HintMessage {
  move: { type: "play"; card: Card } | { type: "pickup" };
  value: number;
}

export interface SeatSnapshot {
  name: string;
  isAI: boolean;
  connected: boolean;
  trump: Suit | null; // null until chosen (R3)
  cardCount: number;
  sessionId: string;
  hand: Card[] | null; // only the owner's own seat carries cards (StateView)
  place: number | null; // finishing place once out (R14)
  rematch: boolean; // asked for a rematch (schema field `wantsRematch`)
}

export interface ResultSnapshot {
  places: number[]; // by seat, 1 = first out
  loser: number | null; // seat, null on a draw
  reason: ResultReason;
}

/** The last move the server applied, for animation and announcements. */
export interface LastMove {
  seat: number;
  type: "play" | "pickup";
  card: Card | null; // play
  taken: Card[]; // pickup: the cards taken, bottom → top
  auto: boolean; // the server moved for a seat whose clock ran out
}

/** One decoded room state, as plain data. */
export interface TableSnapshot {
  phase: Phase;
  mode: Mode;
  code: string; // private tables: the code to share
  seats: SeatSnapshot[];
  pile: Card[]; // bottom → top
  toMove: number; // seat, -1 when nobody
  secondDue: boolean; // R11
  deadline: number; // epoch ms when the mover's clock runs out; 0 = no clock
  seq: number; // move sequence number
  lastMove: LastMove | null;
  result: ResultSnapshot | null;
}
