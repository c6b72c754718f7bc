import { RecordError } from "./hand-record.js";

// SQLSTATE classes that no retry can fix: data exceptions, integrity violations, syntax
// and access errors. Anything else (connection refused or lost, the server shutting down,
// a deadlock or serialization failure, too many connections) may pass.
const PERMANENT_CLASSES = ["22", "23", "42"];

/** Whether writing the same record again can never succeed. */
export function isPermanentError(error: unknown): boolean {
  if (error instanceof RecordError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) && PERMANENT_CLASSES.includes(code.slice(0, 2));
}
