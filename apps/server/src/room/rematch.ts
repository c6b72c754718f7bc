/**
 * After a hand: a new one is dealt once every person at the table has asked for it
 * (computer seats always agree), with the same seats and trumps.
 */
import type { TableState } from "../state/table-state.js";
import type { Refusal } from "./message-gate.js";
import { humanSeats } from "./seating.js";

export class Rematch {
  constructor(
    private readonly state: TableState,
    private readonly deal: () => void,
  ) {}

  /** The hand is over: computer seats want the next one; people are asked. */
  open(): void {
    this.state.seats.forEach((seat) => (seat.wantsRematch = seat.isAI));
  }

  /** `seat` asks for the next hand. */
  ask(seat: number): Refusal | null {
    if (this.state.phase !== "over") return { code: "wrong-phase", message: "A rematch can be asked for once the hand is over." };
    this.state.seats.at(seat).wantsRematch = true;
    this.rematchWhenAgreed();
    return null;
  }

  /** A computer player took `seat` after the hand: it agrees, and the others may be waiting only for that seat. */
  seatTaken(seat: number): void {
    this.state.seats.at(seat).wantsRematch = true;
    this.rematchWhenAgreed();
  }

  private rematchWhenAgreed(): void {
    const people = humanSeats(this.state);
    if (people.length > 0 && people.every((s) => s.wantsRematch)) this.deal();
  }
}
