/**
 * The server as its own process for the benchmarks that kill and restart it: `node
 * dist/main.js` (or another build's, to compare) on PGlite in a DATA_DIR or on PostgreSQL.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { performance } from "node:perf_hooks";
import { SERVER_NODE_FLAGS } from "../node-flags.js";

export type ServerDatabase = { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string; port: number };

/** The server as a deploy starts it, with the per-address limits lifted (every client here is 127.0.0.1) and hour-long clocks. */
function serverEnv(db: ServerDatabase, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    TURN_SECONDS: "3600",
    MATCHMAKE_PER_MINUTE: "1000000",
    API_PER_MINUTE: "1000000",
    CLIENT_DIST: "/nonexistent",
    SEAT_RESERVATION_SECONDS: "60", // 40 duels sitting down at once on a busy machine: a join that waits is not a figure of this benchmark
    ...(db.kind === "pglite" ? { DATA_DIR: db.dataDir } : { DATABASE_URL: db.url }),
  };
}

/** `node dist/main.js`, resolved once it prints `listening on`: how long that took from the spawn, and everything it printed. */
export async function startMain(
  mainJs: string,
  db: ServerDatabase,
  port: number,
  timeoutMs: number,
): Promise<{ child: ChildProcess; listeningMs: number; output: () => string }> {
  const spawned = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, mainJs], {
    env: serverEnv(db, port),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const listeningMs = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the server did not listen within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const collect = (chunk: Buffer): void => {
      output += chunk.toString();
      if (/listening on \d+/.test(output)) {
        clearTimeout(timer);
        resolve(performance.now() - spawned);
      }
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening:\n${output}`));
    });
  });
  return { child, listeningMs, output: () => output };
}

/** Resolves once `child` has exited, SIGKILLing it if it still runs. */
export function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}
