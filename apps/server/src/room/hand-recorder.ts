/**
 * What a hand's record needs beyond the engine's hand, gathered while it is played:
 * its id (shown to the table at the deal, so a client can link to the record the
 * moment the hand ends), when it was dealt and each move landed, and who took each
 * seat at the deal — a person whose seat went to the computer during the hand is
 * still recorded, as having left it.
 */
import { randomUUID } from "node:crypto";
import type { Hand } from "@yourtrumps/engine";
import type { HandRecord, SeatRecord } from "../storage/index.js";
import type { TableState } from "../state/table-state.js";
import { recordOfHand } from "./record-of-hand.js";

/** Who took a seat at the deal. */
interface SeatTaker {
  name: string;
  person: boolean; // false: a computer held the seat from the deal
  playerId: string | null; // the person's identity; null: anonymous (or a computer)
}

export class HandRecorder {
  readonly id = randomUUID();
  readonly startedAt = Date.now();
  readonly #moveTimes: number[] = [];
  readonly #takers: SeatTaker[];

  /** The hand is dealt to the seats of `state` as they are now. */
  constructor(state: TableState) {
    this.#takers = state.seats.map((s) => ({ name: s.name, person: !s.isAI, playerId: s.isAI || s.playerId === "" ? null : s.playerId }));
  }

  /** A move landed now. */
  moved(): void {
    this.#moveTimes.push(Math.max(0, Date.now() - this.startedAt));
  }

  /** The record of `hand` (finished), with the seats of `state` as they are at its end. */
  record(hand: Hand, state: TableState, tableId: string): HandRecord {
    const seats = this.#takers.map((taker, i): SeatRecord => {
      const computerNow = state.seats.at(i)?.isAI ?? true;
      return { name: taker.name, playerId: taker.playerId, computer: computerNow ? state.level : null, anonymous: taker.person && taker.playerId === null };
    });
    return recordOfHand({ id: this.id, tableId, mode: state.mode, options: { turnSeconds: state.turnSeconds, level: state.level }, hand, moveTimes: this.#moveTimes, startedAt: this.startedAt, endedAt: Date.now(), seats });
  }
}
