/**
 * The server's structured log: one JSON object a line (pino), with `level`, `time`, `msg` and the
 * ids that matter (`roomId`, `handId`, `requestId`, `playerId`) as fields of their own, so a log
 * store can search by them. Every part of the server takes a `Logger` (a child carries its ids).
 *
 * Secrets never reach a line: fields that carry them are redacted by name, and every message and
 * error text goes through `scrubSecrets` (a DATABASE_URL's password, a bearer token), because an
 * error message from a driver or a library may quote what it was given.
 */
import pino from "pino";
import { readableLines } from "./readable-lines.js";
import { scrubSecrets } from "./scrub.js";

/** What every part of the server logs through: pino's logger (levels, `child` with ids). */
export type Logger = pino.Logger;

/** The levels `LOG_LEVEL` accepts, most to least verbose, and `silent`. */
export const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Field names whose values are never written, wherever in the first two levels of an object. */
const SECRET_FIELDS = ["token", "password", "authorization", "cookie", "databaseUrl", "secret", "ip", "address"];

export interface LoggerOptions {
  level?: LogLevel; // default info
  destination?: pino.DestinationStream; // default stdout: JSON lines, or readable lines when stdout is a terminal
}

/** A logger writing JSON lines (readable ones on a terminal), with the secrets taken out. */
export function createLogger(o: LoggerOptions = {}): Logger {
  const destination =
    o.destination ?? (process.stdout.isTTY ? readableLines(process.stdout) : pino.destination({ dest: 1, sync: true }));
  return pino(
    {
      level: o.level ?? "info",
      base: undefined, // no pid or hostname on every line: the supervisor knows which process wrote it
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: SECRET_FIELDS.flatMap((f) => [f, `*.${f}`]), censor: "[redacted]" },
      serializers: { err: serializeError },
      hooks: {
        logMethod(args, method) {
          method.apply(
            this,
            args.map((a) => (typeof a === "string" ? scrubSecrets(a) : a)) as Parameters<typeof method>,
          );
        },
      },
    },
    destination,
  );
}

/** An error as a log field: its name, message and stack, scrubbed (a driver's message may quote a connection string). */
function serializeError(e: unknown): unknown {
  if (!(e instanceof Error)) return typeof e === "string" ? scrubSecrets(e) : e;
  return {
    type: e.name,
    message: scrubSecrets(e.message),
    ...(e.stack === undefined ? {} : { stack: scrubSecrets(e.stack) }),
  };
}

/** A logger that writes nothing (benchmarks, and callers that pass none). */
export function silentLogger(): Logger {
  return pino({ level: "silent" });
}
