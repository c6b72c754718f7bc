/**
 * What the room hands the storage when a hand ends: enough to rebuild the hand exactly
 * (`replay(setup, log)`), to show who sat where, and — when `rated` is set — to apply
 * ratings. The room decides `rated` (ratings/rated-seats.ts); the storage only applies it.
 */
import type { HandResult, Move } from "@yourtrumps/engine";
import type { Level, Mode } from "@yourtrumps/protocol";
import type { RatedHand } from "../ratings/rated-seats.js";
import { ratingKindFor } from "../ratings/rating-kind.js";
import type { JsonObject } from "../database/json.js";
import type { DealSetup } from "../database/schema.js";
import { isPlayerId } from "./uuid.js";

export interface SeatRecord {
  name: string; // as shown at the table
  playerId: string | null; // the identified person who took the seat; null: a computer seat or a person without an identity
  computer: Level | null; // the computer level holding the seat at the end; null: a person held it to the end
  anonymous: boolean; // a person without an identity took the seat
}

export interface HandRecord {
  id: string; // the hand id: a second write of the same id is a no-op
  tableId: string;
  mode: Mode;
  setup: DealSetup; // hand.setup
  options?: JsonObject; // table options beyond the deal (turnSeconds, …)
  log: Move[]; // hand.log
  moveTimes: number[]; // per move: milliseconds after startedAt
  result: HandResult;
  startedAt: Date;
  endedAt: Date;
  seats: SeatRecord[]; // by seat
  rated: RatedHand | null; // from ratedSeats(); null = not rated
}

/** A record that can never be written (a bug in the caller, not a database outage). */
export class RecordError extends Error {
  override name = "RecordError";
}

/** Throws RecordError naming the first thing that does not fit. */
export function checkRecord(r: HandRecord): void {
  const fail = (why: string): never => {
    throw new RecordError(`hand ${r.id}: ${why}`);
  };
  if (r.id.length < 1 || r.id.length > 100) fail("the id must have 1 to 100 characters");
  const players = r.setup.players;
  if (r.seats.length !== players) fail(`${r.seats.length} seats for ${players} players`);
  if (r.result.places.length !== players) fail(`${r.result.places.length} places for ${players} players`);
  if (r.result.places.some((p) => !Number.isInteger(p) || p < 1 || p > players))
    fail(`places ${JSON.stringify(r.result.places)} are not 1 to ${players}`);
  if (r.moveTimes.length !== r.log.length) fail(`${r.moveTimes.length} move times for ${r.log.length} moves`);
  if (r.moveTimes.some((t) => !Number.isFinite(t) || t < 0)) fail("move times must be milliseconds after the start");
  if (!(r.endedAt.getTime() >= r.startedAt.getTime())) fail("it must end after it started");
  r.seats.forEach((s, seat) => {
    if (s.playerId !== null && !isPlayerId(s.playerId)) fail(`seat ${seat}: ${s.playerId} is not a player id`);
    if (s.playerId !== null && s.anonymous) fail(`seat ${seat} is anonymous and has a player id`);
  });
  if (r.rated !== null) {
    if (r.rated.kind !== ratingKindFor(players)) fail(`a ${players}-player hand is not rated as ${r.rated.kind}`);
    if (r.rated.seats.length < 2) fail("a rated hand needs two rated seats");
    for (const s of r.rated.seats) {
      if (r.seats[s.seat]?.playerId !== s.playerId) fail(`rated seat ${s.seat} is not held by ${s.playerId}`);
    }
    if (new Set(r.rated.seats.map((s) => s.playerId)).size < r.rated.seats.length) fail("a player is rated twice");
  }
}
