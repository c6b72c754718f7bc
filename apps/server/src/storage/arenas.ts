/**
 * Arenas on record (arena/ directs them): the arena, its players with their running score,
 * and its pairings. A result is applied in one transaction that finishes the pairing only
 * if it was not finished yet, then works each player's sheet out again from their finished
 * pairings (arena/sheet.ts): a result sent twice — a table restored after a crash finishing
 * its hand again — counts once, and a player's score is always their pairings' score.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../database/schema.js";
import { sheetOf, type HandOutcome } from "../arena-rules/sheet.js";
import { performanceOfHand, type StandingLine } from "../arena-rules/standings.js";
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

/** One result, in the caller's transaction: the pairing finished once, then both players' lines from their pairings. */
async function applyResult(
  trx: Transaction<Database>,
  pairingId: string,
  result: PairingResult,
  streaks: boolean,
): Promise<ArenaPlayerRecord[] | null> {
  const outcome = result.void ? "void" : result.winner === null ? "draw" : result.winner === 0 ? "a" : "b";
  const finished = await trx
    .updateTable("arena_pairings")
    .set({
      finished_at: sql<Date>`now()`,
      result: outcome,
      quick_draw: result.quickDraw,
      moves_a: result.moves[0],
      moves_b: result.moves[1],
      berserk_a: result.berserk[0],
      berserk_b: result.berserk[1],
    })
    .where("id", "=", pairingId)
    .where("finished_at", "is", null)
    .returning(["arena_id", "player_a", "player_b"])
    .executeTakeFirst();
  if (!finished) return null;
  const lines: ArenaPlayerRecord[] = [];
  for (const playerId of [finished.player_a, finished.player_b]) {
    const played = await trx
      .selectFrom("arena_pairings")
      .selectAll()
      .where("arena_id", "=", finished.arena_id)
      .where((eb) => eb.or([eb("player_a", "=", playerId), eb("player_b", "=", playerId)]))
      .where("result", "in", ["a", "b", "draw"])
      .orderBy("seq")
      .execute();
    const outcomes: HandOutcome[] = [];
    let performanceSum = 0;
    let wins = 0;
    let berserks = 0;
    for (const p of played) {
      const seat = p.player_a === playerId ? 0 : 1;
      const res = p.result === "draw" ? "draw" : (p.result === "a") === (seat === 0) ? "win" : "loss";
      const berserk = seat === 0 ? p.berserk_a : p.berserk_b;
      outcomes.push({ result: res, quickDraw: p.quick_draw, berserk, ownMoves: seat === 0 ? p.moves_a : p.moves_b });
      performanceSum += performanceOfHand(seat === 0 ? p.rating_b : p.rating_a, res);
      if (res === "win") wins++;
      if (berserk) berserks++;
    }
    const sheet = sheetOf(outcomes, streaks);
    const row = await trx
      .updateTable("arena_players")
      .set((eb) => ({
        score: sheet.total,
        hands: played.length,
        wins,
        berserks,
        fire: sheet.fire,
        performance_sum: performanceSum,
        // who reached the score first: the time stays when a hand left the score as it was
        reached_at: eb
          .case()
          .when("score", "=", sheet.total)
          .then(eb.ref("reached_at"))
          .else(sql<Date>`now()`)
          .end(),
      }))
      .where("arena_id", "=", finished.arena_id)
      .where("player_id", "=", playerId)
      .returningAll()
      .executeTakeFirst();
    if (row) lines.push(playerOf(row));
  }
  return lines;
}

function arenaOf(row: {
  id: string;
  name: string;
  minutes: number;
  starts_at: Date;
  ends_at: Date;
  rated: boolean;
  turn_seconds: number;
  berserk: boolean;
  streaks: boolean;
  min_rated_hands: number;
  max_rating: number | null;
  created_by: string | null;
  schedule_key: string | null;
  podium_at: Date | null;
}): ArenaRecord {
  return {
    id: row.id,
    name: row.name,
    minutes: row.minutes,
    startsAt: row.starts_at.getTime(),
    endsAt: row.ends_at.getTime(),
    rated: row.rated,
    turnSeconds: row.turn_seconds,
    berserk: row.berserk,
    streaks: row.streaks,
    minRatedHands: row.min_rated_hands,
    maxRating: row.max_rating,
    createdBy: row.created_by,
    scheduleKey: row.schedule_key,
    podiumAt: row.podium_at?.getTime() ?? null,
  };
}

function playerOf(row: {
  player_id: string;
  name: string;
  rating: number;
  joined_at: Date;
  paused: boolean;
  pauses: number;
  paused_at: Date | null;
  score: number;
  hands: number;
  wins: number;
  berserks: number;
  fire: boolean;
  performance_sum: number;
  reached_at: Date | null;
}): ArenaPlayerRecord {
  return {
    playerId: row.player_id,
    name: row.name,
    rating: row.rating,
    score: row.score,
    hands: row.hands,
    wins: row.wins,
    berserks: row.berserks,
    fire: row.fire,
    performanceSum: row.performance_sum,
    reachedAt: row.reached_at?.getTime() ?? 0,
    paused: row.paused,
    pauses: row.pauses,
    pausedAt: row.paused_at?.getTime() ?? null,
    joinedAt: row.joined_at.getTime(),
  };
}

function pairingOf(row: {
  id: string;
  arena_id: string;
  player_a: string;
  player_b: string;
  rating_a: number;
  rating_b: number;
  room_id: string | null;
  created_at: Date;
  finished_at: Date | null;
}): PairingRecord {
  return {
    id: row.id,
    arenaId: row.arena_id,
    players: [row.player_a, row.player_b],
    ratings: [row.rating_a, row.rating_b],
    roomId: row.room_id,
    createdAt: row.created_at.getTime(),
    finished: row.finished_at !== null,
  };
}
