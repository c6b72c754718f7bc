/** The best established ratings of one kind. */
import { sql, type Kysely } from "kysely";
import { PROVISIONAL_RD } from "../ratings/glicko.js";
import type { RatingKind } from "../ratings/rating-kind.js";
import type { Database } from "../database/schema.js";

export const LEADERBOARD_SIZE = 100;

export interface LeaderboardEntry {
  rank: number; // 1 = best
  playerId: string;
  name: string;
  rating: number;
  rd: number;
  games: number;
}

/** The top 100 non-provisional account holders (RD ≤ 110) by rating; ties in id order. */
export async function leaderboard(db: Kysely<Database>, kind: RatingKind): Promise<LeaderboardEntry[]> {
  const rows = await db
    .selectFrom("ratings as r")
    .innerJoin("players as p", "p.id", "r.player_id")
    .select(["r.player_id", "p.name", "r.rating", "r.rd", "r.games"])
    .where("r.kind", "=", kind)
    .where("p.handle", "is not", null) // account holders only: guests play rated, and their rating carries into the account they claim
    // A literal, not a parameter, so the planner matches the partial index `ratings_leaderboard` (rd <= 110).
    .where("r.rd", "<=", sql.lit(PROVISIONAL_RD))
    .orderBy("r.rating", "desc")
    .orderBy("r.player_id")
    .limit(LEADERBOARD_SIZE)
    .execute();
  return rows.map((r, i) => ({
    rank: i + 1,
    playerId: r.player_id,
    name: r.name,
    rating: r.rating,
    rd: r.rd,
    games: r.games,
  }));
}
