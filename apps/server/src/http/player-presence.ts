/**
 * `GET /api/presence?ids=a,b,…`: which of these players are playing (seated at a table
 * with other people, presence/playing-players.ts), online (a page of theirs holds a
 * presence connection), or offline — in any process: for the leaderboard's and profiles'
 * marks. Only ids and a word each: never a token, a session, a table or an address.
 */
import type express from "express";
import { matchMaker } from "@colyseus/core";
import { z } from "zod";
import type { PresenceStatus } from "@yourtrumps/protocol";
import { OnlinePlayers } from "../presence/online-players.js";
import { whichPlaying } from "../presence/playing-players.js";
import { methodNotAllowed } from "./errors.js";
import { parseQuery } from "./validation.js";

export const PRESENCE_IDS_MAX = 100; // a leaderboard's worth

export interface PresenceAnswer {
  players: Record<string, PresenceStatus>; // by player id, every id asked about
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
      const [online, playing] = await Promise.all([
        new OnlinePlayers(matchMaker.presence).which(ids),
        whichPlaying(matchMaker.presence, ids),
      ]);
      const status = (id: string): PresenceStatus =>
        playing.has(id) ? "playing" : online.has(id) ? "online" : "offline";
      res
        .set("Cache-Control", "no-store")
        .json({ players: Object.fromEntries(ids.map((id) => [id, status(id)])) } satisfies PresenceAnswer);
    })
    .all(methodNotAllowed("GET"));
}
