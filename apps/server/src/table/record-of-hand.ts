/**
 * A finished hand as the storage records it: the engine's setup, log and result, the
 * room's times and seats, and whether (and whom) it rates — ratedSeats decides, the
 * storage only applies. Pure, so every way a hand can end is testable with engine hands.
 */
import type { Hand } from "@yourtrumps/engine";
import type { Mode } from "@yourtrumps/protocol";
import { ratedSeats } from "../ratings/rated-seats.js";
import type { HandRecord, JsonObject, SeatRecord } from "../storage/index.js";

export interface FinishedHand {
  id: string; // the hand id the table showed as `handId`
  tableId: string; // the room's id
  mode: Mode;
  casual?: boolean; // a casual private table: the hand is never rated
  options: JsonObject; // the table's options beyond the deal
  hand: Hand; // dealt by newHand, with a result (the engine's own, or `abandon`'s)
  moveTimes: readonly number[]; // per move of hand.log: milliseconds after startedAt
  startedAt: number; // epoch ms of the deal
  endedAt: number; // epoch ms of the result
  seats: readonly SeatRecord[]; // by seat
}

export function recordOfHand(f: FinishedHand): HandRecord {
  const { hand } = f;
  if (hand.setup.kind !== "deal")
    throw new Error(`hand ${f.id}: a table deals every hand, this one started from a position`);
  if (hand.result === null) throw new Error(`hand ${f.id} has no result yet`);
  const seats = f.seats.map((s) => ({ ...s }));
  return {
    id: f.id,
    tableId: f.tableId,
    mode: f.mode,
    setup: hand.setup,
    options: f.options,
    log: hand.log.slice(),
    moveTimes: f.moveTimes.slice(),
    result: hand.result,
    startedAt: new Date(f.startedAt),
    endedAt: new Date(Math.max(f.endedAt, f.startedAt)), // the wall clock may step back during a hand
    seats,
    rated:
      f.casual === true
        ? null
        : ratedSeats({ mode: f.mode, reason: hand.result.reason, places: hand.result.places, seats }),
  };
}
