/** Seat bookkeeping: who sits where, and turning a seat over to a computer player. */
import type { Seat, TableState } from "../state/table-state.js";

/** The first computer seat's name; further ones are numbered ("Computer 2"), which clients localise. */
export const COMPUTER_NAME = "Computer";

/** Index of the seat owned by `sessionId`, or -1. */
export function seatOf(state: TableState, sessionId: string): number {
  return state.seats.findIndex((s) => s.sessionId === sessionId && !s.isAI);
}

/** The first seat nobody holds, or -1. */
export function freeSeat(state: TableState): number {
  return state.seats.findIndex((s) => !s.isAI && s.sessionId === "");
}

/** Gives seat `index` to the person with `sessionId`; one who gave no name is "Player N". */
export function seatPerson(state: TableState, index: number, sessionId: string, name: string): void {
  const seat = state.seats.at(index);
  seat.sessionId = sessionId;
  seat.name = name || `Player ${index + 1}`;
  seat.connected = true;
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
}

/** "Computer", "Computer 2", "Computer 3", …: the first of these not in `taken`. */
export function computerName(taken: readonly string[]): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? COMPUTER_NAME : `${COMPUTER_NAME} ${n}`;
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
}

/** Seats held by people (connected or not). */
export function humanSeats(state: TableState): Seat[] {
  return state.seats.filter((s) => !s.isAI && s.sessionId !== "");
}
