/**
 * Tables the server closes under their players. Each player first gets a `closed`
 * message saying why, then the WebSocket closes with the reason's code (the SDK's
 * `room.onLeave(code)`), which no SDK treats as a dropped connection to retry.
 */
export const TABLE_CLOSE_REASONS = [
  "expired", // a private table still waiting for its players after PRIVATE_WAIT_MINUTES (default 30)
  "failed", // the server hit a fault at this table; other tables play on
] as const;
export type TableCloseReason = (typeof TABLE_CLOSE_REASONS)[number];

/** The WebSocket close code of each reason. */
export const TABLE_CLOSE_CODES = { expired: 4100, failed: 4101 } as const satisfies Record<TableCloseReason, number>;

/** The `closed` message: the table is closing, and why. */
export interface ClosedMessage {
  reason: TableCloseReason;
  message: string; // readable English sentence, for developers; clients show their own words for `reason`
}
