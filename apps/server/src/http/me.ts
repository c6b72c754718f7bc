/**
 * `GET /api/me` and `PATCH /api/me`: the token's own player. The answer is the same
 * profile `GET /api/players/:id` shows, with the player's moderation role (the client offers
 * the moderators' page by it), never cached: it is what the token proves.
 */
import type express from "express";
import { z } from "zod";
import { isComputerName } from "@yourtrumps/protocol";
import type { Store } from "../storage/index.js";
import { signedInPlayer } from "./auth.js";
import { HttpError, fromStore, methodNotAllowed } from "./errors.js";
import { NAME_INPUT_MAX, profileAnswer, type MeAnswer } from "./players.js";
import { parseBody } from "./validation.js";

const renameBody = z.strictObject({ name: z.string().max(NAME_INPUT_MAX) });

export function meRoutes(router: express.Router, store: Store): void {
  const answerProfile = async (res: express.Response, id: string): Promise<void> => {
    const [profile, role] = await fromStore(() => Promise.all([store.getPlayer(id), store.moderation.roleOf(id)]));
    if (profile === null) throw new HttpError(404, "this token's player is gone");
    res.set("Cache-Control", "private, no-store").json({ ...profileAnswer(profile), role } satisfies MeAnswer);
  };

  router
    .route("/me")
    .get(async (req, res) => {
      const player = await signedInPlayer(req, store);
      await answerProfile(res, player.id);
    })
    .patch(async (req, res) => {
      const player = await signedInPlayer(req, store);
      const { name } = parseBody(renameBody, req);
      if (isComputerName(name))
        throw new HttpError(400, "that name is kept for computer players: a person's seat must not pass for one");
      // The store cleans the name as a seat name is cleaned, and refuses one with nothing left (InvalidNameError: 400).
      if ((await fromStore(() => store.renamePlayer(player.id, name))) === null)
        throw new HttpError(404, "this token's player is gone");
      await answerProfile(res, player.id);
    })
    .all(methodNotAllowed("GET", "PATCH"));
}
