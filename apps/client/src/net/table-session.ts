import type { Move, Suit } from "@yourtrumps/engine";
import type { ErrorMessage, HintMessage, ReactionId, ReactionMessage, TableCloseReason } from "@yourtrumps/protocol";
import type { TableSnapshot } from "./snapshot.js";

/**
 * The table's connection: `dropped` (the network let go; coming back), `restarting` (the
 * server restarted or handed the table to another process; coming back), `back` (the seat
 * and the table as they were), `closed` (for good).
 */
export type ConnectionState = "dropped" | "restarting" | "back" | "closed";

/** What a table tells the page: snapshots, refusals, hints and the state of its connection. */
export interface SessionEvents {
  snapshot(s: TableSnapshot, me: string): void;
  error(e: ErrorMessage): void;
  hint(h: HintMessage): void;
  reaction?(r: ReactionMessage): void; // someone at the table reacted (online tables)
  closed?(reason: TableCloseReason): void; // the server is closing this seat's connection, and why (online tables; `connection("closed")` follows)
  connection(state: ConnectionState): void;
}

/**
 * One seat at one table, as the table controller drives it. Three implementations: an
 * online table over the network (net/session.ts), a table that lives in the page
 * (local/local-table.ts) and a puzzle's position (puzzle/puzzle-table.ts). Both deliver the same TableSnapshot, so the view model, the
 * scene and the announcements never know which one they serve.
 */
export interface TableSession {
  readonly sessionId: string; // the seat's owner in the snapshots' `sessionId`
  send(move: Move): void;
  chooseTrump(suit: Suit): void;
  rematch(): void;
  hint(): void;
  /** Says a preset reaction to the table (online tables only: a table in the page has nobody to hear it). */
  react?(id: ReactionId): void;
  /** Goes berserk for this hand (an arena's table that allows it, before the seat's first move). */
  berserk?(): void;
  /** Leaves on purpose: a reload no longer returns to this table. */
  leave(): Promise<void>;
}

/** A table the page opened itself (a puzzle): the controller hands it its events and drives it like any other. */
export interface OpenedEntry {
  kind: "opened";
  open(events: SessionEvents): TableSession;
}
