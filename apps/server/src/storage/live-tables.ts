/**
 * Tables in play, on record as they are played, so a deploy or a crash ends no game.
 *
 * A table is a row (its snapshot: seats, phase, the hand's setup, clocks, options) and
 * the moves of its hand in play, one row each, appended as they land: a move costs one
 * small insert rather than a rewrite of the table. Writes come in batches (the journal's
 * group commit, durability/table-journal.ts), one call of the database function
 * live_journal_write each (migration 0006).
 *
 * Each row is owned by one process, under that process's lease (one row of live_owners,
 * renewed while it lives: one small update, whatever the number of its tables). A process
 * claims rows that nobody owns (released by a graceful shutdown), rows whose owner's lease
 * ran out (a crashed owner) and its own (restarted under the same LIVE_OWNER name). Claiming
 * is one `update … where room_id in (select … for update skip locked)`: two processes
 * claiming at once never get the same table. A write by an owner that lost its lease
 * does not apply, and says so, so two processes never play one table on.
 */
import { sql, type Kysely, type RawBuilder } from "kysely";
import { json, type JsonObject } from "../database/json.js";
import type { Database } from "../database/schema.js";

/** A table's row as its owner writes it. */
export interface LiveTableWrite {
  roomId: string;
  snapshot: JsonObject;
  handId: string | null; // the hand in play; moves of any other hand of this table are dropped
}

/** A move as it is appended. */
export interface LiveMoveWrite {
  roomId: string;
  handId: string;
  ply: number;
  move: string; // "TS", or "P"
  atMs: number; // after the hand's start
}

/** One batch: everything the tables changed since the last one. */
export interface LiveBatch {
  save: LiveTableWrite[];
  moves: LiveMoveWrite[];
  drop: string[]; // tables that are gone: finished with, nobody to come back
  again?: boolean; // holds a batch whose commit failed: some of it may be on record already
}

/** A claimed table, with what its restore needs. */
export interface ClaimedTable {
  roomId: string;
  snapshot: JsonObject;
  handId: string | null;
  moves: { ply: number; move: string; atMs: number }[]; // of the hand in play, in order
  lastAliveAt: number; // epoch ms: when its previous owner let it go, or was last known alive
}

export interface LiveTables {
  /** One transaction. Answers the tables of `save` that `owner` no longer owns (nothing was written for them). */
  write(batch: LiveBatch, owner: string, leaseMs: number): Promise<string[]>;
  /**
   * Takes up to `limit` tables nobody plays, for `owner`, in room-id order after `after`
   * (a cursor: a restore pages through them); with `includeOwn` also those `owner` held
   * before (its start after a crash) — which, once claimed, are its own again, hence the cursor.
   */
  claim(owner: string, leaseMs: number, limit: number, includeOwn: boolean, after?: string): Promise<ClaimedTable[]>;
  /** Extends the lease of `owner` (on every table it plays). */
  renew(owner: string, leaseMs: number): Promise<void>;
  /** Lets go of the tables of `owner` (all, or those in `roomIds`) for another process to claim at once. */
  release(owner: string, roomIds?: readonly string[]): Promise<number>;
  /** How many tables are on record, and how many of them have no live owner. */
  count(): Promise<{ tables: number; unowned: number }>;
}

export function liveTables(db: Kysely<Database>): LiveTables {
  return {
    write: (batch, owner, leaseMs) => writeBatch(db, batch, owner, leaseMs),
    claim: (owner, leaseMs, limit, includeOwn, after = "") => claimTables(db, owner, leaseMs, limit, includeOwn, after),
    renew: async (owner, leaseMs) => {
      await sql`${leaseOf(owner, leaseMs)}`.execute(db);
    },
    release: async (owner, roomIds) => {
      if (roomIds?.length === 0) return 0;
      let q = db
        .updateTable("live_tables")
        .set({ owner: null, stopped_at: sql<Date>`now()` })
        .where("owner", "=", owner);
      if (roomIds) q = q.where("room_id", "in", roomIds);
      const r = await q.executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
    count: async () => {
      const row = await db
        .selectFrom("live_tables as l")
        .leftJoin("live_owners as o", "o.owner", "l.owner")
        .select([
          sql<string>`count(*)`.as("tables"),
          sql<string>`count(*) filter (where ${NOBODY_PLAYS})`.as("unowned"),
        ])
        .executeTakeFirstOrThrow();
      return { tables: Number(row.tables), unowned: Number(row.unowned) };
    },
  };
}

/**
 * A row of live_tables `l`, joined to its owner's lease `o`, that nobody plays: released, or its
 * owner's lease ran out. The lapsed lease is tested against the owner it is the lease of: a claim
 * reads a row another claim took and committed meanwhile as it is now (its new owner), but with
 * the lease row its snapshot saw (none, for a released row). "No lease row at all" is therefore
 * no sign of a lapsed owner (every owner's write leases it first, and lease rows are never
 * deleted), or two processes claiming at once would both take the row.
 */
const NOBODY_PLAYS = sql`(l.owner is null or (o.owner = l.owner and o.lease_until < now()))`;

function leaseInterval(ms: number): string {
  return `${Math.max(1, Math.round(ms))} milliseconds`;
}

/** The statement that takes or extends `owner`'s lease for `leaseMs` from now. */
function leaseOf(owner: string, leaseMs: number): RawBuilder<unknown> {
  return sql`insert into live_owners (owner, lease_until, renewed_at) values (${owner}, now() + ${leaseInterval(leaseMs)}::interval, now())
             on conflict (owner) do update set lease_until = excluded.lease_until, renewed_at = excluded.renewed_at`;
}

/**
 * One call of live_journal_write (migration 0006), whatever the batch holds: a statement
 * of one shape with twelve parameters (the moves and snapshots as arrays), whose body the
 * database planned once this session. Atomic, as a transaction would be, in one round
 * trip; answers the tables of `save` another process owns now.
 */
async function writeBatch(db: Kysely<Database>, batch: LiveBatch, owner: string, leaseMs: number): Promise<string[]> {
  if (batch.save.length === 0 && batch.moves.length === 0 && batch.drop.length === 0) return [];
  const { save, moves } = batch;
  const applied = await sql<{ room_id: string }>`
    select room_id from live_journal_write(${owner}, ${Math.max(1, Math.round(leaseMs))}, ${batch.again === true},
      ${save.map((t) => t.roomId)}::text[], ${save.map((t) => json(t.snapshot))}::text[], ${save.map((t) => t.handId)}::text[],
      ${moves.map((m) => m.roomId)}::text[], ${moves.map((m) => m.handId)}::text[], ${moves.map((m) => m.ply)}::integer[],
      ${moves.map((m) => m.move)}::text[], ${moves.map((m) => Math.max(0, Math.round(m.atMs)))}::integer[],
      ${batch.drop}::text[]) as room_id`.execute(db);
  if (save.length === 0) return [];
  const written = new Set(applied.rows.map((r) => r.room_id));
  return save.filter((t) => !written.has(t.roomId)).map((t) => t.roomId);
}

async function claimTables(
  db: Kysely<Database>,
  owner: string,
  leaseMs: number,
  limit: number,
  includeOwn: boolean,
  after: string,
): Promise<ClaimedTable[]> {
  // The lease in the same statement: a claimed table is never without its owner's lease, and its last sign of life is read as it was before (a process restarted under its old name takes its own tables, whose clocks ran meanwhile).
  const rows = await sql<{ room_id: string; snapshot: JsonObject | string; hand_id: string | null; last_alive: Date }>`
    with leased as (${leaseOf(owner, leaseMs)})
    update live_tables t
       set owner = ${owner}, stopped_at = null
      from (select l.room_id, coalesce(l.stopped_at, o.renewed_at, now()) as last_alive
              from live_tables l left join live_owners o on o.owner = l.owner
             where (${NOBODY_PLAYS} or (${includeOwn} and l.owner = ${owner}))
               and (${includeOwn} or l.owner is distinct from ${owner})
               and l.room_id collate "C" > ${after}
             order by l.room_id collate "C"
             limit ${limit}
               for update of l skip locked) c
     where t.room_id = c.room_id
 returning t.room_id, t.snapshot, t.hand_id, c.last_alive`.execute(db);
  if (rows.rows.length === 0) return [];
  const ids = rows.rows.map((r) => r.room_id);
  const moves = await db
    .selectFrom("live_moves as m")
    .innerJoin("live_tables as t", (j) => j.onRef("t.room_id", "=", "m.room_id").onRef("t.hand_id", "=", "m.hand_id"))
    .select(["m.room_id", "m.ply", "m.move", "m.at_ms"])
    .where("m.room_id", "in", ids)
    .orderBy("m.room_id")
    .orderBy("m.ply")
    .execute();
  const byTable = new Map<string, { ply: number; move: string; atMs: number }[]>();
  for (const m of moves) {
    let list = byTable.get(m.room_id);
    if (!list) byTable.set(m.room_id, (list = []));
    list.push({ ply: m.ply, move: m.move, atMs: m.at_ms });
  }
  rows.rows.sort((a, b) => (a.room_id < b.room_id ? -1 : a.room_id > b.room_id ? 1 : 0)); // `returning` keeps no order: the cursor needs the last
  return rows.rows.map((r) => ({
    roomId: r.room_id,
    snapshot: typeof r.snapshot === "string" ? (JSON.parse(r.snapshot) as JsonObject) : r.snapshot,
    handId: r.hand_id,
    moves: byTable.get(r.room_id) ?? [],
    lastAliveAt: new Date(r.last_alive).getTime(),
  }));
}
