/**
 * After a hand: a new one is dealt once every person at the table has asked for it
 * (computer seats always agree), with the same seats and trumps — and once the hand
 * just played is on record (or the table has waited for that as long as it will).
 */
import type { TableState } from "../state/table-state.js";
import type { Refusal } from "./message-gate.js";
import { humanSeats } from "./seating.js";
import type { TurnClock } from "./turn-clock.js";

export class Rematch {
  #recorded = false; // the last hand's record is committed, or waited for long enough
  #hands = 0; // hands opened for a rematch: a late commit of an earlier one changes nothing

  constructor(
    private readonly state: TableState,
    private readonly clock: TurnClock, // a closing table deals no more
    private readonly deal: () => void,
  ) {}

  /** The hand is over: computer seats want the next one; people are asked; `recorded` settles when the record is in. */
  open(recorded: Promise<void>): void {
    const hand = ++this.#hands;
    this.#recorded = false;
    this.state.seats.forEach((seat) => (seat.wantsRematch = seat.isAI));
    void recorded.then(() => {
      if (hand !== this.#hands) return;
      this.#recorded = true;
      this.rematchWhenAgreed();
    });
  }

  /** `seat` asks for the next hand. */
  ask(seat: number): Refusal | null {
    if (this.state.phase !== "over")
      return { code: "wrong-phase", message: "A rematch can be asked for once the hand is over." };
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
    if (!this.#recorded || this.clock.stopped || this.state.phase !== "over") return;
    const people = humanSeats(this.state);
    if (people.length > 0 && people.every((s) => s.wantsRematch)) this.deal();
  }
}
