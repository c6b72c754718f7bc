/**
 * The `table` room as matchmaking sees it: its name, its modes, its phases and the
 * options a client joins with. Every list is an `as const` table, so the server's
 * validation, the schema's field types and the client's parsing share one spelling.
 */
import { LEVELS } from "@yourtrumps/ai";
import type { Level } from "@yourtrumps/ai";
import { PLAYER_COUNTS, RESULT_REASONS } from "@yourtrumps/engine";
import type { PlayerCount, ResultReason } from "@yourtrumps/engine";

export { LEVELS, PLAYER_COUNTS, RESULT_REASONS };
export type { Level, PlayerCount, ResultReason };

/** The one room name clients join. */
export const ROOM_NAME = "table";

export const MODES = [
  "quick", // matchmaking: the first open table of that size, computers fill empty seats after a while
  "private", // by code: a table only friends with the code can join
  "computer", // one person and computer seats
] as const;
export type Mode = (typeof MODES)[number];

export const PHASES = [
  "waiting", // seats are being filled
  "choosing", // people pick their trump suits (R3)
  "playing", // the hand
  "over", // the result is shown; a rematch deals again
] as const;
export type Phase = (typeof PHASES)[number];

/** Options of `joinOrCreate` / `create` / `join("table", …)`. */
export interface JoinOptions {
  mode: Mode;
  players?: PlayerCount; // default 2 (quick, private create, computer)
  level?: Level; // computer seats' strength; default "medium"
  name?: string; // shown to the other seats; cleaned, at most 24 characters
  code?: string; // private tables: the code to join (omit it to create a new table)
  turnSeconds?: number; // creating a private table: seconds per move, 0 = no clock (default: the server's TURN_SECONDS)
  casual?: boolean; // creating a private table: its hands are not rated (a casual challenge's duel); default false, ignored elsewhere
  allowWatching?: boolean; // creating a private table: anyone with its watch link may watch (default false, never for quick or computer tables' choice)
  watch?: boolean; // `client.joinById(roomId, { watch: true })`: watch the table from no seat (live.ts); every other option is then ignored
  token?: string; // the player's identity token (given once when the player is created over HTTP); absent = anonymous (no history, unrated); an unknown or malformed one ("" too) is refused with "bad-token" (join-refusals.ts)
}
