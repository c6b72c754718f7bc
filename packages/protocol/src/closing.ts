/**
 * Tables the server closes under their players. Each player first gets a `closed`
 * message saying why, then the WebSocket closes with the reason's code (the SDK's
 * `room.onLeave(code)`), which no SDK treats as a dropped connection to retry.
 */
export const TABLE_CLOSE_REASONS = [
  "expired", // a private table still waiting for its players after PRIVATE_WAIT_MINUTES (default 30)
  "failed", // the server hit a fault at this table; other tables play on
  "released", // one seat, not the table: at a quick-match seek, the person waiting there (playing the computer meanwhile) said "not now", or did not answer in 20 s; the seek stays open
  "arena-hand-over", // an arena table's hand is over: its players are back in the arena, to be paired again
  "unrestorable", // after a restart the table's record could not be played on (an older server's record); its hand is recorded as abandoned
] as const;
export type TableCloseReason = (typeof TABLE_CLOSE_REASONS)[number];

/** The WebSocket close code of each reason. */
export const TABLE_CLOSE_CODES = {
  expired: 4100,
  failed: 4101,
  unrestorable: 4102,
  released: 4103,
  "arena-hand-over": 4104,
} as const satisfies Record<TableCloseReason, number>;

/**
 * The WebSocket close code that says "come back": the server is restarting (or handing
 * the table to another process), the table is kept, and the client gets its seat back
 * with the SDK's `client.reconnect(reconnectionToken)` — through the matchmaker, which
 * knows which process has the table — within RECONNECT_SECONDS. No `closed` message
 * comes first: nothing is closed.
 */
export const TABLE_RESTART_CODE = 4110;

/** The `closed` message: the table is closing, and why. */
export interface ClosedMessage {
  reason: TableCloseReason;
  message: string; // readable English sentence, for developers; clients show their own words for `reason`
}

/**
 * The WebSocket close code of a connection whose session was signed out (from the
 * Account page's session list, "sign out everywhere", or a deletion): the token is dead,
 * so the client must not reconnect with it, and shows itself signed out.
 */
export const SESSION_ENDED_CODE = 4401;

/**
 * The WebSocket close code of an arena room connection whose player a moderator marked or
 * whose account was closed: an `error` with `arena-not-qualified` comes first, the player
 * is paired no more, and joining again is refused — the client must not rejoin by itself.
 */
export const ARENA_REMOVED_CODE = 4403;
