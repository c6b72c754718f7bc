/** Players: a guest identity made on first visit (with its first session), a profile, a display name changed at will. */
import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { LICHESS, isProvisional } from "../ratings/glicko.js";
import { RATING_KINDS, ratingKindFor, type RatingKind } from "../ratings/rating-kind.js";
import { cleanName } from "@yourtrumps/protocol";
import type { Database, Outcome } from "../database/schema.js";
import type { Device } from "./sessions.js";
import { createSession } from "./sessions.js";
import { isUuid } from "./uuid.js";

export interface NewPlayer {
  id: string;
  token: string; // give it to the browser once; it is not stored and cannot be shown again
  name: string;
  sessionId: string; // the session the token opens
}

export interface PlayerName {
  id: string;
  name: string;
}

export interface RatingSummary {
  rating: number;
  rd: number;
  provisional: boolean; // rd > 110
  games: number; // rated hands
}

export interface PlayerProfile {
  id: string;
  name: string;
  handle: string | null; // the account's handle; null for a guest (or a closed account)
  createdAt: Date;
  ratings: Record<RatingKind, RatingSummary>; // a kind never played shows a new player's rating
  record: Record<Outcome, number>; // every recorded hand, rated or not
  records: Record<RatingKind, Record<Outcome, number>>; // the same hands by table size: duels, and tables of 3–4
  marked: boolean; // a moderator marked the player: no rated play, off the leaderboards (moderation/)
}

/** Thrown for a name that is empty once cleaned (the HTTP API answers 400). */
export class InvalidNameError extends Error {
  override name = "InvalidNameError";
}

/** "Guest 3F2A", from the id, for a player who gave no name. */
export function guestName(id: string): string {
  return `Guest ${id.slice(0, 4).toUpperCase()}`;
}

/** A new guest and its first session, on `device`. */
export async function createPlayer(db: Kysely<Database>, name?: string, device?: Device): Promise<NewPlayer> {
  const id = randomUUID();
  const player = { id, name: cleanName(name) || guestName(id) };
  return db.transaction().execute(async (tx) => {
    await tx.insertInto("players").values(player).execute();
    const session = await createSession(tx, id, device ?? { browser: "", system: "" });
    return { ...player, token: session.token, sessionId: session.id };
  });
}

/** Renames a player; null when there is no such player. Throws InvalidNameError for a name that cleans to nothing. */
export async function renamePlayer(db: Kysely<Database>, id: string, name: string): Promise<PlayerName | null> {
  const clean = cleanName(name);
  if (clean === "") throw new InvalidNameError("a name needs at least one visible character");
  if (!isUuid(id)) return null;
  const row = await db
    .updateTable("players")
    .set({ name: clean })
    .where("id", "=", id)
    .returning(["id", "name"])
    .executeTakeFirst();
  return row ?? null;
}

export async function getPlayer(db: Kysely<Database>, id: string): Promise<PlayerProfile | null> {
  if (!isUuid(id)) return null;
  const player = await db
    .selectFrom("players")
    .select(["id", "name", "handle", "created_at", "marked_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (player === undefined) return null;
  const [ratings, outcomes] = await Promise.all([
    db.selectFrom("ratings").select(["kind", "rating", "rd", "games"]).where("player_id", "=", id).execute(),
    db
      .selectFrom("game_seats")
      .innerJoin("games", "games.id", "game_seats.game_id")
      .select(["games.players", "game_seats.outcome", sql<number>`count(*)::int`.as("hands")])
      .where("game_seats.player_id", "=", id)
      .groupBy(["games.players", "game_seats.outcome"])
      .execute(),
  ]);
  const summary = (kind: RatingKind): RatingSummary => {
    const r = ratings.find((row) => row.kind === kind) ?? { ...LICHESS.initial, games: 0 };
    return { rating: r.rating, rd: r.rd, provisional: isProvisional(r.rd), games: r.games };
  };
  const count = (outcome: Outcome, kind?: RatingKind): number =>
    outcomes
      .filter((row) => row.outcome === outcome && (kind === undefined || ratingKindFor(row.players) === kind))
      .reduce((sum, row) => sum + row.hands, 0);
  const record = (kind?: RatingKind): Record<Outcome, number> => ({
    won: count("won", kind),
    drawn: count("drawn", kind),
    lost: count("lost", kind),
  });
  return {
    id: player.id,
    name: player.name,
    handle: player.handle,
    createdAt: player.created_at,
    ratings: Object.fromEntries(RATING_KINDS.map((kind) => [kind, summary(kind)])) as Record<RatingKind, RatingSummary>,
    record: record(),
    records: Object.fromEntries(RATING_KINDS.map((kind) => [kind, record(kind)])) as PlayerProfile["records"],
    marked: player.marked_at !== null,
  };
}
