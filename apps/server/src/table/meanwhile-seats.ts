/**
 * Quick match, while a table waits for people: a person seated here may play the computer
 * in their page meanwhile, holding the quick fill off (quick-fill.ts). When someone sits down
 * at such a table, the holder takes it, or says "not now" and the newcomers are let go.
 * These are the messages `meanwhile` and `not-now`.
 */
import type { Client } from "@colyseus/core";
import { TABLE_CLOSE_CODES } from "@yourtrumps/protocol";
import type { ClosedMessage } from "@yourtrumps/protocol";
import type { TableState } from "../state/table-state.js";
import type { Refusal } from "./message-gate.js";
import type { QuickFill } from "./quick-fill.js";
import { clearSeat } from "./seating.js";

export interface MeanwhileParts {
  state: TableState;
  fill: () => QuickFill;
  client: (sessionId: string) => Client | undefined;
  publishListing: () => void;
  patched: () => void;
}

export class MeanwhileSeats {
  constructor(private readonly parts: MeanwhileParts) {}

  /** The person at `seat` starts (`on`) or stops playing the computer in their page while the table waits. */
  play(seat: number, on: boolean): Refusal | null {
    const { state } = this.parts;
    if (state.mode !== "quick" || state.phase !== "waiting")
      return { code: "not-waiting", message: "Only at a quick-match table still waiting for people." };
    this.parts.fill().hold(seat, on);
    this.parts.publishListing();
    return null;
  }

  /** The person playing the computer meanwhile at `seat` does not take the table now: whoever sat down is let go. */
  notNow(seat: number): Refusal | null {
    const { state } = this.parts;
    const fill = this.parts.fill();
    if (state.mode !== "quick" || state.phase !== "waiting" || !fill.holds(seat) || !fill.offering)
      return {
        code: "not-waiting",
        message: "Only while playing the computer meanwhile at a quick-match table someone has sat down at.",
      };
    fill.notNow();
    this.parts.publishListing();
    return null;
  }

  /** The people at `seats` are let go: each is told why, then their connection closes; the seats are free again at once. */
  release(seats: number[]): void {
    for (const index of seats) {
      const seat = this.parts.state.seats.at(index);
      if (!seat || seat.sessionId === "" || seat.isAI) continue;
      const client = this.parts.client(seat.sessionId);
      clearSeat(seat); // onLeave finds no seat of theirs: nothing more happens there
      client?.send("closed", {
        reason: "released",
        message:
          "the player waiting at this quick-match table is not coming now; your seat was released and the seek stays open",
      } satisfies ClosedMessage);
      client?.leave(TABLE_CLOSE_CODES.released);
    }
    this.parts.publishListing();
    this.parts.patched();
  }
}
