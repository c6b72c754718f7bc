/**
 * The account of the token's player (docs/api.md "Accounts"):
 *
 * - `POST /api/account` `{ handle, password? }`: a guest claims an account on its own
 *   player row (201 `{ id, handle }`, the id unchanged): every rating, hand and puzzle stays;
 * - `GET /api/account`: the handle and which credentials are set (never a secret);
 * - `PATCH /api/account` `{ handle }`: a case change at any time, a new handle once per 90 days;
 * - `DELETE /api/account`: signs out every session and closes the account in 7 days
 *   unless its owner signs in again (202 `{ closesAt }`);
 * - `PUT /api/account/password` `{ password, current? }`, `DELETE /api/account/password` `{ current }`;
 * - `POST /api/account/totp` (a secret to confirm), `PUT /api/account/totp` `{ code }`,
 *   `DELETE /api/account/totp` `{ code }`;
 * - `POST /api/account/recovery-key`: a new recovery key, shown this once.
 */
import type express from "express";
import { z } from "zod";
import type { AccountServices } from "../accounts/account-services.js";
import { checkHandle } from "../accounts/handles.js";
import { passwordProblem, PasswordsBusyError } from "../accounts/passwords.js";
import { acceptedStep, newTotpSecret } from "../accounts/second-factor.js";
import { newRecoveryKey, recoveryKeyHash } from "../accounts/secrets.js";
import { CLOSING_AFTER_MS, type Credentials, type Store } from "../storage/index.js";
import { addressOf, refusal, unlessWaiting } from "./account-answers.js";
import { signedInPlayer } from "./auth.js";
import { HttpError, fromStore, methodNotAllowed } from "./errors.js";
import { parseBody } from "./validation.js";

const INPUT_MAX = 512; // longer than any handle, password or code, so nothing longer is even hashed

const claimBody = z.strictObject({ handle: z.string().max(INPUT_MAX), password: z.string().max(INPUT_MAX).optional() });
const renameBody = z.strictObject({ handle: z.string().max(INPUT_MAX) });
const passwordBody = z.strictObject({
  password: z.string().max(INPUT_MAX),
  current: z.string().max(INPUT_MAX).optional(),
});
const currentBody = z.strictObject({ current: z.string().max(INPUT_MAX) });
const codeBody = z.strictObject({ code: z.string().max(INPUT_MAX) });

/** `POST /api/account`. */
export interface AccountAnswer {
  id: string;
  handle: string;
}

/** `GET /api/account`. */
export interface AccountSummaryAnswer {
  handle: string | null; // null: still a guest
  handleChangedAt: string | null;
  accountAt: string | null;
  password: boolean;
  secondFactor: boolean;
  recoveryKey: boolean;
  closingAt: string | null;
  passkeys: number;
}

/** The handle as checked, or a 400 naming the rule it broke. */
export function wantedHandle(raw: string): { handle: string; key: string } {
  const checked = checkHandle(raw);
  if (!checked.ok) throw refusal(400, checked.rule, checked.message);
  return checked;
}

/** The hasher's work, its "too many at once" a 503 with Retry-After. */
export async function hashing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof PasswordsBusyError) throw refusal(503, "busy", e.message, { "Retry-After": "1" });
    throw e;
  }
}

/**
 * Checks the account's password for someone already signed in (changing or removing
 * it): counted as a sign-in's failures are, so a stolen token cannot guess it faster.
 */
export async function checkCurrentPassword(
  services: AccountServices,
  req: express.Request,
  account: Credentials,
  password: string | undefined,
): Promise<void> {
  if (account.passwordHash === null) return;
  if (password === undefined) throw refusal(400, "password-current-required", "send the current password as `current`");
  const key = account.handle.normalize("NFKC").toLowerCase();
  const address = addressOf(req);
  unlessWaiting(await fromStore(() => services.limits.beforePassword(key, address)), "wrong passwords");
  if (!(await hashing(() => services.hasher.verify(account.passwordHash!, password)))) {
    await fromStore(() => services.limits.passwordFailed(key, address));
    throw refusal(403, "password-wrong", "the current password is not right");
  }
}

async function accountOf(store: Store, playerId: string): Promise<Credentials> {
  const account = await fromStore(() => store.accounts.credentialsOf(playerId));
  if (account === null)
    throw refusal(403, "not-an-account", "this player is a guest: POST /api/account claims an account");
  return account;
}

export function accountRoutes(router: express.Router, store: Store, services: AccountServices): void {
  router
    .route("/account")
    .post(async (req, res) => {
      const player = await signedInPlayer(req, store);
      const body = parseBody(claimBody, req);
      const wanted = wantedHandle(body.handle);
      if (player.handle !== null) throw refusal(409, "already-an-account", "this player already has an account");
      if (body.password !== undefined) {
        const problem = passwordProblem(body.password, wanted.handle);
        if (problem !== null) throw refusal(400, problem.rule, problem.message);
      }
      unlessWaiting(await fromStore(() => services.limits.signUp(addressOf(req))), "accounts made from this address");
      const hash = body.password === undefined ? null : await hashing(() => services.hasher.hash(body.password!));
      const claimed = await fromStore(() => store.accounts.claimAccount(player.id, wanted, hash));
      if (!claimed.ok) {
        if (claimed.why === "taken") throw refusal(409, "handle-taken", "this handle is taken (in some case)");
        if (claimed.why === "already-an-account")
          throw refusal(409, "already-an-account", "this player already has an account");
        throw new HttpError(404, "this token's player is gone");
      }
      res.status(201).json({ id: player.id, handle: claimed.handle } satisfies AccountAnswer);
    })
    .get(async (req, res) => {
      const player = await signedInPlayer(req, store);
      const [summary, passkeys] = await fromStore(() =>
        Promise.all([store.accounts.accountSummary(player.id), store.accounts.listPasskeys(player.id)]),
      );
      if (summary === null) throw new HttpError(404, "this token's player is gone");
      res.set("Cache-Control", "private, no-store").json({
        handle: summary.handle,
        handleChangedAt: summary.handleChangedAt?.toISOString() ?? null,
        accountAt: summary.accountAt?.toISOString() ?? null,
        password: summary.password,
        secondFactor: summary.totp,
        recoveryKey: summary.recoveryKey,
        closingAt: summary.closingAt?.toISOString() ?? null,
        passkeys: passkeys.length,
      } satisfies AccountSummaryAnswer);
    })
    .patch(async (req, res) => {
      const player = await signedInPlayer(req, store);
      const wanted = wantedHandle(parseBody(renameBody, req).handle);
      const renamed = await fromStore(() => store.accounts.renameHandle(player.id, wanted));
      if (!renamed.ok) {
        if (renamed.why === "taken") throw refusal(409, "handle-taken", "this handle is taken (in some case)");
        if (renamed.why === "too-soon")
          throw refusal(
            409,
            "rename-too-soon",
            `a handle changes once in 90 days: next from ${renamed.next.toISOString()}`,
          );
        if (renamed.why === "not-an-account")
          throw refusal(403, "not-an-account", "this player is a guest: POST /api/account claims an account");
        throw new HttpError(404, "this token's player is gone");
      }
      res.json({ id: player.id, handle: renamed.handle } satisfies AccountAnswer);
    })
    .delete(async (req, res) => {
      const player = await signedInPlayer(req, store);
      await accountOf(store, player.id);
      const closesAt = new Date(Date.now() + CLOSING_AFTER_MS);
      const ended = await fromStore(async () => {
        await store.accounts.scheduleClosing(player.id, closesAt);
        return store.accounts.endSessionsBut(player.id, null);
      });
      await services.sessionsEnded(ended);
      res.status(202).json({ closesAt: closesAt.toISOString() });
    })
    .all(methodNotAllowed("GET", "POST", "PATCH", "DELETE"));

  router
    .route("/account/password")
    .put(async (req, res) => {
      const player = await signedInPlayer(req, store);
      const account = await accountOf(store, player.id);
      const { password, current } = parseBody(passwordBody, req);
      const problem = passwordProblem(password, account.handle);
      if (problem !== null) throw refusal(400, problem.rule, problem.message);
      await checkCurrentPassword(services, req, account, current);
      const hash = await hashing(() => services.hasher.hash(password));
      await fromStore(() => store.accounts.setPasswordHash(player.id, hash));
      res.status(204).end();
    })
    .delete(async (req, res) => {
      const player = await signedInPlayer(req, store);
      const account = await accountOf(store, player.id);
      if (account.passwordHash === null) throw refusal(404, "no-password", "this account has no password");
      const passkeys = await fromStore(() => store.accounts.passkeyIds(player.id));
      if (passkeys.length === 0)
        throw refusal(409, "last-credential", "add a passkey first: an account needs a way to sign in");
      await checkCurrentPassword(services, req, account, parseBody(currentBody, req).current);
      await fromStore(() => store.accounts.setPasswordHash(player.id, null));
      res.status(204).end();
    })
    .all(methodNotAllowed("PUT", "DELETE"));

  router
    .route("/account/totp")
    .post(async (req, res) => {
      const player = await signedInPlayer(req, store);
      const account = await accountOf(store, player.id);
      if (account.passwordHash === null)
        throw refusal(409, "no-password", "a second factor guards a password: set a password first");
      if (account.totpSecret !== null)
        throw refusal(409, "second-factor-set", "this account has a second factor already");
      const offered = newTotpSecret(account.handle);
      await fromStore(() => store.accounts.setPendingTotp(player.id, offered.secret));
      res.status(201).set("Cache-Control", "no-store").json(offered);
    })
    .put(async (req, res) => {
      const player = await signedInPlayer(req, store);
      await accountOf(store, player.id);
      const { code } = parseBody(codeBody, req);
      const pending = await fromStore(() => store.accounts.pendingTotp(player.id));
      if (pending === null) throw refusal(409, "no-second-factor-offered", "POST /api/account/totp first");
      const step = await acceptedStep(pending, code.trim(), null);
      if (step === null) throw refusal(400, "second-factor-wrong", "this code is not right for the secret offered");
      if (!(await fromStore(() => store.accounts.confirmTotp(player.id, pending, step))))
        throw refusal(
          409,
          "no-second-factor-offered",
          "the secret offered changed meanwhile: POST /api/account/totp again",
        );
      res.status(204).end();
    })
    .delete(async (req, res) => {
      const player = await signedInPlayer(req, store);
      const account = await accountOf(store, player.id);
      if (account.totpSecret === null) throw refusal(404, "no-second-factor", "this account has no second factor");
      await checkSecondFactor(store, account, parseBody(codeBody, req).code);
      await fromStore(() => store.accounts.removeTotp(player.id));
      res.status(204).end();
    })
    .all(methodNotAllowed("POST", "PUT", "DELETE"));

  router
    .route("/account/recovery-key")
    .post(async (req, res) => {
      const player = await signedInPlayer(req, store);
      await accountOf(store, player.id);
      const key = newRecoveryKey();
      await fromStore(() => store.accounts.setRecoveryHash(player.id, recoveryKeyHash(key)));
      res.status(201).set("Cache-Control", "no-store").json({ recoveryKey: key });
    })
    .all(methodNotAllowed("POST"));
}

/** A TOTP code for `account`, accepted once: 401 when wrong or already used. */
export async function checkSecondFactor(store: Store, account: Credentials, code: string | undefined): Promise<void> {
  if (account.totpSecret === null) return;
  if (code === undefined || code.trim() === "")
    throw refusal(401, "second-factor-required", "this account asks for its second factor: send `totp`");
  const step = await acceptedStep(account.totpSecret, code.trim(), account.totpLastStep);
  if (step === null || !(await fromStore(() => store.accounts.takeTotpStep(account.playerId, step))))
    throw refusal(401, "second-factor-wrong", "this code is not right, or was used already");
}
