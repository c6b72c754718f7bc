/**
 * A private table's last seat, reserved once per address. A seat reservation holds a
 * seat until its client connects or SEAT_RESERVATION_SECONDS pass; without this rule one
 * client who knows a code could reserve the last seat again every few seconds and keep
 * the friend it was meant for out for good. So an address (as the front door resolved
 * it: http/client-address.ts) that has reserved a table's last seat once is refused it
 * afterwards. A household behind one address still fills a table: each of its players
 * reserves a seat once, and only the last seat is counted.
 *
 * The count lives in the matchmaker's presence, so it holds across processes (Redis).
 */
import { ErrorCode, ServerError, matchMaker } from "@colyseus/core";
import { ROOM_NAME } from "@yourtrumps/protocol";

const REMEMBER_SECONDS = 2 * 60 * 60; // longer than a private table waits (PRIVATE_WAIT_MINUTES)

/** Refuses a join by `code` from `address` that would reserve a last seat this address has reserved before. */
export async function checkLastSeat(code: string, address: string | undefined): Promise<void> {
  if (address === undefined) return; // a join from inside the server, not over HTTP
  const [table] = await matchMaker.query({ name: ROOM_NAME, code } as never);
  if (table === undefined || table.clients !== table.maxClients - 1) return;
  const key = `last-seat:${table.roomId}:${address}`;
  const times = await matchMaker.presence.incr(key);
  if (times === 1) await matchMaker.presence.expire(key, REMEMBER_SECONDS);
  if (times > 1)
    throw new ServerError(
      ErrorCode.MATCHMAKE_UNHANDLED,
      "your address has reserved this table's last seat before without taking it; it is kept for someone else",
    );
}
