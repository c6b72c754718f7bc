/**
 * `GET /api/presence?ids=a,b,…`: which of these players are online now (a page of theirs
 * holds a presence connection, in any process): for the leaderboard's and profiles'
 * online / offline marks. Only ids and a word each: never a token, a session or an address.
 */
import type express from "express";
import { matchMaker } from "@colyseus/core";
import { z } from "zod";
import { OnlinePlayers } from "../presence/online-players.js";
import { methodNotAllowed } from "./errors.js";
import { parseQuery } from "./validation.js";

export const PRESENCE_IDS_MAX = 100; // a leaderboard's worth

export interface PresenceAnswer {
  players: Record<string, "online" | "offline">; // by player id, every id asked about
}

const presenceQuery = z.object({
  ids: z
    .string()
    .max(PRESENCE_IDS_MAX * 40)
    .transform((s) => [...new Set(s.split(",").filter((id) => id !== ""))])
    .pipe(z.array(z.string().max(64)).max(PRESENCE_IDS_MAX, { error: `at most ${PRESENCE_IDS_MAX} ids` })),
});

export function playerPresenceRoutes(router: express.Router): void {
  router
    .route("/presence")
    .get(async (req, res) => {
      const { ids } = parseQuery(presenceQuery, req);
      const online = await new OnlinePlayers(matchMaker.presence).which(ids);
      res.set("Cache-Control", "no-store").json({ players: Object.fromEntries(ids.map((id) => [id, online.has(id) ? "online" : "offline"])) } satisfies PresenceAnswer);
    })
    .all(methodNotAllowed("GET"));
}
