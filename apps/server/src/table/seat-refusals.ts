import type { TableState } from "../state/table-state.js";
import type { SeatPlayer } from "./identity.js";
import { joinRefused } from "./join-refused.js";
import { markedAtRatedTable } from "./marked-join.js";
import { seatOfPlayer } from "./seating.js";

/**
 * Throws the refusal of a seat to `player` at the table (onJoin): one seat per player — two
 * would play against themselves, and no hand of theirs would be rated — and none at a rated
 * private table for a player a moderator marked (marked-join.ts; asked again here for a table
 * reached without its code, by its room id).
 */
export function refuseSeat(state: TableState, player: SeatPlayer | null): void {
  if (player === null) return;
  if (seatOfPlayer(state, player.playerId) >= 0)
    throw joinRefused("already-seated", `${player.name} already holds a seat at this table`);
  const marked = markedAtRatedTable(player.marked, state);
  if (marked !== null) throw marked;
}
