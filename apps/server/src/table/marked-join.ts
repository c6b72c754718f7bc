/**
 * A marked player plays unrated only (moderation/): at a casual private table, or in quick
 * match, whose hands with them in are recorded unrated (storage/record-hand.ts). A rated
 * private table is one they would choose to be rated at, so they are told no with the join
 * refusal `marked` — in the matchmaker, before a table is made or a seat reserved (a refused
 * join must not count as the address's reservation of a last seat: last-seat.ts), and again
 * in onJoin for a table whose listing had not said it yet.
 */
import { matchMaker, type ServerError } from "@colyseus/core";
import { ROOM_NAME } from "@yourtrumps/protocol";
import { joinRefused } from "./join-refused.js";
import type { TableOptions } from "./join-options.js";

/** The refusal of a marked player at a table of `mode` that is (or would be) rated, or null. */
export function markedAtRatedTable(marked: boolean, table: { mode: string; casual: boolean }): ServerError | null {
  if (!marked || table.mode !== "private" || table.casual) return null;
  return joinRefused("marked", "a moderator marked this account: it may sit only at casual private tables");
}

/** Throws the refusal of a marked player's join: a new rated private table, or one found by a code whose listing is not casual. */
export async function checkMarkedJoin(player: { marked: boolean }, options: TableOptions): Promise<void> {
  if (!player.marked || options.mode !== "private") return;
  let casual = options.casual; // a new table: as asked
  if (options.code) {
    const [table] = await matchMaker.query({ name: ROOM_NAME, code: options.code } as never);
    if (table === undefined) return; // no such table: the join fails as any other would
    casual = (table.metadata as { casual?: unknown } | undefined)?.casual === true;
  }
  const refusal = markedAtRatedTable(true, { mode: options.mode, casual });
  if (refusal !== null) throw refusal;
}
