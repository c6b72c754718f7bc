/**
 * Arenas on record (arena/ directs them): the arena, its players with their running score,
 * and its pairings. A result is applied once, in one transaction (arena-results.ts).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database } from "../database/schema.js";
import type { StandingLine } from "../arena-rules/standings.js";
import { applyResult } from "./arena-results.js";
import { arenaOf, pairingOf, playerOf } from "./arena-rows.js";
import { isUuid } from "./uuid.js";

/** An arena's settings and where it stands. */
export interface ArenaRecord {
  id: string;
  name: string;
  minutes: number;
  startsAt: number; // epoch ms
  endsAt: number;
  rated: boolean;
  turnSeconds: number;
  berserk: boolean;
  streaks: boolean;
  minRatedHands: number;
  maxRating: number | null;
  createdBy: string | null;
  scheduleKey: string | null;
  podiumAt: number | null; // epoch ms the standings became final
}

/** What creating an arena takes. */
export type NewArena = Omit<ArenaRecord, "id" | "endsAt" | "podiumAt">;

/** A pairing as the director and the tables see it. */
export interface PairingRecord {
  id: string;
  arenaId: string;
  players: [string, string]; // seat 0, seat 1
  ratings: [number, number];
  roomId: string | null;
  createdAt: number;
  finished: boolean;
}

/** A finished hand of a pairing, as its table reports it. */
export interface PairingResult {
  winner: 0 | 1 | null; // seat; null = a draw
  void: boolean; // the table could not play the hand out: nobody scores
  quickDraw: boolean;
  moves: [number, number]; // own moves by seat
  berserk: [boolean, boolean];
}

/** A player's line with their pause record. */
export interface ArenaPlayerRecord extends StandingLine {
  paused: boolean;
  pauses: number;
  pausedAt: number | null;
  joinedAt: number;
}

export interface ArenaStore {
  create(arena: NewArena): Promise<string>;
  /** Creates the arena of `arena.scheduleKey` unless it exists (any number of processes may try at once). */
  ensureScheduled(arena: NewArena & { scheduleKey: string }): Promise<void>;
  get(id: string): Promise<ArenaRecord | null>;
  /** Upcoming, running, and the last `finished` finished, by start. */
  list(finished: number): Promise<ArenaRecord[]>;
  /** Takes the arenas due within `horizonMs` that nobody directs (or whose director's lease ran out, or `owner`'s own). */
  claim(owner: string, leaseMs: number, horizonMs: number): Promise<ArenaRecord[]>;
  /** Extends `owner`'s leases on `ids`; answers the ids it still holds. */
  renew(owner: string, ids: readonly string[], leaseMs: number): Promise<string[]>;
  /** Lets go of `owner`'s arenas (a graceful shutdown): another process takes them at once. */
  release(owner: string): Promise<void>;
  players(arenaId: string): Promise<ArenaPlayerRecord[]>;
  player(arenaId: string, playerId: string): Promise<ArenaPlayerRecord | null>;
  /** Adds a player (rating as they join); false when they were in already. */
  join(arenaId: string, playerId: string, name: string, rating: number): Promise<boolean>;
  setPaused(arenaId: string, playerId: string, paused: boolean, pauses: number, pausedAt: number | null): Promise<void>;
  /** Records new pairings (room ids follow once their tables exist). */
  addPairings(
    arenaId: string,
    pairs: { players: [string, string]; ratings: [number, number] }[],
  ): Promise<PairingRecord[]>;
  setRoom(pairingId: string, roomId: string): Promise<void>;
  pairings(arenaId: string): Promise<PairingRecord[]>;
  pairing(id: string): Promise<PairingRecord | null>;
  /** Applies a pairing's result once; null when it was applied before (or is unknown), else the two players' new lines. */
  applyResult(pairingId: string, result: PairingResult, streaks: boolean): Promise<ArenaPlayerRecord[] | null>;
  /** Sets the podium once the arena has ended and no pairing is in play; true when it did now. */
  publishPodium(arenaId: string): Promise<boolean>;
  /** The arenas a player played in, most recent first, with their rank. */
  ofPlayer(playerId: string, limit: number): Promise<{ arena: ArenaRecord; rank: number; score: number }[]>;
}

export function arenaStore(db: Kysely<Database>): ArenaStore {
  return {
    create: (arena) => createArena(db, arena),
    ensureScheduled: async (arena) => {
      await insertArena(db, arena)
        .onConflict((oc) => oc.column("schedule_key").doNothing())
        .execute();
    },
    get: async (id) => {
      const row = await db.selectFrom("arenas").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? arenaOf(row) : null;
    },
    list: async (finished) => {
      const [live, done] = await Promise.all([
        db.selectFrom("arenas").selectAll().where("podium_at", "is", null).orderBy("starts_at").limit(100).execute(),
        db
          .selectFrom("arenas")
          .selectAll()
          .where("podium_at", "is not", null)
          .orderBy("ends_at", "desc")
          .limit(finished)
          .execute(),
      ]);
      return [...live, ...done].map(arenaOf);
    },
    claim: async (owner, leaseMs, horizonMs) => {
      const rows = await db
        .updateTable("arenas")
        .set({ director: owner, lease_until: sql<Date>`now() + ${`${leaseMs} milliseconds`}::interval` })
        .where(
          "id",
          "in",
          db
            .selectFrom("arenas")
            .select("id")
            .where("podium_at", "is", null)
            .where("starts_at", "<", sql<Date>`now() + ${`${horizonMs} milliseconds`}::interval`)
            .where((eb) =>
              eb.or([eb("director", "is", null), eb("lease_until", "<", sql<Date>`now()`), eb("director", "=", owner)]),
            )
            .forUpdate()
            .skipLocked(),
        )
        .returningAll()
        .execute();
      return rows.map(arenaOf);
    },
    renew: async (owner, ids, leaseMs) => {
      if (ids.length === 0) return [];
      const rows = await db
        .updateTable("arenas")
        .set({ lease_until: sql<Date>`now() + ${`${leaseMs} milliseconds`}::interval` })
        .where("director", "=", owner)
        .where("id", "in", ids)
        .returning("id")
        .execute();
      return rows.map((r) => r.id);
    },
    release: async (owner) => {
      await db.updateTable("arenas").set({ director: null, lease_until: null }).where("director", "=", owner).execute();
    },
    players: async (arenaId) => {
      const rows = await db.selectFrom("arena_players").selectAll().where("arena_id", "=", arenaId).execute();
      return rows.map(playerOf);
    },
    player: async (arenaId, playerId) => {
      if (!isUuid(playerId)) return null;
      const row = await db
        .selectFrom("arena_players")
        .selectAll()
        .where("arena_id", "=", arenaId)
        .where("player_id", "=", playerId)
        .executeTakeFirst();
      return row ? playerOf(row) : null;
    },
    join: async (arenaId, playerId, name, rating) => {
      const r = await db
        .insertInto("arena_players")
        .values({ arena_id: arenaId, player_id: playerId, name, rating: Math.round(rating) })
        .onConflict((oc) => oc.columns(["arena_id", "player_id"]).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    setPaused: async (arenaId, playerId, paused, pauses, pausedAt) => {
      await db
        .updateTable("arena_players")
        .set({ paused, pauses, paused_at: pausedAt === null ? null : new Date(pausedAt) })
        .where("arena_id", "=", arenaId)
        .where("player_id", "=", playerId)
        .execute();
    },
    addPairings: async (arenaId, pairs) => {
      if (pairs.length === 0) return [];
      const rows = await db
        .insertInto("arena_pairings")
        .values(
          pairs.map((p) => ({
            id: randomUUID(),
            arena_id: arenaId,
            player_a: p.players[0],
            player_b: p.players[1],
            rating_a: Math.round(p.ratings[0]),
            rating_b: Math.round(p.ratings[1]),
          })),
        )
        .returningAll()
        .execute();
      return rows.map(pairingOf);
    },
    setRoom: async (pairingId, roomId) => {
      await db.updateTable("arena_pairings").set({ room_id: roomId }).where("id", "=", pairingId).execute();
    },
    pairings: async (arenaId) => {
      const rows = await db
        .selectFrom("arena_pairings")
        .selectAll()
        .where("arena_id", "=", arenaId)
        .orderBy("seq")
        .execute();
      return rows.map(pairingOf);
    },
    pairing: async (id) => {
      if (!isUuid(id)) return null;
      const row = await db.selectFrom("arena_pairings").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? pairingOf(row) : null;
    },
    applyResult: (pairingId, result, streaks) =>
      isUuid(pairingId)
        ? db.transaction().execute((trx) => applyResult(trx, pairingId, result, streaks))
        : Promise.resolve(null),
    publishPodium: async (arenaId) => {
      const r = await db
        .updateTable("arenas")
        .set({ podium_at: sql<Date>`now()` })
        .where("id", "=", arenaId)
        .where("podium_at", "is", null)
        .where("ends_at", "<=", sql<Date>`now()`)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("arena_pairings")
                .select("id")
                .where("arena_id", "=", arenaId)
                .where("finished_at", "is", null),
            ),
          ),
        )
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    ofPlayer: async (playerId, limit) => {
      if (!isUuid(playerId)) return [];
      const rows = await db
        .selectFrom("arena_players as me")
        .innerJoin("arenas", "arenas.id", "me.arena_id")
        .selectAll("arenas")
        .select(["me.score as my_score"])
        .select(
          sql<number>`(select count(*)::int + 1 from arena_players o where o.arena_id = me.arena_id and o.hands > 0 and (
            o.score > me.score or (o.score = me.score and o.performance_sum / o.hands > coalesce(me.performance_sum / nullif(me.hands, 0), -1e9))))`.as(
            "my_rank",
          ),
        )
        .where("me.player_id", "=", playerId)
        .where("me.hands", ">", 0)
        .orderBy("arenas.starts_at", "desc")
        .limit(limit)
        .execute();
      return rows.map((row) => ({ arena: arenaOf(row), rank: row.my_rank, score: row.my_score }));
    },
  };
}

function insertArena(db: Kysely<Database>, arena: NewArena) {
  return db.insertInto("arenas").values({
    id: randomBytes(6).toString("base64url"),
    name: arena.name,
    minutes: arena.minutes,
    starts_at: new Date(arena.startsAt),
    ends_at: new Date(arena.startsAt + arena.minutes * 60_000),
    rated: arena.rated,
    turn_seconds: arena.turnSeconds,
    berserk: arena.berserk,
    streaks: arena.streaks,
    min_rated_hands: arena.minRatedHands,
    max_rating: arena.maxRating,
    created_by: arena.createdBy,
    schedule_key: arena.scheduleKey,
  });
}

async function createArena(db: Kysely<Database>, arena: NewArena): Promise<string> {
  const row = await insertArena(db, arena).returning("id").executeTakeFirstOrThrow();
  return row.id;
}
