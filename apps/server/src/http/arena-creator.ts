/**
 * Who may create an arena: a signed-in player. Until accounts (passkeys, passwords) are
 * part of the server this is any identity's bearer token; once they are, this one function
 * asks for an account instead, and nothing else changes.
 */
import type express from "express";
import type { Store } from "../storage/index.js";
import { signedInPlayer } from "./auth.js";

/** The id of the player creating an arena; throws 401 when the request is nobody's. */
export async function arenaCreator(req: express.Request, store: Store): Promise<string> {
  return (await signedInPlayer(req, store)).id;
}
