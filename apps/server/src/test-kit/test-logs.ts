/**
 * Every log line a test run writes, kept for the scan at its end (log-scan.ts): the servers the
 * harness boots log through `testLogger`, which appends each JSON line to a file of this worker's
 * in TEST_LOG_DIR (set by the run's global setup), and the server processes the tests spawn have
 * their output appended there too (processes.ts).
 */
import { appendFileSync } from "node:fs";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { createLogger, type Logger } from "../logging/logger.js";

/** The file this process's captured lines go to, when the run keeps them. */
function runLogFile(name: string): string | null {
  const dir = process.env.TEST_LOG_DIR;
  return dir ? path.join(dir, `${name}.log`) : null;
}

/**
 * A debug-level logger for a test server: each line goes to the run's log file, to `watch`, and —
 * when a test gave a logger of its own — to that one too, at the same level with the same fields.
 */
export function testLogger(watch: (line: string) => void, also?: Logger): Logger {
  const file = runLogFile(`worker-${process.pid}`);
  return createLogger({
    level: "debug",
    destination: {
      write(line: string) {
        if (file) appendFileSync(file, line);
        watch(line);
        if (also) {
          const { level, msg, time: _time, ...fields } = JSON.parse(line) as Record<string, unknown>;
          const method = (typeof level === "string" ? level : "info") as "info";
          also[method](fields, typeof msg === "string" ? msg : "");
        }
      },
    },
  });
}

/** Appends what `child` prints to the run's log file (a spawned server's JSON lines). */
export function keepChildOutput(child: ChildProcess): void {
  const file = runLogFile(`child-${process.pid}-${child.pid ?? "unknown"}`);
  if (!file) return;
  const keep = (chunk: Buffer): void => appendFileSync(file, chunk);
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
}
