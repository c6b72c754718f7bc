import type {
  AccountSummaryAnswer,
  LinkingDeviceAnswer,
  LinkRequestAnswer,
  PasskeyAnswer,
  SessionAnswer,
  SessionListingAnswer,
} from "@yourtrumps/server/api";
import { readProfile, type Profile } from "./api-bodies.js";
import { fields, list, num, str } from "./read.js";

/**
 * The account routes' bodies (docs/accounts.md) as the client reads them: each reader
 * checks a body field by field, as api-bodies.ts does, and gives null for a body it cannot use.
 */

/** `GET /api/account`: which credentials the account has, never a secret. */
export interface AccountSummary {
  handle: string | null; // null: still a guest
  handleChangedAt: string | null; // ISO 8601: the last real rename (the 90-day rule counts from it)
  password: boolean;
  secondFactor: boolean;
  recoveryKey: boolean;
  closingAt: string | null; // a deletion under way: when it closes
  passkeys: number;
}

/** One passkey of `GET /api/me/passkeys`. */
export interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null; // null: never used to sign in
}

/** What a session's device is ("Chrome", "Android"); empty words where its browser did not say. */
export interface Device {
  browser: string;
  system: string;
}

/** One session of `GET /api/me/sessions`. */
export interface SessionListing {
  id: string;
  current: boolean; // this device's own
  createdAt: string;
  lastSeenAt: string;
  device: Device;
}

/** A device signed in: its own token for the same player (`POST /api/sessions…`). */
export interface SignedIn {
  id: string;
  token: string;
  sessionId: string;
  profile: Profile;
  next: "add-credential" | null; // after a recovery key: the account needs a new passkey or password
}

/** `POST /api/device-links`: the code to show and the secret only this device holds. */
export interface LinkRequest {
  code: string;
  secret: string;
  expiresAt: string;
}

/** `GET /api/me/device-links/:code`: what a code would link. */
export interface LinkingDevice {
  code: string;
  device: Device;
  createdAt: string;
}

/** A TOTP secret offered for confirmation (`POST /api/account/totp`). */
export interface TotpOffer {
  secret: string; // base32, for typing into an app
  uri: string; // otpauth://, for the QR code
}

export function readAccountSummary(raw: unknown): AccountSummary | null {
  const o = fields<AccountSummaryAnswer>(raw);
  if (typeof o.password !== "boolean") return null;
  return {
    handle: str(o.handle) || null,
    handleChangedAt: str(o.handleChangedAt) || null,
    password: o.password,
    secondFactor: o.secondFactor === true,
    recoveryKey: o.recoveryKey === true,
    closingAt: str(o.closingAt) || null,
    passkeys: num(o.passkeys, 0),
  };
}

export function readPasskey(raw: unknown): Passkey | null {
  const o = fields<PasskeyAnswer>(raw);
  const id = str(o.id);
  return id ? { id, name: str(o.name), createdAt: str(o.createdAt), lastUsedAt: str(o.lastUsedAt) || null } : null;
}

export function readPasskeys(raw: unknown): Passkey[] | null {
  const o = fields<{ passkeys: unknown }>(raw);
  return Array.isArray(o.passkeys) ? list(o.passkeys).flatMap((k) => readPasskey(k) ?? []) : null;
}

function readDevice(raw: unknown): Device {
  const o = fields<Device>(raw);
  return { browser: str(o.browser), system: str(o.system) };
}

export function readSessions(raw: unknown): SessionListing[] | null {
  const o = fields<{ sessions: unknown }>(raw);
  if (!Array.isArray(o.sessions)) return null;
  return list(o.sessions).flatMap((s) => {
    const f = fields<SessionListingAnswer>(s);
    const id = str(f.id);
    return id
      ? [
          {
            id,
            current: f.current === true,
            createdAt: str(f.createdAt),
            lastSeenAt: str(f.lastSeenAt),
            device: readDevice(f.device),
          },
        ]
      : [];
  });
}

export function readSignedIn(raw: unknown): SignedIn | null {
  const o = fields<SessionAnswer & { next: unknown }>(raw);
  const id = str(o.id);
  const token = str(o.token);
  const profile = readProfile(o.profile);
  if (!id || !token || profile === null) return null;
  return { id, token, sessionId: str(o.sessionId), profile, next: o.next === "add-credential" ? o.next : null };
}

export function readLinkRequest(raw: unknown): LinkRequest | null {
  const o = fields<LinkRequestAnswer>(raw);
  const code = str(o.code);
  const secret = str(o.secret);
  return code && secret ? { code, secret, expiresAt: str(o.expiresAt) } : null;
}

/** `POST /api/device-links/session`: still waiting (202), or the new session (201). */
export function readLinkAnswer(raw: unknown): SignedIn | "waiting" | null {
  return fields<{ state: unknown }>(raw).state === "waiting" ? "waiting" : readSignedIn(raw);
}

export function readLinkingDevice(raw: unknown): LinkingDevice | null {
  const o = fields<LinkingDeviceAnswer>(raw);
  const code = str(o.code);
  return code ? { code, device: readDevice(o.device), createdAt: str(o.createdAt) } : null;
}

export function readTotpOffer(raw: unknown): TotpOffer | null {
  const o = fields<TotpOffer>(raw);
  const secret = str(o.secret);
  const uri = str(o.uri);
  return secret && uri.startsWith("otpauth://") ? { secret, uri } : null;
}

/** A body the caller does not read (204, or an answer whose fields it does not need). */
export function readNothing(): true {
  return true;
}
