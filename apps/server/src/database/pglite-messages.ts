/**
 * What passes between the server's thread and the embedded database's worker thread
 * (pglite-thread.ts and pglite-worker.ts). Messages are structured clones: rows keep their
 * Dates, bigints, Uint8Arrays, nulls and jsonb objects, but an Error arrives as a bare
 * Error with its message only — PostgreSQL's fields (`code` above all, which errors.ts
 * classifies by) would be lost. So an error crosses as a plain object and is rebuilt.
 */

/** The worker's start-up data: PGlite's cluster folder (undefined = in memory). */
export interface PgliteWorkerData {
  dataDir: string | undefined;
}

export type PgliteRequest =
  | { kind: "query"; id: number; sql: string; params: unknown[] } // one statement, parameters bound
  | { kind: "dump"; id: number } // PGlite's own dump of its data directory (a gzipped tar), between two queries
  | { kind: "close"; id: number }; // the last request: the worker closes PGlite and answers

export type PgliteReply =
  | { kind: "ready" } // PGlite is open; sent once, before any answer
  | { kind: "failed"; error: CrossedError } // PGlite did not open; the worker ends
  | { kind: "rows"; id: number; rows: unknown[]; affectedRows: number | undefined } // a query's result
  | { kind: "error"; id: number; error: CrossedError } // a query's or close's failure
  | { kind: "dumped"; id: number; data: ArrayBuffer } // the dump, its buffer transferred
  | { kind: "closed"; id: number }; // PGlite closed, its files written

/** An Error as plain data: its name, message and stack, and PostgreSQL's fields when it has them. */
export interface CrossedError {
  name: string; // "error" for PostgreSQL's errors (pg-protocol's DatabaseError), else the class's name
  message: string;
  stack: string | undefined;
  fields: Record<string, string>; // code, severity, detail, constraint, …: the error's own string properties
}

/** The parts of an error that survive the thread boundary. */
export function crossedError(error: unknown): CrossedError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error), stack: undefined, fields: {} };
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(error)) {
    // PGlite also attaches the query, its parameters and options: the caller has those.
    if (typeof value === "string" && key !== "name" && key !== "message" && key !== "stack" && key !== "query")
      fields[key] = value;
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

/** The error again on this side: an Error carrying the same name, message, stack and fields. */
export function rebuiltError(crossed: CrossedError): Error {
  const error = new Error(crossed.message);
  Object.assign(error, crossed.fields);
  error.name = crossed.name;
  if (crossed.stack !== undefined) error.stack = crossed.stack;
  return error;
}
