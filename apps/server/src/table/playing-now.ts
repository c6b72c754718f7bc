/**
 * Who a table marks as playing in presence (presence/playing-players.ts keeps the marks):
 * decided from the table's seats and phase, so presence needs to know nothing of tables.
 */
import type { TableState } from "../state/table-state.js";
import { humanSeats } from "./seating.js";

/** The players a table counts as playing: its people with an identity, once a hand is set up among two or more people. */
export function playingAt(state: TableState): Set<string> {
  const people = humanSeats(state);
  if (state.phase === "waiting" || people.length < 2) return new Set();
  return new Set(people.map((seat) => seat.playerId).filter((id) => id !== ""));
}
