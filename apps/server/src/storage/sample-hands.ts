/**
 * Real hands for the storage tests and the storage benchmark: dealt and played to the end
 * by the engine, and turned into HandRecords the way the room will. Moves are greedy's
 * with one in five a random legal move: purely random play mostly circles until the turn
 * limit, purely greedy play repeats itself; the mix ends hands every way the rules allow.
 */
import { greedyMove } from "@yourtrumps/ai";
import { Rng, applyMove, legalMoves, newHand, viewFor, type Hand, type PlayerCount } from "@yourtrumps/engine";
import type { Mode } from "@yourtrumps/protocol";
import { ratedSeats } from "../ratings/rated-seats.js";
import type { HandRecord, SeatRecord } from "./hand-record.js";

/** A hand dealt from `seed` and played out; `randomShare` of the moves random (1: all, which mostly reaches the turn limit). */
export function playedHand(players: PlayerCount, seed: number, randomShare = 0.2): Hand {
  const rng = new Rng(`moves ${seed}`);
  let hand = newHand({ players, seed });
  while (hand.result === null) {
    const moves = legalMoves(hand);
    const move = rng.next() < randomShare ? moves[rng.int(moves.length)]! : greedyMove(viewFor(hand, hand.toMove));
    const r = applyMove(hand, move);
    if (!r.ok) throw new Error(r.error.message);
    hand = r.hand;
  }
  return hand;
}

export const person = (playerId: string, name = "Someone"): SeatRecord => ({
  name,
  playerId,
  computer: null,
  anonymous: false,
});
export const computerSeat = (level: SeatRecord["computer"] = "medium"): SeatRecord => ({
  name: `Computer (${level})`,
  playerId: null,
  computer: level,
  anonymous: false,
});

export interface RecordOptions {
  id: string;
  seats: SeatRecord[];
  mode?: Mode; // default "quick"
  endedAt?: Date; // default now
  rated?: boolean; // default: whatever ratedSeats says
}

/** The record of a finished hand; moves one second apart, ending at `endedAt`. */
export function recordOf(hand: Hand, o: RecordOptions): HandRecord {
  if (hand.result === null || hand.setup.kind !== "deal") throw new Error("recordOf needs a finished, dealt hand");
  const mode = o.mode ?? "quick";
  const endedAt = o.endedAt ?? new Date();
  const startedAt = new Date(endedAt.getTime() - hand.log.length * 1000);
  const rated =
    o.rated === false
      ? null
      : ratedSeats({ mode, reason: hand.result.reason, places: hand.result.places, seats: o.seats });
  return {
    id: o.id,
    tableId: `table-${o.id}`,
    mode,
    setup: hand.setup,
    options: { turnSeconds: 30 },
    log: hand.log,
    moveTimes: hand.log.map((_, i) => (i + 1) * 1000),
    result: hand.result,
    startedAt,
    endedAt,
    seats: o.seats,
    rated,
  };
}
