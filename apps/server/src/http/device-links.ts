/**
 * Linking a device by a code (docs/api.md "Device links"):
 *
 * - the signed-out device: `POST /api/device-links` → 201 `{ code, secret, expiresAt }`;
 *   it shows the code (and a QR code of it), keeps the secret, and asks
 *   `POST /api/device-links/session` `{ secret }` → 202 `{ state: "waiting" }` until
 *   confirmed, then 201 a session (once: the link is spent), 404 when expired or unknown;
 * - the signed-in device: `GET /api/me/device-links/:code` → what is asking (browser,
 *   system, when), `POST /api/me/device-links/:code` → 204 confirmed.
 *
 * The code alone grants nothing: only the device holding the secret gets the session.
 * A code that finds no waiting device counts against the account (5 in 10 minutes) and
 * the address (20 an hour); beyond, 429.
 */
import type express from "express";
import { z } from "zod";
import type { AccountServices } from "../accounts/account-services.js";
import { newLinkCode, typedLinkCode } from "../accounts/secrets.js";
import type { Store } from "../storage/index.js";
import { newToken } from "../storage/tokens.js";
import { addressOf, deviceOf, openSession, refusal, sendSession, unlessWaiting } from "./account-answers.js";
import { signedInPlayer } from "./auth.js";
import { fromStore, methodNotAllowed } from "./errors.js";
import { parseBody } from "./validation.js";

const secretBody = z.strictObject({ secret: z.string().max(100) });

export interface LinkRequestAnswer {
  code: string; // 8 characters, to type or scan on the signed-in device
  secret: string; // this device's alone: POST /api/device-links/session with it
  expiresAt: string;
}

export interface LinkingDeviceAnswer {
  code: string;
  device: { browser: string; system: string };
  createdAt: string;
  expiresAt: string;
}

export function deviceLinkRoutes(router: express.Router, store: Store, services: AccountServices): void {
  router
    .route("/device-links")
    .post(async (req, res) => {
      const secret = newToken();
      const code = newLinkCode();
      const expiresAt = await fromStore(() => store.accounts.keepLinkRequest(code, secret, deviceOf(req)));
      res
        .status(201)
        .set("Cache-Control", "no-store")
        .json({ code, secret, expiresAt: expiresAt.toISOString() } satisfies LinkRequestAnswer);
    })
    .all(methodNotAllowed("POST"));

  router
    .route("/device-links/session")
    .post(async (req, res) => {
      const { secret } = parseBody(secretBody, req);
      const link = await fromStore(() => store.accounts.takeLink(secret));
      if (link.state === "unknown")
        throw refusal(404, "no-such-link", "this link expired, was used, or never was: ask for a new code");
      if (link.state === "waiting") {
        res
          .status(202)
          .set("Cache-Control", "no-store")
          .json({ state: "waiting", expiresAt: link.expiresAt.toISOString() });
        return;
      }
      sendSession(res, await openSession(store, req, link.playerId));
    })
    .all(methodNotAllowed("POST"));

  /** The waiting request a typed code names, counting a miss against the account and the address. */
  const waitingRequest = async (req: express.Request, playerId: string) => {
    const address = addressOf(req);
    unlessWaiting(await fromStore(() => services.limits.beforeLinkCode(playerId, address)), "wrong link codes");
    const code = typedLinkCode(String(req.params.code));
    const link = code === null ? null : await fromStore(() => store.accounts.waitingLink(code));
    if (link === null) {
      await fromStore(() => services.limits.linkCodeMissed(playerId, address));
      throw refusal(404, "no-such-link", "no device is waiting with this code (expired, used, or mistyped)");
    }
    return link;
  };

  router
    .route("/me/device-links/:code")
    .get(async (req, res) => {
      const player = await signedInPlayer(req, store);
      if (player.handle === null)
        throw refusal(403, "not-an-account", "this player is a guest: POST /api/account claims an account");
      const link = await waitingRequest(req, player.id);
      res.set("Cache-Control", "no-store").json({
        code: link.code,
        device: link.device,
        createdAt: link.createdAt.toISOString(),
        expiresAt: link.expiresAt.toISOString(),
      } satisfies LinkingDeviceAnswer);
    })
    .post(async (req, res) => {
      const player = await signedInPlayer(req, store);
      if (player.handle === null)
        throw refusal(403, "not-an-account", "this player is a guest: POST /api/account claims an account");
      const link = await waitingRequest(req, player.id);
      if (!(await fromStore(() => store.accounts.confirmLink(link.code, player.id))))
        throw refusal(404, "no-such-link", "no device is waiting with this code (expired, used, or mistyped)");
      res.status(204).end();
    })
    .all(methodNotAllowed("GET", "POST"));
}
