/** A player's hands, newest first, a page at a time. */
import type { HandResult } from "@yourtrumps/engine";
import type { Level, Mode } from "@yourtrumps/protocol";
import type { Kysely } from "kysely";
import { HistoryQueryError, decodeCursor, encodeCursor } from "./history-cursor.js";
import type { Database, Outcome } from "../database/schema.js";
import { isUuid } from "./uuid.js";

export const HISTORY_DEFAULT_LIMIT = 20;
export const HISTORY_MAX_LIMIT = 100;

export interface HistoryQuery {
  before?: string | undefined; // `next` of the previous page
  limit?: number | undefined; // 1–100, default 20
}

export interface Opponent {
  seat: number;
  name: string;
  playerId: string | null;
  computer: Level | null; // the level that held the seat at the end
  marked: boolean; // marked by a moderator now: the hand's result stands, flagged (moderation/)
}

export interface HistoryGame {
  id: string;
  mode: Mode;
  players: number;
  result: HandResult;
  seat: number; // the player's seat
  place: number;
  outcome: Outcome;
  opponents: Opponent[]; // every other seat, by seat
  endedAt: Date;
  ratingDelta: number | null; // null: the seat was not rated
}

export interface HistoryPage {
  games: HistoryGame[];
  next: string | null; // the cursor of the following page; null on the last
}

/** Throws HistoryQueryError for a bad cursor or limit. An unknown player has an empty history. */
export async function playerGames(
  db: Kysely<Database>,
  playerId: string,
  query: HistoryQuery = {},
): Promise<HistoryPage> {
  const limit = query.limit ?? HISTORY_DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > HISTORY_MAX_LIMIT)
    throw new HistoryQueryError("limit", `limit must be a whole number from 1 to ${HISTORY_MAX_LIMIT}`);
  const after = query.before === undefined ? null : decodeCursor(query.before);
  if (!isUuid(playerId)) return { games: [], next: null };

  let rows = db
    .selectFrom("game_seats as s")
    .innerJoin("games as g", "g.id", "s.game_id")
    .select([
      "g.id",
      "g.mode",
      "g.players",
      "g.result",
      "s.seat",
      "s.place",
      "s.outcome",
      "s.rating_before",
      "s.rating_after",
      "s.ended_at",
    ])
    .where("s.player_id", "=", playerId);
  if (after !== null) {
    rows = rows.where((eb) =>
      eb(eb.refTuple("s.ended_at", "s.game_id", "s.seat"), "<", eb.tuple(after.endedAt, after.gameId, after.seat)),
    );
  }
  const found = await rows
    .orderBy("s.ended_at", "desc")
    .orderBy("s.game_id", "desc")
    .orderBy("s.seat", "desc")
    .limit(limit + 1)
    .execute();
  const page = found.slice(0, limit);
  if (page.length === 0) return { games: [], next: null };

  const seats = await db
    .selectFrom("game_seats as s")
    .leftJoin("players as p", "p.id", "s.player_id")
    .select(["s.game_id", "s.seat", "s.name", "s.player_id", "s.computer", "p.marked_at"])
    .where(
      "s.game_id",
      "in",
      page.map((r) => r.id),
    )
    .orderBy("s.game_id")
    .orderBy("s.seat")
    .execute();
  const last = page[page.length - 1]!;
  return {
    games: page.map((r) => ({
      id: r.id,
      mode: r.mode,
      players: r.players,
      result: r.result,
      seat: r.seat,
      place: r.place,
      outcome: r.outcome,
      opponents: seats
        .filter((s) => s.game_id === r.id && s.seat !== r.seat)
        .map((s) => ({
          seat: s.seat,
          name: s.name,
          playerId: s.player_id,
          computer: s.computer,
          marked: s.marked_at !== null,
        })),
      endedAt: r.ended_at,
      ratingDelta: r.rating_before === null || r.rating_after === null ? null : r.rating_after - r.rating_before,
    })),
    next: found.length > limit ? encodeCursor({ endedAt: last.ended_at, gameId: last.id, seat: last.seat }) : null,
  };
}
