import { RecordError } from "./hand-record.js";

// SQLSTATE classes that no retry can fix: data exceptions, integrity violations, syntax
// and access errors. Anything else (connection refused or lost, the server shutting down,
// a deadlock or serialization failure, too many connections) may pass.
const PERMANENT_CLASSES = ["22", "23", "42"];

/** Whether writing the same record again can never succeed. */
export function isPermanentError(error: unknown): boolean {
  if (error instanceof RecordError) return true;
  const code = errorCode(error);
  return code !== undefined && /^[0-9A-Z]{5}$/.test(code) && PERMANENT_CLASSES.includes(code.slice(0, 2));
}

// What a client sees of a server it cannot reach, or one not yet taking connections. A
// name that does not resolve is among them: in a container network the database's name
// resolves only once its container runs. A server that answers and refuses (a wrong
// password, a missing database, a failed migration) is not: waiting would not change it.
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EHOSTDOWN",
  "ENETDOWN",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
const NOT_YET_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]); // shutting down, crashed, starting up, too many connections
// pg reports its own connect timeout and a dropped socket without a code.
const UNREACHABLE_MESSAGE = /^(Connection terminated|timeout (expired|exceeded))/;

/** Whether the database could not be reached at all (as opposed to reached and refusing). */
export function isUnreachableError(error: unknown): boolean {
  if (error instanceof AggregateError) return error.errors.some(isUnreachableError); // one attempt per address of the host
  const code = errorCode(error);
  if (code !== undefined) return UNREACHABLE_CODES.has(code) || NOT_YET_SQLSTATES.has(code) || code.startsWith("08"); // 08: connection exceptions
  return error instanceof Error && UNREACHABLE_MESSAGE.test(error.message);
}

/** A store call made while the database has not been reached since the start (store-when-up.ts). */
export class DatabaseNotReadyError extends Error {
  override name = "DatabaseNotReadyError";
  constructor(reason: string) {
    super(`the database has not been reached since the server started (${reason}); still trying`);
  }
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}
