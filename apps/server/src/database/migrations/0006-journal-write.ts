import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The journal's group commit as one PL/pgSQL function (live-tables.ts): the statement of
 * its body is parsed and planned once a session and kept, where the same statement sent
 * each time was parsed and planned on every group — in PGlite, in the server's process, ten
 * times a second at people's pace. Its arrays have one shape whatever a group holds.
 * Every part sees the tables as they were before the call: the moves of a hand a snapshot
 * replaces are deleted, the group's own moves are not; a table another process claimed is
 * not written, and neither are its moves; `again` (a group written once more after a failed
 * commit, which may have committed) skips moves already on record.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`
      create function live_journal_write(
        p_owner text, p_lease_ms integer, p_again boolean,
        s_rooms text[], s_snapshots text[], s_hands text[],
        m_rooms text[], m_hands text[], m_plies integer[], m_moves text[], m_at integer[],
        d_rooms text[]
      ) returns setof text language plpgsql volatile as $body$
      begin
        return query
        with leased as ( -- a new table is under its owner's lease from its first row
               insert into live_owners as o (owner, lease_until, renewed_at)
               select p_owner, now() + make_interval(secs => p_lease_ms / 1000.0), now() where cardinality(s_rooms) > 0
               on conflict (owner) do update set lease_until = excluded.lease_until, renewed_at = excluded.renewed_at),
             saved as (
               insert into live_tables as t (room_id, owner, snapshot, hand_id, updated_at)
               select v.room_id, p_owner, v.snapshot::jsonb, v.hand_id, now() from unnest(s_rooms, s_snapshots, s_hands) as v(room_id, snapshot, hand_id)
               on conflict (room_id) do update set snapshot = excluded.snapshot, hand_id = excluded.hand_id, updated_at = excluded.updated_at
               where t.owner = p_owner
               returning t.room_id, t.hand_id),
             cleared as ( -- a new hand: the last one's moves are of no use to a restore
               delete from live_moves m where m.room_id = any(s_rooms)
                 and exists (select 1 from saved s where s.room_id = m.room_id and (s.hand_id is null or m.hand_id <> s.hand_id))),
             moves as (
               select v.* from unnest(m_rooms, m_hands, m_plies, m_moves, m_at) as v(room_id, hand_id, ply, move, at_ms)
                where v.room_id <> all(s_rooms) or v.room_id in (select s.room_id from saved s)),
             moved as (insert into live_moves (room_id, hand_id, ply, move, at_ms) select * from moves where not p_again),
             moved_again as (insert into live_moves (room_id, hand_id, ply, move, at_ms) select * from moves where p_again on conflict do nothing),
             dropped as (delete from live_tables t where t.room_id = any(d_rooms) and t.owner = p_owner returning t.room_id),
             dropped_moves as (delete from live_moves m where m.room_id = any(d_rooms) and m.room_id in (select d.room_id from dropped d))
        select s.room_id from saved s;
      end
      $body$`.execute(db);
    // At people's pace a PostgreSQL server spends less than half the CPU on the function with one generic
    // plan than with its default plan choice; PGlite does better with its default (both measured with
    // restore-bench.js: docs/benchmarks.md), so only PostgreSQL gets the setting.
    await sql`
      do $$ begin
        if version() not like '%PGlite%' then
          alter function live_journal_write(text, integer, boolean, text[], text[], text[], text[], text[], integer[], text[], integer[], text[])
            set plan_cache_mode = force_generic_plan;
        end if;
      end $$`.execute(db);
  },
};
