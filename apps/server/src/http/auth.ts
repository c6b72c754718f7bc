/**
 * Who is asking: a guest identity's bearer token (`Authorization: Bearer <token>`, from
 * `POST /api/players`). A request that names no player, or one nobody has, is refused
 * with 401 and never served as somebody else or as nobody: the caller asked as a
 * player and gets that player's answer or a refusal it can act on.
 */
import type express from "express";
import type { SignedIn, Store } from "../storage/index.js";
import { HttpError, fromStore } from "./errors.js";

const BEARER = /^Bearer +(\S+) *$/i; // RFC 6750; the scheme is case-insensitive (RFC 9110)

const challenge = { "WWW-Authenticate": 'Bearer realm="yourtrumps"' };
const invalidToken = { "WWW-Authenticate": 'Bearer realm="yourtrumps", error="invalid_token"' };

/**
 * The player and session the request's token belongs to; throws 401 when there is none
 * (a session ended is refused by the very next request), 503 when the database cannot say.
 */
export async function signedInPlayer(req: express.Request, store: Store): Promise<SignedIn> {
  const header = req.get("authorization");
  if (header === undefined || header.trim() === "") {
    throw new HttpError(
      401,
      "this needs a player token: send Authorization: Bearer <token> (POST /api/players makes one)",
      challenge,
    );
  }
  const token = BEARER.exec(header)?.[1];
  if (token === undefined) throw new HttpError(401, 'the Authorization header must be "Bearer <token>"', invalidToken);
  const player = await fromStore(() => store.playerByToken(token));
  if (player === null)
    throw new HttpError(
      401,
      "this token belongs to no player: its session was signed out, or never made (sign in again, or POST /api/players makes a new identity)",
      invalidToken,
    );
  return player;
}
