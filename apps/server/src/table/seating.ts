/** Seat bookkeeping: who sits where, and turning a seat over to a computer player. */
import { computerSeatName } from "@yourtrumps/protocol";
import type { Seat, TableState } from "../state/table-state.js";
import { NO_RATING, ratingAt, type SeatPlayer, type ShownRating } from "./identity.js";

/** Index of the seat owned by `sessionId`, or -1. */
export function seatOf(state: TableState, sessionId: string): number {
  return state.seats.findIndex((s) => s.sessionId === sessionId && !s.isAI);
}

/** The first seat nobody holds, or -1. */
export function freeSeat(state: TableState): number {
  return state.seats.findIndex((s) => !s.isAI && s.sessionId === "");
}

/**
 * Gives seat `index` to the person with `sessionId`, bound to `player` when they joined
 * with a token. The name they joined with wins, then the player's own; an anonymous
 * person who gave none is "Player N".
 */
export function seatPerson(
  state: TableState,
  index: number,
  sessionId: string,
  name: string,
  player: SeatPlayer | null = null,
): void {
  const seat = state.seats.at(index);
  seat.sessionId = sessionId;
  seat.name = name || player?.name || `Player ${index + 1}`;
  seat.connected = true;
  seat.playerId = player?.playerId ?? "";
  showRating(seat, player ? ratingAt(player, state.players) : NO_RATING);
  seat.ratingAfter = 0;
}

/** The seat of the player `playerId` (people only), or -1. */
export function seatOfPlayer(state: TableState, playerId: string): number {
  return state.seats.findIndex((s) => s.playerId === playerId && !s.isAI);
}

export function showRating(seat: Seat, shown: ShownRating): void {
  seat.rating = shown.rating;
  seat.provisional = shown.provisional;
}

/**
 * Hands `seat` to a computer player (for the rest of the hand and after), under a
 * name no other seat at the table has, so three computers at one table stay apart.
 */
export function seatComputer(state: TableState, seat: Seat): void {
  seat.isAI = true;
  seat.sessionId = "";
  seat.connected = true;
  seat.name = computerName(state.seats.filter((s) => s !== seat).map((s) => s.name));
  forgetPlayer(seat);
}

/** "Computer", "Computer 2", "Computer 3", … (protocol's computerSeatName, which clients localise): the first of these not in `taken`. */
export function computerName(taken: readonly string[]): string {
  for (let n = 1; ; n++) {
    const name = computerSeatName(n);
    if (!taken.includes(name)) return name;
  }
}

/** Empties a seat (phase "waiting" only: nobody has cards yet). */
export function clearSeat(seat: Seat): void {
  seat.isAI = false;
  seat.sessionId = "";
  seat.connected = false;
  seat.name = "";
  seat.trump = "";
  forgetPlayer(seat);
}

/** The seat is nobody's now (empty, or a computer's); a hand's record keeps who took it at the deal. */
function forgetPlayer(seat: Seat): void {
  seat.playerId = "";
  showRating(seat, NO_RATING);
  seat.ratingAfter = 0;
}

/** Seats held by people (connected or not). */
export function humanSeats(state: TableState): Seat[] {
  return state.seats.filter((s) => !s.isAI && s.sessionId !== "");
}
