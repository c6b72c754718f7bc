/** `GET /api/leaderboard?kind=duel|multi`: the best established ratings of one kind. */
import type express from "express";
import { z } from "zod";
import { RATING_KINDS, type RatingKind } from "../ratings/index.js";
import type { LeaderboardEntry, Store } from "../storage/index.js";
import { fromStore, methodNotAllowed } from "./errors.js";
import { parseQuery } from "./validation.js";

export interface LeaderboardAnswer {
  kind: RatingKind;
  players: LeaderboardEntry[]; // best first, at most 100; provisional ratings (RD > 110) are left out
}

const leaderboardQuery = z.object({
  kind: z.enum(RATING_KINDS, { error: `must be ${RATING_KINDS.join(" or ")}` }).default("duel"),
});

export function leaderboardRoutes(router: express.Router, store: Store): void {
  router
    .route("/leaderboard")
    .get(async (req, res) => {
      const { kind } = parseQuery(leaderboardQuery, req);
      const players = await fromStore(() => store.leaderboard(kind));
      res.json({ kind, players } satisfies LeaderboardAnswer);
    })
    .all(methodNotAllowed("GET"));
}
