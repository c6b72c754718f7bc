/**
 * What the account routes share: refusals with a `code`, 429 with Retry-After from a
 * limit's wait, the caller's address and device, and the answer that hands a device a
 * new session (sign-in by password, passkey, recovery key or device link).
 */
import type express from "express";
import { describeDevice, type Device } from "../accounts/devices.js";
import type { Store } from "../storage/index.js";
import { ADDRESS_HEADER } from "./client-address.js";
import { HttpError, fromStore } from "./errors.js";
import { profileAnswer, type MeAnswer } from "./players.js";

/** A new session for a device that signed in: `POST /api/sessions…`. */
export interface SessionAnswer {
  id: string; // the player's id: the same player, whatever device signed in
  token: string; // the new device's bearer token, shown this once
  sessionId: string; // this session's id in GET /api/me/sessions
  profile: MeAnswer; // as GET /api/me answers it on the new device
}

export function refusal(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): HttpError {
  return new HttpError(status, message, headers, code);
}

/** Throws 429 with Retry-After when a limit says to wait `waitMs`. */
export function unlessWaiting(waitMs: number, what: string): void {
  if (waitMs > 0)
    throw refusal(429, "rate-limited", `too many ${what}; try again in ${Math.ceil(waitMs / 1000)} s`, {
      "Retry-After": String(Math.max(1, Math.ceil(waitMs / 1000))),
    });
}

/** The address the front door resolved (http/client-address.ts). */
export function addressOf(req: express.Request): string {
  return req.get(ADDRESS_HEADER) ?? req.socket.remoteAddress ?? "unknown";
}

export function deviceOf(req: express.Request): Device {
  return describeDevice(req.get("user-agent"));
}

/** Opens a session of `playerId` for the requesting device; signing in keeps an account that was closing. */
export async function openSession(store: Store, req: express.Request, playerId: string): Promise<SessionAnswer> {
  const session = await fromStore(async () => {
    await store.accounts.cancelClosing(playerId);
    return store.accounts.createSession(playerId, deviceOf(req));
  });
  const [profile, role] = await fromStore(() =>
    Promise.all([store.getPlayer(playerId), store.moderation.roleOf(playerId)]),
  );
  if (profile === null) throw new HttpError(503, "the player could not be read back; try again");
  return { id: playerId, token: session.token, sessionId: session.id, profile: { ...profileAnswer(profile), role } };
}

export function sendSession(res: express.Response, answer: SessionAnswer): void {
  res.status(201).set("Cache-Control", "no-store").json(answer);
}
