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
export interface SeatTaker {
  name: string;
  person: boolean; // false: a computer held the seat from the deal
  playerId: string | null; // the person's identity; null: anonymous (or a computer)
}

export class HandRecorder {
  readonly id: string;
  readonly startedAt: number;
  readonly #moveTimes: number[];
  readonly #takers: SeatTaker[];

  /** The hand is dealt to the seats of `state` as they are now — or, with `restored`, was dealt before a restart. */
  constructor(
    state: TableState,
    restored?: { id: string; startedAt: number; takers: SeatTaker[]; moveTimes: number[] },
  ) {
    this.id = restored?.id ?? randomUUID();
    this.startedAt = restored?.startedAt ?? Date.now();
    this.#moveTimes = restored ? [...restored.moveTimes] : [];
    this.#takers = restored
      ? restored.takers.map((t) => ({ ...t }))
      : state.seats.map((s) => ({
          name: s.name,
          person: !s.isAI,
          playerId: s.isAI || s.playerId === "" ? null : s.playerId,
        }));
  }

  /** Who took each seat at the deal (kept with the table, for a restore). */
  get takers(): readonly SeatTaker[] {
    return this.#takers;
  }

  /** A move landed now; answers its time after the deal, in ms. */
  moved(): number {
    const at = Math.max(0, Date.now() - this.startedAt);
    this.#moveTimes.push(at);
    return at;
  }

  /** The record of `hand` (finished), with the seats of `state` as they are at its end. */
  record(hand: Hand, state: TableState, tableId: string): HandRecord {
    const seats = this.#takers.map((taker, i): SeatRecord => {
      const computerNow = state.seats.at(i)?.isAI ?? true;
      return {
        name: taker.name,
        playerId: taker.playerId,
        computer: computerNow ? state.level : null,
        anonymous: taker.person && taker.playerId === null,
      };
    });
    return recordOfHand({
      id: this.id,
      tableId,
      mode: state.mode,
      options: { turnSeconds: state.turnSeconds, level: state.level, ...(state.casual ? { casual: true } : {}) },
      casual: state.casual,
      hand,
      moveTimes: this.#moveTimes,
      startedAt: this.startedAt,
      endedAt: Date.now(),
      seats,
    });
  }
}
