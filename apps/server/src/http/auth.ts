/**
 * Who is asking: a guest identity's bearer token (`Authorization: Bearer <token>`, from
 * `POST /api/players`). A request that names no player, or one nobody has, is refused
 * with 401 (403 `account-closed` while a moderator has closed the account, so the client
 * keeps a token a reopening lets in again) and never served as somebody else or as nobody: the caller asked as a
 * player and gets that player's answer or a refusal it can act on.
 */
import type express from "express";
import type { SignedIn, Store } from "../storage/index.js";
import { HttpError, fromStore } from "./errors.js";

const BEARER = /^Bearer +(\S+) *$/i; // RFC 6750; the scheme is case-insensitive (RFC 9110)

const challenge = { "WWW-Authenticate": 'Bearer realm="yourtrumps"' };
const invalidToken = { "WWW-Authenticate": 'Bearer realm="yourtrumps", error="invalid_token"' };

/** The refusal's code for a token whose account a moderator closed: the client keeps it (a reopening lets it in again). */
export const ACCOUNT_CLOSED = "account-closed";

/**
 * The player and session the request's token belongs to; throws 401 when there is none
 * (a session ended is refused by the very next request), 403 `account-closed` while a
 * moderator has closed the account, 503 when the database cannot say.
 */
export async function signedInPlayer(req: express.Request, store: Store): Promise<SignedIn> {
  const owner = await ownerOf(req, store);
  if ("closed" in owner)
    throw new HttpError(
      403,
      "a moderator closed this account: it is signed in nowhere until reopened (GET /api/me/notices says why)",
      {},
      ACCOUNT_CLOSED,
    );
  return owner;
}

/**
 * The player of the request's token even while a moderator has closed their account: only for
 * what they may still read then (their notices, which say why). 401 as signedInPlayer's.
 */
export async function tokenOwner(req: express.Request, store: Store): Promise<string> {
  const owner = await ownerOf(req, store);
  return "closed" in owner ? owner.closed : owner.id;
}

/** Whom the token is: a signed-in player, or the player of a session whose account is closed; 401 for neither. */
async function ownerOf(req: express.Request, store: Store): Promise<SignedIn | { closed: string }> {
  const token = bearerToken(req);
  const player = await fromStore(() => store.playerByToken(token));
  if (player !== null) return player;
  const closed = await fromStore(() => store.moderation.closedOwnerOf(token));
  if (closed !== null) return { closed };
  throw new HttpError(
    401,
    "this token belongs to no player: its session was signed out, or never made (sign in again, or POST /api/players makes a new identity)",
    invalidToken,
  );
}

/** The bearer token of the request; throws 401 without one. */
function bearerToken(req: express.Request): string {
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
  return token;
}
