/**
 * One hand, one transaction: the game row, its seats and, when rated, the rating
 * updates commit together or not at all.
 *
 * Idempotent on the hand id: the game row is inserted with `on conflict do nothing`, and
 * seats and ratings are written only by the transaction whose insert happened, so a retry
 * after a lost acknowledgement, or the same record written twice, changes nothing.
 *
 * Two processes may finish hands of the same player at the same moment. Each transaction
 * locks the ratings rows it reads (`select … for update`) in player-id order, so the second
 * waits for the first and rates from the first's result: no update is lost, and two hands
 * sharing players in different seat orders cannot deadlock.
 *
 * A duel with a person's seat is queued for its mistake search in the same transaction
 * (mistake-searches.ts): recorded means queued, whatever happens to the process after.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import { LICHESS, type Glicko } from "../ratings/glicko.js";
import { rateHand } from "../ratings/rate-hand.js";
import { leftTheHand, type RatedHand } from "../ratings/rated-seats.js";
import { checkRecord, type HandRecord } from "./hand-record.js";
import { json } from "../database/json.js";
import { personSeats } from "./mistake-searches.js";
import { seatOutcome } from "./outcome.js";
import type { Database } from "../database/schema.js";

/** "recorded": this call wrote it; "duplicate": a record with this id was already there (nothing changed). */
export type RecordResult = "recorded" | "duplicate";

interface RatingChange {
  before: number;
  after: number;
}

/** Writes one hand; throws RecordError for a record that can never be written. */
export async function recordHand(db: Kysely<Database>, record: HandRecord): Promise<RecordResult> {
  checkRecord(record);
  return db.transaction().execute(async (trx) => {
    // A marked player's hands are never rated (moderation/): nobody's rating moves for a hand with one in it.
    if (
      record.rated !== null &&
      (await anyMarked(
        trx,
        record.rated.seats.map((s) => s.playerId),
      ))
    )
      record = { ...record, rated: null };
    const inserted = await trx
      .insertInto("games")
      .values({
        id: record.id,
        table_id: record.tableId,
        mode: record.mode,
        players: record.setup.players,
        setup: json(record.setup),
        options: json(record.options ?? {}),
        log: json(record.log),
        move_times: json(record.moveTimes),
        result: json(record.result),
        started_at: record.startedAt,
        ended_at: record.endedAt,
        rated: record.rated !== null,
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted === undefined) return "duplicate";

    const changes = record.rated === null ? new Map<number, RatingChange>() : await applyRatings(trx, record.rated);
    await trx
      .insertInto("game_seats")
      .values(
        record.seats.map((s, seat) => ({
          game_id: record.id,
          seat,
          player_id: s.playerId,
          computer: s.computer,
          anonymous: s.anonymous,
          name: s.name,
          place: record.result.places[seat]!,
          outcome: seatOutcome(record.result, seat, leftTheHand(s)),
          rating_before: changes.get(seat)?.before ?? null,
          rating_after: changes.get(seat)?.after ?? null,
          ended_at: record.endedAt,
        })),
      )
      .execute();
    if (personSeats(record).length > 0)
      await trx.insertInto("mistake_searches").values({ game_id: record.id }).execute();
    return "recorded";
  });
}

/** Whether any of `playerIds` is marked by a moderator. */
async function anyMarked(trx: Transaction<Database>, playerIds: string[]): Promise<boolean> {
  if (playerIds.length === 0) return false;
  const row = await trx
    .selectFrom("players")
    .select("id")
    .where("id", "in", playerIds)
    .where("marked_at", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Locks, rates and updates the rated seats' ratings; the change by seat. */
async function applyRatings(trx: Transaction<Database>, rated: RatedHand): Promise<Map<number, RatingChange>> {
  const ids = rated.seats.map((s) => s.playerId).sort(); // lowercase uuids: string order is uuid order
  const { rating, rd, volatility } = LICHESS.initial;
  // Rows must exist to be locked: a player's first rated hand of this kind makes theirs.
  await trx
    .insertInto("ratings")
    .values(ids.map((id) => ({ player_id: id, kind: rated.kind, rating, rd, volatility })))
    .onConflict((oc) => oc.columns(["player_id", "kind"]).doNothing())
    .execute();
  const rows = await trx
    .selectFrom("ratings")
    .select(["player_id", "rating", "rd", "volatility"])
    .where("kind", "=", rated.kind)
    .where("player_id", "in", ids)
    .orderBy("player_id")
    .forUpdate()
    .execute();
  const before = new Map<string, Glicko>(
    rows.map((r) => [r.player_id, { rating: r.rating, rd: r.rd, volatility: r.volatility }]),
  );
  const glickoOf = (playerId: string): Glicko => {
    const g = before.get(playerId);
    if (g === undefined) throw new Error(`no ratings row for ${playerId} after creating it`);
    return g;
  };
  const after = rateHand(rated.seats.map((s) => ({ before: glickoOf(s.playerId), place: s.place })));
  const changes = new Map<number, RatingChange>();
  for (const [i, s] of rated.seats.entries()) {
    const next = after[i]!;
    await trx
      .updateTable("ratings")
      .set((eb) => ({
        rating: next.rating,
        rd: next.rd,
        volatility: next.volatility,
        games: eb("games", "+", 1),
        updated_at: sql<Date>`now()`,
      }))
      .where("player_id", "=", s.playerId)
      .where("kind", "=", rated.kind)
      .execute();
    changes.set(s.seat, { before: glickoOf(s.playerId).rating, after: next.rating });
  }
  return changes;
}
