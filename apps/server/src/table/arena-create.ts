/**
 * An arena's table, made by its director (arena/director.ts) for one pairing: a duel of the
 * two players in their seats, unlisted but watchable (the featured table), rated as the
 * arena is; a player who has not come within RECONNECT_SECONDS loses the hand (arena-hand.ts).
 */
import { ErrorCode, ServerError } from "@colyseus/core";
import { Seat } from "../state/table-state.js";
import { readArenaTable } from "../arena-rules/table-config.js";
import type { TableHost } from "./table-host.js";

/** Makes the table of the arena pairing the create option `option` describes. */
export async function createArenaTable(host: TableHost, option: unknown): Promise<void> {
  const table = readArenaTable(option);
  if (!table) throw new ServerError(ErrorCode.MATCHMAKE_INVALID_CRITERIA, "not an arena table's option");
  const { state: s, facts, settings } = host;
  facts.arena = table;
  facts.allowWatching = true;
  s.mode = "private"; // a duel nobody else may sit down at
  s.players = 2;
  s.turnSeconds = Math.ceil(table.turnMs / 1000);
  s.casual = !table.rated;
  for (let i = 0; i < 2; i++) s.seats.push(new Seat());
  const { arena, arenaSeats } = host.setUp(table.turnMs);
  arena?.showSeats();
  host.limitClients(2);
  await host.unlist();
  arenaSeats?.decideNoShowsAfter(settings.reconnectSeconds * 1000); // a player not come by then loses the hand
  host.listed(false);
}
