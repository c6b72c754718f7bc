/**
 * What the process does with an error nothing else caught. Colyseus's own handler is off
 * (`gracefullyShutdown: false`, main.ts owns the signals), and Node's default ends the
 * process on either event — every table with it. The policy:
 *
 * - A table's hooks, message handlers and timers never get here: the room catches their
 *   throws (TableRoom.onUncaughtException) and closes that one table.
 * - An `unhandledRejection` or `uncaughtException` is logged with its stack and the
 *   process goes on. Both reach here after their code has unwound, from a callback of the
 *   event loop that nothing else shares; ending every table for it would turn one bug
 *   into an outage for everyone.
 * - Unless they keep coming: more than `faultsPerMinute` in a minute means something
 *   every table shares is broken (the AI pool, the database client). The process then
 *   shuts down as on SIGTERM — tables closed, hands recorded — and exits 1, for its
 *   supervisor to start a fresh one.
 *
 * At most `faultsPerMinute` lines a minute are logged, so a fault in a hot path cannot fill the disk.
 */
import type { Logger } from "./logging/logger.js";

export interface ProcessGuardOptions {
  log: Logger;
  shutdown: (why: string) => void; // graceful stop, exit code 1
  faultsPerMinute?: number; // default 10
}

/** Installs the policy's handlers on `process`. */
export function installProcessGuard(o: ProcessGuardOptions): void {
  const limit = o.faultsPerMinute ?? 10;
  let recent: number[] = []; // when the faults of the last minute happened
  let stopping = false;
  const fault = (kind: string, error: unknown): void => {
    const now = Date.now();
    recent = recent.filter((t) => now - t < 60_000);
    recent.push(now);
    if (recent.length <= limit) o.log.error({ err: error }, `${kind} (the process goes on)`);
    if (recent.length > limit && !stopping) {
      stopping = true;
      o.shutdown(`more than ${limit} uncaught faults within a minute`);
    }
  };
  process.on("unhandledRejection", (reason) => fault("unhandled rejection", reason));
  process.on("uncaughtException", (error) => fault("uncaught exception", error));
}
