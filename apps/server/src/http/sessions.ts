/**
 * Signing in and out (docs/api.md "Sessions"):
 *
 * - `POST /api/sessions` `{ handle, password, totp? }` → 201 `{ id, token, sessionId, profile }`.
 *   A wrong password and an unknown handle get the same 401 `sign-in-failed`, after the
 *   same Argon2 work (a decoy hash for the unknown handle);
 * - `POST /api/sessions/recovery` `{ handle, recoveryKey }` → 201, every other session
 *   ended, the key spent, and the password removed: the new session must add a passkey or a password;
 * - `GET /api/me/sessions`, `DELETE /api/me/sessions/:id`, `DELETE /api/me/sessions?others=1`.
 *
 * Passkey sign-in and device links make sessions too (passkeys.ts, device-links.ts).
 */
import type express from "express";
import { z } from "zod";
import type { AccountServices } from "../accounts/account-services.js";
import type { Device } from "../accounts/devices.js";
import { handleKey } from "../accounts/handles.js";
import { needsRehash } from "../accounts/passwords.js";
import { recoveryKeyHash } from "../accounts/secrets.js";
import type { Store } from "../storage/index.js";
import { addressOf, openSession, refusal, sendSession, unlessWaiting } from "./account-answers.js";
import { checkSecondFactor, hashing } from "./account.js";
import { signedInPlayer } from "./auth.js";
import { fromStore, methodNotAllowed } from "./errors.js";
import { parseBody, parseQuery } from "./validation.js";

const INPUT_MAX = 512;
const signInBody = z.strictObject({
  handle: z.string().max(INPUT_MAX),
  password: z.string().max(INPUT_MAX),
  totp: z.string().max(INPUT_MAX).optional(),
});
const recoveryBody = z.strictObject({ handle: z.string().max(INPUT_MAX), recoveryKey: z.string().max(INPUT_MAX) });
const othersQuery = z.object({ others: z.literal("1", { error: "must be 1: DELETE /api/me/sessions?others=1" }) });

/** One session of `GET /api/me/sessions`. */
export interface SessionListingAnswer {
  id: string;
  current: boolean; // the session of the token asking
  createdAt: string;
  lastSeenAt: string;
  device: Device;
}

const SIGN_IN_FAILED = "no account has this handle and password";

export function sessionRoutes(router: express.Router, store: Store, services: AccountServices): void {
  router
    .route("/sessions")
    .post(async (req, res) => {
      const { handle, password, totp } = parseBody(signInBody, req);
      const key = handleKey(handle.trim());
      const address = addressOf(req);
      unlessWaiting(await fromStore(() => services.limits.beforePassword(key, address)), "wrong passwords");
      const account = await fromStore(() => store.accounts.credentialsByHandle(key));
      const hash = account?.passwordHash ?? null;
      const right =
        hash === null
          ? await hashing(() => services.hasher.verifyDecoy(password))
          : await hashing(() => services.hasher.verify(hash, password));
      if (!right || account === null || hash === null) {
        await fromStore(() => services.limits.passwordFailed(key, address));
        throw refusal(401, "sign-in-failed", SIGN_IN_FAILED);
      }
      await checkSecondFactor(store, account, totp);
      await fromStore(() => services.limits.passwordPassed(key));
      if (needsRehash(hash)) {
        const rehashed = await hashing(() => services.hasher.hash(password)).catch(() => null); // a busy hasher: next time
        if (rehashed !== null)
          await fromStore(() => store.accounts.replacePasswordHash(account.playerId, hash, rehashed));
      }
      sendSession(res, await openSession(store, req, account.playerId));
    })
    .all(methodNotAllowed("POST"));

  router
    .route("/sessions/recovery")
    .post(async (req, res) => {
      const { handle, recoveryKey } = parseBody(recoveryBody, req);
      const key = handleKey(handle.trim());
      const address = addressOf(req);
      unlessWaiting(await fromStore(() => services.limits.beforePassword(key, address)), "wrong recovery keys");
      const hash = recoveryKeyHash(recoveryKey);
      const playerId = hash === null ? null : await fromStore(() => store.accounts.spendRecoveryKey(key, hash));
      if (playerId === null) {
        await fromStore(() => services.limits.passwordFailed(key, address));
        throw refusal(401, "sign-in-failed", "no account has this handle and recovery key");
      }
      await fromStore(() => services.limits.passwordPassed(key));
      const ended = await fromStore(() => store.accounts.endSessionsBut(playerId, null));
      await services.sessionsEnded(ended);
      const answer = await openSession(store, req, playerId);
      // The new session is asked for a new passkey or password (the old password is removed, the key spent).
      res
        .status(201)
        .set("Cache-Control", "no-store")
        .json({ ...answer, next: "add-credential" });
    })
    .all(methodNotAllowed("POST"));

  router
    .route("/me/sessions")
    .get(async (req, res) => {
      const player = await signedInPlayer(req, store);
      const sessions = await fromStore(() => store.accounts.listSessions(player.id));
      res.set("Cache-Control", "private, no-store").json({
        sessions: sessions.map((s): SessionListingAnswer => ({
          id: s.id,
          current: s.id === player.sessionId,
          createdAt: s.createdAt.toISOString(),
          lastSeenAt: s.lastSeenAt.toISOString(),
          device: s.device,
        })),
      });
    })
    .delete(async (req, res) => {
      const player = await signedInPlayer(req, store);
      parseQuery(othersQuery, req);
      const ended = await fromStore(() => store.accounts.endSessionsBut(player.id, player.sessionId));
      await services.sessionsEnded(ended);
      res.json({ ended: ended.length });
    })
    .all(methodNotAllowed("GET", "DELETE"));

  router
    .route("/me/sessions/:id")
    .delete(async (req, res) => {
      const player = await signedInPlayer(req, store);
      const id = req.params.id;
      if (!(await fromStore(() => store.accounts.endSession(player.id, id))))
        throw refusal(404, "no-such-session", "this player has no session with this id");
      await services.sessionsEnded([id]);
      res.status(204).end();
    })
    .all(methodNotAllowed("DELETE"));
}
