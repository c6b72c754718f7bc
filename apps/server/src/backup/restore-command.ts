/**
 * `npm run restore -w @yourtrumps/server -- <file>`: a backup (backup-command.ts) opened into a new
 * DATA_DIR, which a server then starts on. It refuses a DATA_DIR that already holds a database —
 * a restore never overwrites one — and checks that what it restored opens and answers.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { DEFAULT_DATA_DIR, PGLITE_SUBDIR } from "../database/open-database.js";

/** Whether `dir` is missing or empty. */
async function isEmpty(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw e;
  }
}

async function main(): Promise<void> {
  const file = process.argv[2];
  if (file === undefined || file.startsWith("-"))
    throw new Error("usage: DATA_DIR=<new folder> npm run restore -w @yourtrumps/server -- <file>");
  const dataDir = path.resolve(process.env.DATA_DIR?.trim() || DEFAULT_DATA_DIR);
  const cluster = path.join(dataDir, PGLITE_SUBDIR);
  if (!(await isEmpty(cluster)))
    throw new Error(`DATA_DIR ${dataDir} already holds a database: restore into a new DATA_DIR`);
  const tar = new Blob([await readFile(file)], { type: "application/x-gzip" });
  const db = await PGlite.create({ dataDir: cluster, loadDataDir: tar });
  try {
    const { rows } = await db.query<{ players: number; games: number }>(
      "select (select count(*) from players)::int as players, (select count(*) from games)::int as games",
    );
    const counts = rows[0]!;
    console.log(`restored ${file} into ${dataDir}: ${counts.players} players, ${counts.games} hands`);
  } finally {
    await db.close();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
