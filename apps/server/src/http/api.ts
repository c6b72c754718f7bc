/**
 * The HTTP API under `/api`: guest identities, accounts and their sessions, profiles, histories, recorded hands,
 * the leaderboard and what is played now, as JSON (docs/api.md, docs/accounts.md). Each resource is a file; this one is the
 * order requests go through: the body's type is checked before it is parsed, then the
 * resource's routes, then one answer for anything else (errors.ts). The body reaches
 * the router already read, as text: the front door (front-door.ts) read it, refusing
 * one over its BODY_LIMIT_BYTES with 413, and answered an address over its limit with 429.
 *
 * CORS is not here: Colyseus answers every OPTIONS preflight and sets the CORS headers
 * on every response before express sees the request, from the headers server.ts gives
 * it (http/cors.ts), so the API and matchmaking allow the same origins.
 */
import express from "express";
import type { HandRecord, Store } from "../storage/index.js";
import { accountServices, type AccountServices } from "../accounts/account-services.js";
import { accountRoutes } from "./account.js";
import { deviceLinkRoutes } from "./device-links.js";
import { HttpError, answerErrors } from "./errors.js";
import { exportRoutes } from "./export.js";
import { passkeyRoutes } from "./passkeys.js";
import { sessionRoutes } from "./sessions.js";
import { arenaRoutes, type ArenaRouteSettings } from "./arenas.js";
import { gameRoutes } from "./games.js";
import { leaderboardRoutes } from "./leaderboard.js";
import { liveRoutes } from "./live.js";
import { playerPresenceRoutes } from "./player-presence.js";
import { localGameRoutes } from "./local-games.js";
import { meRoutes } from "./me.js";
import { mistakeRoutes } from "./mistakes.js";
import { moderationRoutes } from "./moderation.js";
import type { Moderated } from "../moderation/moderated-channel.js";
import { playerRoutes } from "./players.js";
import { puzzleRoutes } from "./puzzles.js";
import type { Logger } from "../logging/logger.js";

/** Refuses a body that is not JSON with 415 instead of leaving it unread and answering as if none had come. */
const jsonBodiesOnly: express.RequestHandler = (req, _res, next) => {
  const hasBody = req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
  const encoding = (req.headers["content-encoding"] ?? "identity").toLowerCase();
  if (hasBody && req.is("application/json") === false)
    next(new HttpError(415, "send the body as JSON, with Content-Type: application/json"));
  else if (hasBody && encoding !== "identity")
    next(new HttpError(415, "send the body uncompressed (no Content-Encoding)"));
  else next();
};

/** Parses the body the front door read (raw text in `req.body`) as a JSON object or array; an empty one reads as none. */
const parseJsonBody: express.RequestHandler = (req, _res, next) => {
  const raw: unknown = req.body;
  if (typeof raw !== "string") return next();
  if (raw.trim() === "") {
    req.body = undefined;
    return next();
  }
  try {
    const body: unknown = JSON.parse(raw);
    if (body === null || typeof body !== "object") throw new SyntaxError("no object"); // as body-parser's strict mode: every body we take is an object
    req.body = body;
    next();
  } catch {
    next(new HttpError(400, "the request body is not valid JSON"));
  }
};

/**
 * The router to mount at `/api`; `recorded` hears of each hand an upload newly put on
 * record (its mistakes are searched); `accounts` are the account routes' hasher, limits
 * and relying party (by default over the store's own database).
 */
export function apiRouter(
  store: Store,
  log: Logger,
  recorded: (record: HandRecord) => void = () => {},
  accounts: AccountServices = accountServices(store),
  arenas: ArenaRouteSettings = { minMinutes: 20, turnSeconds: 30, created: () => {} },
  moderated: (m: Moderated) => Promise<void> = () => Promise.resolve(),
): express.Router {
  const router = express.Router();
  router.use(jsonBodiesOnly, parseJsonBody);
  playerRoutes(router, store);
  meRoutes(router, store);
  accountRoutes(router, store, accounts);
  sessionRoutes(router, store, accounts);
  passkeyRoutes(router, store, accounts);
  deviceLinkRoutes(router, store, accounts);
  exportRoutes(router, store);
  gameRoutes(router, store);
  leaderboardRoutes(router, store);
  localGameRoutes(router, store, recorded);
  liveRoutes(router);
  playerPresenceRoutes(router);
  puzzleRoutes(router, store);
  mistakeRoutes(router, store);
  moderationRoutes(router, store, moderated);
  arenaRoutes(router, store, arenas);
  // Unknown API paths answer JSON here rather than fall through to the web client's index.html.
  router.use((req, _res, next) => next(new HttpError(404, `there is no API call ${req.method} /api${req.path}`)));
  router.use(answerErrors(log));
  return router;
}
