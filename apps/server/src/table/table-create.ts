/**
 * A new table, made from the join options of whoever asked for it: a table against the
 * computer (never offered to anyone else), a private table (found by its code, closed
 * when nobody comes), or a quick-match table (listed; its empty seats go to computer
 * players after a wait, quick-fill.ts).
 */
import { ErrorCode, ServerError } from "@colyseus/core";
import { Seat } from "../state/table-state.js";
import { checkJoinOptions, type TableOptions } from "./join-options.js";
import { seatComputer } from "./seating.js";
import { uniqueTableCode } from "./table-code.js";
import type { TableHost } from "./table-host.js";
import { HOLD_OPTION } from "./table-limits.js";
import { ARENA_TABLE_OPTION } from "../arena-rules/table-config.js";
import { createArenaTable } from "./arena-create.js";

/** The join options Colyseus hands the room (already checked in onAuth; checked again, typed). */
export function tableOptions(raw: unknown): TableOptions {
  const checked = checkJoinOptions(raw);
  if (!checked.ok) throw new ServerError(ErrorCode.MATCHMAKE_INVALID_CRITERIA, checked.message);
  return checked.options;
}

/** Makes the table from the create options `raw` (the join options of its first player, and the computer table's hold). */
export async function createTable(host: TableHost, raw: unknown): Promise<void> {
  const arena = (raw as Record<string, unknown> | null)?.[ARENA_TABLE_OPTION];
  if (arena !== undefined) return createArenaTable(host, arena);
  const { state: s, settings } = host;
  const options = tableOptions(raw);
  const players = options.players ?? 2;
  s.mode = options.mode;
  s.players = players;
  s.level = options.level;
  const turnMs =
    options.mode === "computer"
      ? 0
      : options.mode === "private" && options.turnSeconds !== undefined
        ? options.turnSeconds * 1000
        : settings.turnMs;
  s.turnSeconds = Math.ceil(turnMs / 1000);
  host.facts.allowWatching = options.allowWatching;
  s.casual = options.casual;
  for (let i = 0; i < players; i++) s.seats.push(new Seat());
  const { fill } = host.setUp(turnMs);

  if (options.mode === "computer") {
    host.limitClients(1);
    s.seats.forEach((seat, i) => i > 0 && seatComputer(s, seat));
    await host.makePrivate();
    settings.computerTables.claim((raw as Record<string, unknown> | null)?.[HOLD_OPTION], host.roomId);
  } else if (options.mode === "private") {
    // joinOrCreate with a code must not quietly open a new table when the code is wrong
    if (options.code)
      throw new ServerError(ErrorCode.MATCHMAKE_INVALID_CRITERIA, `no open table has the code ${options.code}`);
    host.limitClients(players);
    s.code = await uniqueTableCode(host.roomName);
    await host.unlist();
    // A code is guessable only while its table lives (http/front-door.ts does the sums); nobody waits half an hour for a friend.
    const minutes = settings.privateWaitMs / 60_000;
    host.expireAfter(settings.privateWaitMs, `nobody joined this private table within ${minutes} minutes`);
  } else {
    host.limitClients(players);
    fill.start();
  }
  host.listed(false);
}
