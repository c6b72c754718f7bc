/** Child processes for tests and the benchmark: free ports, the server binary, redis-server. */
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_NODE_FLAGS } from "../node-flags.js";
import { pgliteDataDir } from "./postgres.js";
import { keepChildOutput } from "./test-logs.js";

import { waitForLine } from "../processes/child-output.js";

export { freePort, waitForLine } from "../processes/child-output.js";
export { startRedis } from "../processes/redis-server.js";

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/server/dist/main.js (tests run against the built server, as the client's tests do). */
export const MAIN_JS = path.resolve(here, "../../dist/main.js");

/**
 * Spawns `node dist/main.js` (with the server's node flags) and `env` on top of this process's environment. Without
 * DATA_DIR or DATABASE_URL in `env` it gets a DATA_DIR of its own, copied from the PGlite
 * template (a new cluster's initdb would take 5–15 s) and removed when the process exits.
 */
export async function spawnServerProcess(env: Record<string, string>): Promise<ChildProcess> {
  const own = env.DATA_DIR === undefined && env.DATABASE_URL === undefined ? await pgliteDataDir() : undefined;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, MAIN_JS], {
    env: { ...process.env, ...(own ? { DATA_DIR: own } : {}), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (own) child.once("exit", () => rmSync(own, { recursive: true, force: true }));
  keepChildOutput(child);
  return child;
}

/** Starts `node dist/main.js` (see spawnServerProcess) and waits for `listening on <port>`. */
export async function startServerProcess(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = await spawnServerProcess(env);
  const m = await waitForLine(child, /listening on (\d+)/);
  return { child, port: Number(m[1]) };
}

/** Resolves with the exit code and everything `child` printed, once it exits by itself. */
export function exitOf(child: ChildProcess, timeoutMs = 15_000): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    let output = "";
    const collect = (chunk: Buffer): void => void (output += chunk.toString());
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
    const timer = setTimeout(
      () => reject(new Error(`still running after ${timeoutMs} ms; output:\n${output}`)),
      timeoutMs,
    );
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Sends SIGTERM and resolves with the exit code. */
export function stop(child: ChildProcess, timeoutMs = 10_000): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill("SIGTERM");
  });
}

/** A throwaway redis-server on a free loopback port (no persistence). */
