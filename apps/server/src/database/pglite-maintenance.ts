/**
 * PGlite runs PostgreSQL in single-user mode: no background workers, so no autovacuum.
 * Without it the planner has no statistics (a deep page of a long history then sorts
 * instead of walking the history index, ten times slower) and
 * updated rows (every rated hand updates ratings rows) are never reclaimed. This does
 * autovacuum's job on a timer. It holds PGlite's thread while it runs (the storage
 * benchmark prints how long, at 10,000 hands): every query, the tables' journal's commits
 * too, waits behind it, though the event loop does not. So it names our tables (a bare
 * `vacuum` also walks every system catalog) and leaves the statistics of `games` alone:
 * it is read by primary key only, and sampling its jsonb logs is the slowest part of an
 * analyze.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "./schema.js";

export const MAINTENANCE_INTERVAL_MS = 10 * 60_000;

export async function vacuumAnalyze(db: Kysely<Database>): Promise<void> {
  await sql`vacuum (analyze) ratings, players, game_seats`.execute(db);
  await sql`vacuum games`.execute(db);
}

/** Runs vacuumAnalyze every interval until the returned function is called; a failure is logged and retried next time. */
export function scheduleMaintenance(
  db: Kysely<Database>,
  intervalMs = MAINTENANCE_INTERVAL_MS,
  log: (line: string) => void = (line) => console.error(line),
): () => void {
  const timer = setInterval(() => {
    vacuumAnalyze(db).catch((e: unknown) =>
      log(`embedded database maintenance failed: ${e instanceof Error ? e.message : String(e)}`),
    );
  }, intervalMs);
  timer.unref(); // maintenance alone never keeps the process alive
  return () => clearInterval(timer);
}
