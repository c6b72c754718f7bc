import { ApiError, type Api } from "./api.js";
import {
  readAccountSummary,
  readLinkAnswer,
  readLinkingDevice,
  readLinkRequest,
  readNothing,
  readPasskey,
  readPasskeys,
  readSessions,
  readSignedIn,
  readTotpOffer,
  type AccountSummary,
  type LinkingDevice,
  type LinkRequest,
  type Passkey,
  type SessionListing,
  type SignedIn,
  type TotpOffer,
} from "./account-bodies.js";
import { fields, str } from "./read.js";

/** The export streams every hand the player has (tens of megabytes for a busy one): more than a call's usual 8 s. */
const EXPORT_TIMEOUT_MS = 120_000;

/** A WebAuthn ceremony's options or response, passed between the server and @simplewebauthn/browser unread. */
export type CeremonyJson = Record<string, unknown>;

const json = (raw: unknown): CeremonyJson | null =>
  raw !== null && typeof raw === "object" ? (raw as CeremonyJson) : null;

/**
 * The account routes of the HTTP API (docs/accounts.md), over `Api.request`: claiming,
 * signing in (password, passkey, recovery key, device link), credentials, sessions,
 * export and deletion. `token` is the signed-in device's bearer token.
 */
export class AccountApi {
  constructor(private readonly api: Api) {}

  /** Makes the guest of `token` an account named `handle`: the same player, now with a handle. */
  claim(token: string, handle: string): Promise<string> {
    return this.api.request("POST", "/api/account", token, (b) => str(fields<{ handle: unknown }>(b).handle) || null, {
      handle,
    });
  }

  /** Whether a player holds `handle` now (or gave it up within the year): the public profile by handle answers. */
  async handleTaken(handle: string): Promise<boolean> {
    try {
      await this.api.request("GET", `/api/players/@${encodeURIComponent(handle)}`, null, readNothing);
      return true;
    } catch (e: unknown) {
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) return false;
      throw e;
    }
  }

  summary(token: string): Promise<AccountSummary> {
    return this.api.request("GET", "/api/account", token, readAccountSummary);
  }

  renameHandle(token: string, handle: string): Promise<true> {
    return this.api.request("PATCH", "/api/account", token, readNothing, { handle });
  }

  /** Starts the 7 days after which the account closes; every session ends now. Resolves with when it closes. */
  deleteAccount(token: string): Promise<string> {
    return this.api.request(
      "DELETE",
      "/api/account",
      token,
      (b) => str(fields<{ closesAt: unknown }>(b).closesAt) || null,
    );
  }

  setPassword(token: string, password: string, current: string | null): Promise<true> {
    return this.api.request("PUT", "/api/account/password", token, readNothing, {
      password,
      ...(current === null ? {} : { current }),
    });
  }

  removePassword(token: string, current: string): Promise<true> {
    return this.api.request("DELETE", "/api/account/password", token, readNothing, { current });
  }

  offerTotp(token: string): Promise<TotpOffer> {
    return this.api.request("POST", "/api/account/totp", token, readTotpOffer);
  }

  confirmTotp(token: string, code: string): Promise<true> {
    return this.api.request("PUT", "/api/account/totp", token, readNothing, { code });
  }

  removeTotp(token: string, code: string): Promise<true> {
    return this.api.request("DELETE", "/api/account/totp", token, readNothing, { code });
  }

  /** A new recovery key, shown this once (it replaces the old one). */
  recoveryKey(token: string): Promise<string> {
    return this.api.request("POST", "/api/account/recovery-key", token, (b) => {
      return str(fields<{ recoveryKey: unknown }>(b).recoveryKey) || null;
    });
  }

  signIn(handle: string, password: string, totp: string | null): Promise<SignedIn> {
    return this.api.request("POST", "/api/sessions", null, readSignedIn, {
      handle,
      password,
      ...(totp === null ? {} : { totp }),
    });
  }

  recover(handle: string, recoveryKey: string): Promise<SignedIn> {
    return this.api.request("POST", "/api/sessions/recovery", null, readSignedIn, { handle, recoveryKey });
  }

  /** Options for `startAuthentication`: no credentials named, so nobody types a handle. */
  signInOptions(): Promise<CeremonyJson> {
    return this.api.request("POST", "/api/passkeys/options", null, json);
  }

  signInWithPasskey(response: object): Promise<SignedIn> {
    return this.api.request("POST", "/api/sessions/passkey", null, readSignedIn, { response });
  }

  registrationOptions(token: string): Promise<CeremonyJson> {
    return this.api.request("POST", "/api/me/passkeys/options", token, json);
  }

  addPasskey(token: string, response: object): Promise<Passkey> {
    return this.api.request("POST", "/api/me/passkeys", token, readPasskey, { response });
  }

  passkeys(token: string): Promise<Passkey[]> {
    return this.api.request("GET", "/api/me/passkeys", token, readPasskeys);
  }

  renamePasskey(token: string, id: string, name: string): Promise<true> {
    return this.api.request("PATCH", `/api/me/passkeys/${encodeURIComponent(id)}`, token, readNothing, { name });
  }

  removePasskey(token: string, id: string): Promise<true> {
    return this.api.request("DELETE", `/api/me/passkeys/${encodeURIComponent(id)}`, token, readNothing);
  }

  sessions(token: string): Promise<SessionListing[]> {
    return this.api.request("GET", "/api/me/sessions", token, readSessions);
  }

  endSession(token: string, id: string): Promise<true> {
    return this.api.request("DELETE", `/api/me/sessions/${encodeURIComponent(id)}`, token, readNothing);
  }

  endOtherSessions(token: string): Promise<true> {
    return this.api.request("DELETE", "/api/me/sessions?others=1", token, readNothing);
  }

  /** Everything the server holds about the player, as one JSON document (for a download). */
  exportRecord(token: string): Promise<CeremonyJson> {
    return this.api.request("GET", "/api/me/export", token, json, undefined, EXPORT_TIMEOUT_MS);
  }

  /** A signed-out device asks to be linked: the code to show, the secret to keep. */
  requestLink(): Promise<LinkRequest> {
    return this.api.request("POST", "/api/device-links", null, readLinkRequest);
  }

  /** Whether the link was confirmed: "waiting", or the new session (once). */
  linkAnswer(secret: string): Promise<SignedIn | "waiting"> {
    return this.api.request("POST", "/api/device-links/session", null, readLinkAnswer, { secret });
  }

  linkingDevice(token: string, code: string): Promise<LinkingDevice> {
    return this.api.request("GET", `/api/me/device-links/${encodeURIComponent(code)}`, token, readLinkingDevice);
  }

  confirmLink(token: string, code: string): Promise<true> {
    return this.api.request("POST", `/api/me/device-links/${encodeURIComponent(code)}`, token, readNothing);
  }
}
