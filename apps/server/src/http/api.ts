/**
 * The HTTP API under `/api`: guest identities, profiles, histories, recorded hands and
 * the leaderboard, as JSON (README "HTTP API"). Each resource is a file; this one is the
 * order requests go through: the body's type and size are checked before it is parsed,
 * then the resource's routes, then one answer for anything else (errors.ts).
 *
 * CORS is not here: Colyseus answers every OPTIONS preflight and sets the CORS headers
 * on every response before express sees the request, from the headers server.ts gives
 * it (cors.ts), so the API and matchmaking allow the same origins.
 */
import express from "express";
import type { Store } from "../storage/index.js";
import { HttpError, answerErrors } from "./errors.js";
import { gameRoutes } from "./games.js";
import { leaderboardRoutes } from "./leaderboard.js";
import { localGameRoutes } from "./local-games.js";
import { meRoutes } from "./me.js";
import { playerRoutes } from "./players.js";

/** The largest request body read (a name is the largest thing we are sent); beyond it, 413 before parsing. */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** Refuses a body that is not JSON with 415 instead of leaving it unread and answering as if none had come. */
const jsonBodiesOnly: express.RequestHandler = (req, _res, next) => {
  const hasBody = req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
  if (hasBody && req.is("application/json") === false) next(new HttpError(415, "send the body as JSON, with Content-Type: application/json"));
  else next();
};

/** The router to mount at `/api`. */
export function apiRouter(store: Store, log: (line: string) => void): express.Router {
  const router = express.Router();
  router.use(jsonBodiesOnly, express.json({ limit: BODY_LIMIT_BYTES }));
  playerRoutes(router, store);
  meRoutes(router, store);
  gameRoutes(router, store);
  leaderboardRoutes(router, store);
  localGameRoutes(router, store);
  // Unknown API paths answer JSON here rather than fall through to the web client's index.html.
  router.use((req, _res, next) => next(new HttpError(404, `there is no API call ${req.method} /api${req.path}`)));
  router.use(answerErrors(log, `${BODY_LIMIT_BYTES / 1024} KB`));
  return router;
}
