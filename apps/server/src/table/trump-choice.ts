/**
 * R3 online: before a table's first deal the people pick free trump suits, first
 * come, first served, against the table's clock. Computer seats never race people for
 * a suit; they, and anyone who has not picked when the clock runs out, get the
 * engine's defaults at the deal.
 */
import type { Suit } from "@yourtrumps/engine";
import type { TableState } from "../state/table-state.js";
import type { Refusal } from "./message-gate.js";
import { humanSeats } from "./seating.js";
import type { TurnClock } from "./turn-clock.js";

export class TrumpChoice {
  constructor(
    private readonly state: TableState,
    private readonly clock: TurnClock,
    private readonly turnMs: number, // the table's clock for the whole choice; 0 = none
    private readonly deal: () => void,
  ) {}

  /** Every seat is held: the choice begins, and the deal follows when it is made or the clock (`clockMs`: after a restart, the time that was left and a grace) runs out. */
  start(clockMs = this.turnMs): void {
    this.state.phase = "choosing";
    this.clock.next();
    if (this.turnMs > 0) this.clock.limit(clockMs, this.deal);
    this.dealWhenChosen();
  }

  /** `seat` claims `suit`. */
  choose(seat: number, suit: Suit): Refusal | null {
    if (this.state.phase !== "choosing")
      return { code: "wrong-phase", message: "Trumps are picked before the deal only." };
    const mine = this.state.seats.at(seat);
    if (mine.trump !== "") return { code: "already-chosen", message: `You already own ${mine.trump}.` };
    if (this.state.seats.some((s) => s.trump === suit))
      return { code: "suit-taken", message: `${suit} belongs to another player.` };
    mine.trump = suit;
    this.dealWhenChosen();
    return null;
  }

  /** Deals as soon as every person has a suit (also after a person's seat went to a computer). */
  dealWhenChosen(): void {
    if (humanSeats(this.state).every((s) => s.trump !== "")) this.deal();
  }
}
