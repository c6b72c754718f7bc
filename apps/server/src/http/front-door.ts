/**
 * The first thing every HTTP request meets, before Colyseus's matchmaking routes and
 * express: who is asking (client-address.ts), whether that address is over its limits
 * (429 with Retry-After), and the body, read here and only up to BODY_LIMIT_BYTES (413
 * at once, whether the size was announced or the body streams in chunks). What passes
 * goes on to the listeners Colyseus installed, with the body already read (`req.body`,
 * the raw text, which Colyseus's router takes as the body and api.ts parses) and the
 * address in X-Real-IP, where Colyseus looks first, so `onAuth` learns the address the
 * limits used and not one the client wrote.
 *
 * Guessing private-table codes. A code is one of 31^6 ≈ 8.9·10^8 (table/table-code.ts);
 * a waiting private table lives at most PRIVATE_WAIT_MINUTES (30). A join by code that
 * gets no seat is a miss, and an address gets `codeMisses` of them (10 at once, then 30
 * an hour); beyond that its joins by code are refused without looking, right code or
 * not. In a table's 30 minutes one address can try 10 + 15 = 25 codes: with 1,000 tables
 * waiting at once, that finds one with probability 25·1000 / 8.9·10^8 ≈ 3·10^-5, and
 * finding one takes an address 8.9·10^8 / (1000 · 30 per hour) ≈ 30,000 hours — longer
 * than any table lives, and than a botnet of a thousand addresses would wait (30 hours).
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { ADDRESS_HEADER, clientAddress } from "./client-address.js";
import { AddressLimits, type Limit } from "./address-limits.js";
import { corsHeaders } from "./cors.js";
import type { Logger } from "../logging/logger.js";
import { identifyRequest, logOf } from "../logging/request-log.js";
import { httpDuration, httpRequests, rateLimited } from "../metrics/metrics.js";
import { methodLabel, routeLabel } from "./route-label.js";

/** The largest request body read (a name or join options are the largest things we are sent); beyond it, 413 before parsing. */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** Per-address limits of the HTTP routes. */
export interface HttpLimits {
  matchmake: Limit; // POST /matchmake/…: seat reservations (joins, creates, reconnects)
  api: Limit; // every /api call
  codeMisses: Limit; // joins by private-table code that got no seat
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  matchmake: { burst: 30, perMinute: 60 },
  api: { burst: 150, perMinute: 300 },
  codeMisses: { burst: 10, perMinute: 0.5 },
};

export interface FrontDoorOptions {
  origins: readonly string[]; // CORS_ORIGINS, for the headers of the front door's own refusals
  trustProxy: number; // TRUST_PROXY: how many proxies of ours append to X-Forwarded-For (0 = read none)
  limits: HttpLimits;
  log: Logger; // every request gets a child of it with its requestId (logging/request-log.ts)
}

type RequestWithBody = IncomingMessage & { body?: string };
type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** Puts the front door before the HTTP server's current request listeners (call it once Colyseus is listening). */
export function installFrontDoor(server: Server, o: FrontDoorOptions): void {
  const inner = server.listeners("request") as Listener[];
  server.removeAllListeners("request");
  const matchmake = new AddressLimits(o.limits.matchmake);
  const api = new AddressLimits(o.limits.api);
  const codeMisses = new AddressLimits(o.limits.codeMisses);

  server.on("request", (req: RequestWithBody, res: ServerResponse) => {
    const started = performance.now();
    const arrivedAt = (req.url ?? "/").split("?")[0] ?? "/";
    res.setHeader("X-Request-Id", identifyRequest(req, o.log)); // merged into whatever writeHead sends, here or in Colyseus or express
    res.once("finish", () => answered(req, res, arrivedAt, started, o.log));
    const address = clientAddress(req, o.trustProxy);
    req.headers[ADDRESS_HEADER] = address;
    delete req.headers["x-client-ip"]; // Colyseus would read it after X-Real-IP; nobody else does
    const refuse = (status: number, error: string, headers: Record<string, string> = {}): void => {
      const unread = hasBody(req) && !req.complete;
      res.writeHead(status, {
        ...corsHeaders(o.origins, req.headers.origin ?? null),
        "Content-Type": "application/json",
        ...(unread ? { Connection: "close" } : {}),
        ...headers,
      });
      res.end(JSON.stringify({ error }), () => unread && lingerThenClose(req));
    };
    const passOn = (): void => {
      for (const listener of inner) listener.call(server, req, res);
    };

    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const now = Date.now();
    const kind =
      req.method === "OPTIONS"
        ? null
        : req.method === "POST" && path.startsWith("/matchmake/")
          ? "matchmake"
          : path === "/api" || path.startsWith("/api/")
            ? "api"
            : null;
    const wait = kind === "matchmake" ? matchmake.take(address, now) : kind === "api" ? api.take(address, now) : 0;
    if (wait > 0 && kind !== null) rateLimited.inc({ bucket: kind });
    if (wait > 0)
      return refuse(429, `too many requests from your address; try again in ${Math.ceil(wait / 1000)} s`, {
        "Retry-After": String(Math.ceil(wait / 1000)),
      });

    readBody(req, BODY_LIMIT_BYTES).then(
      (body) => {
        if (body !== undefined) req.body = body;
        if (kind === "matchmake" && isCodeJoin(body)) {
          const missWait = codeMisses.waitMs(address, Date.now());
          if (missWait > 0) rateLimited.inc({ bucket: "code-misses" });
          if (missWait > 0)
            return refuse(
              429,
              `too many wrong table codes from your address; try again in ${Math.ceil(missWait / 1000)} s`,
              { "Retry-After": String(Math.ceil(missWait / 1000)) },
            );
          res.once("finish", () => res.statusCode >= 400 && codeMisses.take(address, Date.now()));
        }
        passOn();
      },
      (e: unknown) =>
        e instanceof BodyTooLarge
          ? refuse(413, `the request body is larger than ${BODY_LIMIT_BYTES / 1024} KB`)
          : req.destroy(),
    );
  });
}

/** A request was answered: counted and timed by its route template, and logged (debug; a server error at warn). */
function answered(req: IncomingMessage, res: ServerResponse, path: string, started: number, fallback: Logger): void {
  const route = routeLabel(req, path);
  const seconds = (performance.now() - started) / 1000;
  httpRequests.inc({ method: methodLabel(req), route, status: String(res.statusCode) });
  httpDuration.observe({ route }, seconds);
  const fields = { method: req.method, route, status: res.statusCode, ms: Math.round(seconds * 1000) };
  if (res.statusCode >= 500) logOf(req, fallback).warn(fields, "HTTP request answered with a server error");
  else logOf(req, fallback).debug(fields, "HTTP request answered");
}

class BodyTooLarge extends Error {}

const LINGER_MS = 1000;

/**
 * After refusing a body still arriving: discard (never keep) what comes for a moment,
 * then close. Closing at once could reset the connection before the client has read the
 * refusal, and a client sending a body usually reads the answer only as it finishes.
 */
function lingerThenClose(req: IncomingMessage): void {
  req.resume();
  setTimeout(() => req.destroy(), LINGER_MS).unref();
}

function hasBody(req: IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

/** The body as text (undefined when there is none); rejects with BodyTooLarge as soon as it is known to exceed `limit` bytes. */
function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  if (!hasBody(req)) return Promise.resolve(undefined);
  if (Number(req.headers["content-length"] ?? 0) > limit) return Promise.reject(new BodyTooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off("data", onData);
      req.pause();
      reject(new BodyTooLarge());
    };
    req.on("data", onData);
    req.once("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.once("error", reject);
  });
}

/** Whether matchmaking options ask for a private table by its code (what a code guess looks like). */
function isCodeJoin(body: string | undefined): boolean {
  if (body === undefined) return false;
  try {
    const options = JSON.parse(body) as { mode?: unknown; code?: unknown } | null;
    return options?.mode === "private" && typeof options.code === "string" && options.code.trim() !== "";
  } catch {
    return false; // Colyseus answers 400 for it
  }
}
