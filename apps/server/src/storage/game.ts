/** One recorded hand in full: what `GET /api/games/:id` shows, and enough to replay it. */
import type { HandResult, Move, Suit } from "@yourtrumps/engine";
import type { Level, Mode } from "@yourtrumps/protocol";
import type { Kysely } from "kysely";
import type { JsonObject } from "../database/json.js";
import type { Database, DealSetup, Outcome } from "../database/schema.js";

export interface GameSeat {
  seat: number;
  name: string;
  playerId: string | null;
  computer: Level | null; // the level that held the seat at the end
  anonymous: boolean;
  place: number;
  outcome: Outcome;
  ratingBefore: number | null; // null: not rated
  ratingAfter: number | null;
  marked: boolean; // the seat's player is marked by a moderator now: their results stand, flagged (moderation/)
}

export interface GameRecord {
  id: string;
  tableId: string;
  mode: Mode;
  players: number;
  setup: DealSetup; // replay(setup, log) rebuilds the hand
  seed: number | string;
  dealer: number;
  trumps: Suit[]; // by seat
  options: JsonObject & { sixesToOwner: boolean; maxTurns: number }; // the deal's rule options and the table's
  log: Move[];
  moveTimes: number[]; // per move: milliseconds after startedAt
  result: HandResult;
  rated: boolean;
  seats: GameSeat[]; // by seat
  startedAt: Date;
  endedAt: Date;
}

/** The recorded hand with this id, or null. */
export async function getGame(db: Kysely<Database>, id: string): Promise<GameRecord | null> {
  const [game, seats] = await Promise.all([
    db.selectFrom("games").selectAll().where("id", "=", id).executeTakeFirst(),
    db
      .selectFrom("game_seats as s")
      .leftJoin("players as p", "p.id", "s.player_id")
      .selectAll("s")
      .select("p.marked_at")
      .where("s.game_id", "=", id)
      .orderBy("s.seat")
      .execute(),
  ]);
  if (game === undefined) return null;
  const { setup } = game;
  return {
    id: game.id,
    tableId: game.table_id,
    mode: game.mode,
    players: game.players,
    setup,
    seed: setup.seed,
    dealer: setup.dealer,
    trumps: setup.trumps,
    options: { ...game.options, sixesToOwner: setup.sixesToOwner, maxTurns: setup.maxTurns },
    log: game.log,
    moveTimes: game.move_times,
    result: game.result,
    rated: game.rated,
    seats: seats.map((s) => ({
      seat: s.seat,
      name: s.name,
      playerId: s.player_id,
      computer: s.computer,
      anonymous: s.anonymous,
      place: s.place,
      outcome: s.outcome,
      ratingBefore: s.rating_before,
      ratingAfter: s.rating_after,
      marked: s.marked_at !== null,
    })),
    startedAt: game.started_at,
    endedAt: game.ended_at,
  };
}
