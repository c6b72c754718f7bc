/**
 * PGlite is PostgreSQL compiled to WebAssembly, running inside this process: nothing
 * stops a second process (or a second PGlite in this one) from opening the same files,
 * and two writers would corrupt them silently. A pid file turns that into a clear error
 * at start. A pid file left by a process that is gone is taken over, also when the pid
 * is our own (a container restarts its server with the same pid).
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

const claimedHere = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM"; // exists, owned by someone else
  }
}

/** Claims `dir` for this process; resolves with the function that gives it back. */
export async function claimDataDir(dir: string): Promise<() => Promise<void>> {
  const resolved = path.resolve(dir);
  const file = path.join(resolved, "pglite.pid");
  const inUse = (by: string): Error =>
    new Error(
      `DATA_DIR ${resolved} is in use by ${by}: the embedded database belongs to one process (several processes need DATABASE_URL=postgres://…)`,
    );
  if (claimedHere.has(resolved)) throw inUse("this process");
  try {
    await writeFile(file, `${process.pid}\n`, { flag: "wx" });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    const holder = Number((await readFile(file, "utf8")).trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder))
      throw inUse(`process ${holder}`);
    await writeFile(file, `${process.pid}\n`);
  }
  claimedHere.add(resolved);
  return async () => {
    claimedHere.delete(resolved);
    await rm(file, { force: true });
  };
}
