/**
 * Every HTTP request has an id: the one a proxy of ours sent (`X-Request-Id`, e.g. nginx's
 * `$request_id`) when it looks like one, else a new one. The answer carries it back in
 * `X-Request-Id`, and every line logged about the request carries it as `requestId`, so a
 * person quoting the header of a failed call leads straight to its log lines.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Logger } from "./logger.js";

export const REQUEST_ID_HEADER = "x-request-id";
const ACCEPTED_ID = /^[A-Za-z0-9._-]{8,64}$/; // what a proxy's id looks like; anything else (or a header written to inject a log line) is replaced

type LoggedRequest = IncomingMessage & { log?: Logger; requestId?: string };

/** Gives `req` its id and a logger carrying it; returns the id. */
export function identifyRequest(req: IncomingMessage, log: Logger): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  const id = typeof sent === "string" && ACCEPTED_ID.test(sent) ? sent : randomUUID();
  const logged = req as LoggedRequest;
  logged.requestId = id;
  logged.log = log.child({ requestId: id });
  return id;
}

/** The logger of `req` (with its requestId), or `fallback` for a request the front door never saw. */
export function logOf(req: IncomingMessage, fallback: Logger): Logger {
  return (req as LoggedRequest).log ?? fallback;
}
