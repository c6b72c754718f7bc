/**
 * A logger that keeps what it is told, for tests that assert what was logged (and that nothing
 * secret was): `lines` holds each entry as a readable line (message and fields), `entries` the
 * objects as written.
 */
import { createLogger, type Logger, type LogLevel } from "./logger.js";
import { textOf } from "./readable-lines.js";

export interface CapturedLog {
  log: Logger;
  lines: string[]; // each entry as one line: its message, then its fields as key=value (an error as its message)
  entries: Record<string, unknown>[]; // each entry's JSON, parsed
  json: string[]; // each entry exactly as it was written
}

/** A logger (at `level`, default debug) whose every entry is kept; `also` receives each JSON line too. */
export function capturingLogger(level: LogLevel = "debug", also?: (json: string) => void): CapturedLog {
  const lines: string[] = [];
  const entries: Record<string, unknown>[] = [];
  const json: string[] = [];
  const log = createLogger({
    level,
    destination: {
      write(line: string) {
        json.push(line);
        entries.push(JSON.parse(line) as Record<string, unknown>);
        lines.push(messageLine(entries.at(-1)!));
        also?.(line);
      },
    },
  });
  return { log, lines, entries, json };
}

/** An entry as its message and then its fields (an error field as its message), without time or level. */
function messageLine(entry: Record<string, unknown>): string {
  const { msg, level: _level, time: _time, ...fields } = entry;
  const shown = Object.entries(fields).map(([key, value]) => {
    const text =
      value !== null && typeof value === "object" && "message" in value
        ? String(value.message)
        : typeof value === "string"
          ? value
          : JSON.stringify(value);
    return `${key}=${text}`;
  });
  return [textOf(msg), ...shown].join("  ");
}
