/**
 * `GET /api/live` (what is being played now: the count online, the best 50 tables, TV's
 * table) and `GET /api/tv` (TV's room id), for the lobby, other sites and bots. Both
 * read Colyseus' room listing (lobby/now-playing.ts), so they cover every process.
 */
import type express from "express";
import type { TvAnswer } from "@yourtrumps/protocol";
import { nowPlaying } from "../lobby/now-playing.js";

export function liveRoutes(router: express.Router): void {
  router.get("/live", (_req, res, next) => {
    nowPlaying().then((answer) => res.json(answer), next);
  });
  router.get("/tv", (_req, res, next) => {
    nowPlaying().then((answer) => res.json({ roomId: answer.tv } satisfies TvAnswer), next);
  });
}
