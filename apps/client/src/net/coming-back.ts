/**
 * When a table's client tries to come back, and when it stops. A restart restores the
 * table within seconds, and the server keeps the seat for RECONNECT_SECONDS (60 by
 * default): the tries start fast and level off at a few seconds, for a minute and a half.
 */
import { TABLE_CLOSE_CODES } from "@yourtrumps/protocol";

const CONSENTED = 4000; // the client left on purpose
const SERVER_SHUTDOWN = 4001; // a server that keeps no tables (an older one) shut down: the table is gone
const MATCHMAKE_EXPIRED = 524; // the reconnection token is no seat's (any more): refused for good
const FOR_GOOD: ReadonlySet<number> = new Set([
  CONSENTED,
  SERVER_SHUTDOWN,
  MATCHMAKE_EXPIRED,
  ...Object.values(TABLE_CLOSE_CODES),
]);

/** True for a close code or matchmaking error after which there is no seat to come back to. */
export function givesUp(code: unknown): boolean {
  return typeof code === "number" && FOR_GOOD.has(code);
}

const MATCHMAKE_INVALID_ROOM_ID = 522; // no such table (yet): a restarting server has not restored it

/** True when a try failed because the server did not answer, or does not have the table back yet. */
export function serverAway(code: unknown): boolean {
  return typeof code !== "number" || code === MATCHMAKE_INVALID_ROOM_ID;
}

/** The waits before each try, in ms: about 90 s in all. */
export function comeBackDelays(totalMs = 90_000): number[] {
  const waits: number[] = [];
  let sum = 0;
  for (let wait = 250; sum < totalMs; wait = Math.min(wait * 2, 3000)) {
    waits.push(wait);
    sum += wait;
  }
  return waits;
}
