/**
 * Readable log lines for a person at a terminal: `12:03:04.120 WARN  table K7F3QX: message  roomId=… handId=…`
 * instead of JSON. pino-pretty would do it on a worker thread; this is the little it takes, in line.
 */
import type { DestinationStream } from "pino";

const LEVEL_COLOURS: Record<string, string> = {
  trace: "\u001b[90m",
  debug: "\u001b[36m",
  info: "\u001b[32m",
  warn: "\u001b[33m",
  error: "\u001b[31m",
  fatal: "\u001b[35m",
};
const RESET = "\u001b[0m";

/** One JSON log line as a readable one (the line as it is when it is not a JSON object). */
export function readableLine(json: string, colour: boolean): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith("\n") ? json : `${json}\n`;
  }
  const { level, time, msg, err, ...fields } = entry;
  const label = typeof level === "string" ? level : "info";
  const clock = typeof time === "string" ? time.slice(11, 23) : "";
  const tag = label.toUpperCase().padEnd(5);
  const shownLevel = colour ? `${LEVEL_COLOURS[label] ?? ""}${tag}${RESET}` : tag;
  const extras = Object.entries(fields).map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`);
  const stack = err !== null && typeof err === "object" && "stack" in err ? `\n${textOf(err.stack)}` : "";
  return `${clock} ${shownLevel} ${textOf(msg)}${extras.length > 0 ? `  ${extras.join(" ")}` : ""}${stack}\n`;
}

/** A field as text: a string as it is, anything else as JSON. */
export function textOf(value: unknown): string {
  return typeof value === "string" ? value : value === undefined ? "" : JSON.stringify(value);
}

/** A pino destination writing readable lines to `out` (coloured, as it is a terminal). */
export function readableLines(out: NodeJS.WriteStream): DestinationStream {
  return { write: (line: string) => void out.write(readableLine(line, true)) };
}
