/**
 * The test run's global setup: a directory for every log line the run writes (test-logs.ts), and at
 * the end a scan of all of them for secrets — a bearer token, a player token, a connection string's
 * password, a client address in a field — that fails the run naming the lines. Whatever a test does,
 * a secret it makes the server log is caught here, not only in the tests written to look for one.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { secretsIn } from "./secret-patterns.js";

export default function setup(): () => void {
  const dir = mkdtempSync(path.join(os.tmpdir(), "yt-test-logs-"));
  process.env.TEST_LOG_DIR = dir;
  return () => {
    const found: string[] = [];
    let lines = 0;
    for (const name of readdirSync(dir)) {
      for (const line of readFileSync(path.join(dir, name), "utf8").split("\n")) {
        if (line === "") continue;
        lines++;
        for (const secret of secretsIn(line)) found.push(`${name}: ${secret}: ${line.slice(0, 300)}`);
      }
    }
    rmSync(dir, { recursive: true, force: true });
    if (found.length > 0) {
      // vitest reports an error thrown here but exits 0 for it: the exit code says the run failed.
      process.exitCode = 1;
      throw new Error(`secrets in ${found.length} of the run's ${lines} log lines:\n${found.slice(0, 20).join("\n")}`);
    }
  };
}
