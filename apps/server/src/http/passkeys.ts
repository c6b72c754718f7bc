/**
 * Passkeys (docs/api.md "Passkeys"):
 *
 * - `POST /api/me/passkeys/options` → the options for `navigator.credentials.create`
 *   (via @simplewebauthn/browser's startRegistration); `POST /api/me/passkeys`
 *   `{ response, name? }` → 201 the passkey added (20 at most an account);
 * - `GET /api/me/passkeys`, `PATCH /api/me/passkeys/:id` `{ name }`, `DELETE /api/me/passkeys/:id`;
 * - `POST /api/passkeys/options` → options for a sign-in without a handle (discoverable
 *   credentials; also what conditional UI's autofill waits on); `POST /api/sessions/passkey`
 *   `{ response }` → 201 a session, like a password sign-in.
 *
 * Every challenge is the server's, single use, 5 minutes. Verifications are limited to 10
 * a minute an address (registration and sign-in together).
 */
import type express from "express";
import { z } from "zod";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { AccountServices } from "../accounts/account-services.js";
import {
  PasskeyError,
  registrationOptions,
  signInOptions,
  verifyRegistration,
  verifySignIn,
} from "../accounts/passkey-ceremonies.js";
import { PASSKEYS_MAX, type PasskeyListing, type Store } from "../storage/index.js";
import { addressOf, deviceOf, openSession, refusal, sendSession, unlessWaiting } from "./account-answers.js";
import { signedInPlayer } from "./auth.js";
import { HttpError, fromStore, methodNotAllowed } from "./errors.js";
import { parseBody } from "./validation.js";

const NAME_MAX = 64;
const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, { error: "must be base64url" });
/** The shape of a WebAuthn response as @simplewebauthn/browser sends it; the library checks the rest. */
const credential = <T extends z.ZodRawShape>(response: T) =>
  z.object({
    id: base64url.min(1),
    rawId: base64url.min(1),
    type: z.literal("public-key"),
    response: z.looseObject(response),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
    authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  });
const registration = credential({
  clientDataJSON: base64url,
  attestationObject: base64url,
  transports: z.array(z.string().max(40)).max(10).optional(),
});
const assertion = credential({
  clientDataJSON: base64url,
  authenticatorData: base64url,
  signature: base64url,
  userHandle: base64url.optional(),
});
const registerBody = z.strictObject({ response: registration, name: z.string().max(200).optional() });
const signInBody = z.strictObject({ response: assertion });
const renameBody = z.strictObject({ name: z.string().max(200) });

export interface PasskeyAnswer {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  backedUp: boolean; // a synced passkey
}

function passkeyAnswer(k: PasskeyListing): PasskeyAnswer {
  return {
    id: k.id,
    name: k.name,
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    backedUp: k.backedUp,
  };
}

/** A passkey's name as given, cleaned of what a name shows badly; a default from the device when none is left. */
function passkeyName(given: string | undefined, fallback: string): string {
  const clean = (given ?? "")
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "")
    .replace(/\s+/gu, " ")
    .trim();
  return [...(clean === "" ? fallback : clean)].slice(0, NAME_MAX).join("");
}

function asRefusal(e: unknown): unknown {
  return e instanceof PasskeyError ? refusal(400, e.refusal, e.message) : e;
}

export function passkeyRoutes(router: express.Router, store: Store, services: AccountServices): void {
  const rp = services.relyingParty;

  router
    .route("/me/passkeys/options")
    .post(async (req, res) => {
      const player = await signedInPlayer(req, store);
      if (player.handle === null)
        throw refusal(403, "not-an-account", "this player is a guest: POST /api/account claims an account");
      const existing = await fromStore(() => store.accounts.passkeyIds(player.id));
      if (existing.length >= PASSKEYS_MAX)
        throw refusal(409, "passkeys-full", `an account has at most ${PASSKEYS_MAX} passkeys: remove one first`);
      const options = await registrationOptions(
        rp,
        { id: player.id, handle: player.handle, name: player.name },
        existing,
      );
      await fromStore(() => store.accounts.keepChallenge(options.challenge, "register", player.id));
      res.set("Cache-Control", "no-store").json(options);
    })
    .all(methodNotAllowed("POST"));

  router
    .route("/me/passkeys")
    .get(async (req, res) => {
      const player = await signedInPlayer(req, store);
      const passkeys = await fromStore(() => store.accounts.listPasskeys(player.id));
      res.set("Cache-Control", "private, no-store").json({ passkeys: passkeys.map(passkeyAnswer) });
    })
    .post(async (req, res) => {
      const player = await signedInPlayer(req, store);
      const body = parseBody(registerBody, req);
      unlessWaiting(await fromStore(() => services.limits.passkeyVerification(addressOf(req))), "passkey checks");
      const registered = await verifyRegistration(
        rp,
        body.response as unknown as RegistrationResponseJSON,
        (challenge) => fromStore(() => store.accounts.takeChallenge(challenge, "register", player.id)),
      ).catch((e: unknown) => {
        throw asRefusal(e);
      });
      const device = deviceOf(req);
      const name = passkeyName(
        body.name,
        [device.browser, device.system].filter((w) => w !== "").join(" on ") || "Passkey",
      );
      const added = await fromStore(() => store.accounts.addPasskey(player.id, { ...registered, name }));
      if (added === "taken") throw refusal(409, "passkey-taken", "this passkey is registered already");
      if (added === "too-many")
        throw refusal(409, "passkeys-full", `an account has at most ${PASSKEYS_MAX} passkeys: remove one first`);
      const listed = (await fromStore(() => store.accounts.listPasskeys(player.id))).find(
        (k) => k.id === registered.id,
      );
      if (listed === undefined) throw new HttpError(503, "the passkey could not be read back; try again");
      res.status(201).json(passkeyAnswer(listed));
    })
    .all(methodNotAllowed("GET", "POST"));

  router
    .route("/me/passkeys/:id")
    .patch(async (req, res) => {
      const player = await signedInPlayer(req, store);
      const name = passkeyName(parseBody(renameBody, req).name, "");
      if (name === "") throw refusal(400, "passkey-name", "a passkey's name needs a visible character");
      if (!(await fromStore(() => store.accounts.renamePasskey(player.id, req.params.id, name))))
        throw refusal(404, "no-such-passkey", "this account has no passkey with this id");
      res.status(204).end();
    })
    .delete(async (req, res) => {
      const player = await signedInPlayer(req, store);
      const [account, passkeys] = await fromStore(() =>
        Promise.all([store.accounts.credentialsOf(player.id), store.accounts.passkeyIds(player.id)]),
      );
      if (!passkeys.some((k) => k.id === req.params.id))
        throw refusal(404, "no-such-passkey", "this account has no passkey with this id");
      if (passkeys.length === 1 && account?.passwordHash == null)
        throw refusal(
          409,
          "last-credential",
          "add a password or another passkey first: an account needs a way to sign in",
        );
      await fromStore(() => store.accounts.removePasskey(player.id, req.params.id));
      res.status(204).end();
    })
    .all(methodNotAllowed("PATCH", "DELETE"));

  router
    .route("/passkeys/options")
    .post(async (_req, res) => {
      const options = await signInOptions(rp);
      await fromStore(() => store.accounts.keepChallenge(options.challenge, "sign-in", null));
      res.set("Cache-Control", "no-store").json(options);
    })
    .all(methodNotAllowed("POST"));

  router
    .route("/sessions/passkey")
    .post(async (req, res) => {
      const { response } = parseBody(signInBody, req);
      unlessWaiting(await fromStore(() => services.limits.passkeyVerification(addressOf(req))), "passkey checks");
      const credential = await fromStore(() => store.accounts.passkeyById(response.id));
      if (credential === null) throw refusal(400, "passkey-unknown", "no account has this passkey");
      const counter = await verifySignIn(
        rp,
        response as unknown as AuthenticationResponseJSON,
        credential,
        (challenge) => fromStore(() => store.accounts.takeChallenge(challenge, "sign-in", null)),
      ).catch((e: unknown) => {
        throw asRefusal(e);
      });
      await fromStore(() => store.accounts.passkeyUsed(credential.id, counter));
      sendSession(res, await openSession(store, req, credential.playerId));
    })
    .all(methodNotAllowed("POST"));
}
