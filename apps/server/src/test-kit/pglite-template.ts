/**
 * A fresh embedded database costs PGlite's initdb and every migration: about 5 s and 7 s of CPU
 * here. A copy of one that has had both costs a small part of that. The first test process to
 * need one makes a template beside the other temporary files, through the server's own
 * opening (the real initdb and migrations, once a run), keyed by PGlite's version and the
 * migrations' code; every test database then starts from a copy of it. The browser tests'
 * servers use it too (`@yourtrumps/server/test-kit`).
 */
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { openDatabase, PGLITE_SUBDIR } from "../database/open-database.js";
import { MIGRATIONS } from "../database/migrations.js";

/** The template's folder name: PGlite's version and a digest of the migrations, so a new one makes a new template. */
function templateName(): string {
  const require = createRequire(import.meta.url);
  const packageJson = path.join(path.dirname(require.resolve("@electric-sql/pglite")), "..", "package.json");
  const { version } = JSON.parse(readFileSync(packageJson, "utf8")) as { version: string };
  const migrations = Object.entries(MIGRATIONS).map(
    ([name, m]) => `${name}\n${m.up.toString()}\n${m.down?.toString() ?? ""}`,
  );
  const digest = createHash("sha256").update(migrations.join("\n")).digest("hex").slice(0, 12);
  return `yourtrumps-pglite-${version}-${digest}`;
}

/** The migrated cluster every copy is made from (made by the first caller; a race between processes is harmless). */
async function pgliteTemplate(): Promise<string> {
  const template = path.join(os.tmpdir(), templateName());
  if (existsSync(path.join(template, "PG_VERSION"))) return template;
  const making = mkdtempSync(`${template}-making-`);
  try {
    const database = await openDatabase({ dataDir: making });
    await database.close();
    renameSync(path.join(making, PGLITE_SUBDIR), template); // atomic; another process may have won the race, which is as good
  } catch (e) {
    if (!existsSync(path.join(template, "PG_VERSION"))) throw e;
  } finally {
    rmSync(making, { recursive: true, force: true });
  }
  return template;
}

/** A new temporary DATA_DIR holding a copy of an empty PGlite database at the current schema; remove it yourself. */
export async function pgliteDataDir(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "yourtrumps-pglite-"));
  cpSync(await pgliteTemplate(), path.join(dir, PGLITE_SUBDIR), { recursive: true });
  return dir;
}
