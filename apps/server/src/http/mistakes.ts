/**
 * `GET /api/players/:id/mistakes`: the puzzles found in a player's own recorded duels
 * ("Learn from your mistakes"), newest first, each with the hand it came from. Public, as
 * the player's history is; each puzzle is served by `GET /api/puzzles/:id` like any other.
 */
import type express from "express";
import { z } from "zod";
import type { PlayerMistake, Store } from "../storage/index.js";
import { HttpError, fromStore, methodNotAllowed } from "./errors.js";

export interface MistakesAnswer {
  mistakes: PlayerMistake[];
}

export function mistakeRoutes(router: express.Router, store: Store): void {
  router
    .route("/players/:id/mistakes")
    .get(async (req, res) => {
      const id = z.uuid().safeParse(req.params.id);
      if (!id.success || (await fromStore(() => store.getPlayer(id.data))) === null)
        throw new HttpError(404, "there is no such player");
      res.json({ mistakes: await fromStore(() => store.mistakes.ofPlayer(id.data)) } satisfies MistakesAnswer);
    })
    .all(methodNotAllowed("GET"));
}
