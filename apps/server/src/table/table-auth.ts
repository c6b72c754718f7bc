/**
 * Who may join a table, decided in the matchmaker before a table is searched for or
 * created (the room's static onAuth): it refuses bad join options and writes the defaults
 * back, because Colyseus filters tables by this very options object; it resolves the
 * token to the player the seat goes to (identity.ts), whose answer reaches onJoin as its
 * `auth`. A new computer table is counted here, before it exists (table-limits.ts), and
 * refused beyond the limits. A spectator is nobody in particular: no seat, no identity.
 */
import type { AuthContext } from "@colyseus/core";
import { admitJoin, type SeatPlayer } from "./identity.js";
import { seekOpenSeat } from "./open-seats.js";
import { isWatchRequest } from "./spectators.js";
import { HOLD_OPTION } from "./table-limits.js";
import type { TableSettings } from "./table-settings.js";

/** The player a join seats (or `true`: a spectator, or nobody in particular); throws the join's refusal. */
export async function authorizeJoin(
  settings: TableSettings,
  options: Record<string, unknown>,
  context: AuthContext,
): Promise<SeatPlayer | true> {
  if (isWatchRequest(options)) {
    for (const key of Object.keys(options)) delete options[key];
    options.watch = true;
    return true;
  }
  const player = await admitJoin(options, settings.storage.store, context.ip); // the address the front door resolved (http/client-address.ts)
  seekOpenSeat(options); // after admitJoin rewrote the options: matchmaking finds only tables with a free seat (open-seats.ts)
  if (options.mode === "computer")
    options[HOLD_OPTION] = settings.computerTables.hold(context.ip, player === true ? null : player.playerId);
  return player;
}
