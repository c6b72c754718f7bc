/**
 * The schema's history, in code so the build carries it (each migration a file of migrations/, built
 * into dist/ with the rest). A migration, once released, is never edited: the next change is a new
 * file and entry here. Values such as the 24-character name limit are written out rather than
 * imported, because a migration must keep meaning what it meant when it first ran.
 */
import type { Kysely } from "kysely";
import { Migrator, type Migration } from "kysely/migration";
import type { Database } from "./schema.js";
import { migration as m0001 } from "./migrations/0001-initial.js";
import { migration as m0002 } from "./migrations/0002-live-tables.js";
import { migration as m0003 } from "./migrations/0003-live-upkeep.js";
import { migration as m0004 } from "./migrations/0004-puzzles.js";
import { migration as m0005 } from "./migrations/0005-mistake-puzzles.js";
import { migration as m0006 } from "./migrations/0006-journal-write.js";
import { migration as m0007 } from "./migrations/0007-puzzle-streaks.js";
import { migration as m0008 } from "./migrations/0008-mistake-searches.js";
import { migration as m0009 } from "./migrations/0009-accounts.js";
import { migration as m0010 } from "./migrations/0010-moderation.js";
import { migration as m0011 } from "./migrations/0011-arenas.js";
import { migration as m0012 } from "./migrations/0012-notices-read.js";

/** Every migration, by name; names sort in the order they run. */
export const MIGRATIONS: Record<string, Migration> = {
  "0001-initial": m0001,
  "0002-live-tables": m0002,
  "0003-live-upkeep": m0003,
  "0004-puzzles": m0004,
  "0005-mistake-puzzles": m0005,
  "0006-journal-write": m0006,
  "0007-puzzle-streaks": m0007,
  "0008-mistake-searches": m0008,
  "0009-accounts": m0009,
  "0010-moderation": m0010,
  "0011-arenas": m0011,
  "0012-notices-read": m0012,
};

/**
 * Brings the schema up to date; safe to call on every start and from several processes
 * at once (Kysely takes a PostgreSQL advisory lock while it migrates).
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(MIGRATIONS) } });
  const { error } = await migrator.migrateToLatest();
  if (error !== undefined) throw error instanceof Error ? error : new Error("migration failed", { cause: error });
}
