/**
 * How the HTTP API says no. Every refusal is JSON `{ "error": "<a sentence>" }` with a
 * status that tells a client what to do: fix the request (400, 415), sign in again
 * (401), stop looking (404), or retry later (503). The front door's 413 and 429 have the
 * same shape (front-door.ts).
 *
 * A failed database call is a 503, never a 401 or a 404: a client that heard "unknown
 * token" would throw away a token that is fine, and its player's history with it.
 */
import type express from "express";
import { HistoryQueryError, InvalidNameError } from "../storage/index.js";

/** A refusal a handler decided on. */
export class HttpError extends Error {
  override name = "HttpError";
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
    readonly code?: string, // a word a program can switch on ("handle-taken"), where a client acts on which refusal it was
  ) {
    super(message);
  }
}

/** A store call failed for a reason that is not the request's: the database is down, unreachable or overloaded. */
export class StorageUnavailableError extends Error {
  override name = "StorageUnavailableError";
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/** The handler for the other methods of a path that answers only `allowed`. */
export function methodNotAllowed(...allowed: string[]): express.RequestHandler {
  return (req, _res, next) =>
    next(
      new HttpError(405, `${req.method} is not an API call here; ${allowed.join(", ")} is`, {
        Allow: allowed.join(", "),
      }),
    );
}

/** The body of every refusal. */
export interface ErrorAnswer {
  error: string;
  code?: string; // on the account routes' refusals: which rule or limit it was (docs/api.md lists them)
}

/** Runs a store call; its refusals of the input pass through, any other failure becomes StorageUnavailableError. */
export async function fromStore<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (e instanceof InvalidNameError || e instanceof HistoryQueryError) throw e;
    throw new StorageUnavailableError(e);
  }
}

const RETRY_AFTER_SECONDS = "5";
const OUTAGE_LOG_EVERY_MS = 10_000; // during an outage every request fails: one line per 10 s says so

/** The API's last middleware: any error, thrown or passed on, becomes one of the answers above. */
export function answerErrors(log: (line: string) => void): express.ErrorRequestHandler {
  let lastOutageLog = -Infinity;
  return (error: unknown, req, res, _next) => {
    const refuse = (
      status: number,
      message: string,
      headers: Readonly<Record<string, string>> = {},
      code?: string,
    ): void => {
      if (res.headersSent) return void res.end();
      res
        .status(status)
        .set(headers)
        .json({ error: message, ...(code === undefined ? {} : { code }) } satisfies ErrorAnswer);
    };
    if (error instanceof HttpError) return refuse(error.status, error.message, error.headers, error.code);
    if (error instanceof InvalidNameError || error instanceof HistoryQueryError) return refuse(400, error.message);
    if (error instanceof StorageUnavailableError) {
      if (Date.now() - lastOutageLog >= OUTAGE_LOG_EVERY_MS) {
        lastOutageLog = Date.now();
        log(`HTTP API: the database did not answer ${req.method} ${req.path}: ${error.message}`);
      }
      return refuse(503, "the database is not answering; try again in a few seconds", {
        "Retry-After": RETRY_AFTER_SECONDS,
      });
    }
    const clientError = requestError(error);
    if (clientError !== null) return refuse(clientError.status, clientError.message);
    log(
      `HTTP API: ${req.method} ${req.path} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    refuse(500, "the server failed to answer this request");
  };
}

/** Errors that express raises for a request it cannot read carry a 4xx `status`: passed on in words a client can act on. */
function requestError(error: unknown): { status: number; message: string } | null {
  const { status, message } = (error ?? {}) as { status?: unknown; message?: unknown };
  if (typeof status !== "number" || status < 400 || status > 499) return null;
  return { status, message: typeof message === "string" && message !== "" ? message : "bad request" };
}
