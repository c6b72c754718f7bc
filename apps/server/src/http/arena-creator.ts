/**
 * Who may create an arena: a signed-in account (a guest identity may join arenas, not make
 * them: an arena gathers strangers, and its creator should be someone the site can hold to it).
 */
import type express from "express";
import type { Store } from "../storage/index.js";
import { signedInPlayer } from "./auth.js";
import { HttpError, fromStore } from "./errors.js";

/** The id of the account creating an arena; throws 401 when the request is nobody's, 403 for a guest. */
export async function arenaCreator(req: express.Request, store: Store): Promise<string> {
  const player = await signedInPlayer(req, store);
  if ((await fromStore(() => store.accounts.credentialsOf(player.id))) === null)
    throw new HttpError(
      403,
      "only an account creates arenas: this player is a guest (POST /api/account claims an account)",
    );
  return player.id;
}
