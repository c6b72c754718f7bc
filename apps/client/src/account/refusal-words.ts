import type { Key } from "../i18n/index.js";
import type { AccountKey } from "./words/index.js";
import { ApiError } from "../net/api.js";

/** The account routes' refusal codes (docs/accounts.md) the player is told in words of their own. */
const CODE_KEY: Record<string, AccountKey | Key> = {
  "handle-length": "errHandleLength",
  "handle-first-letter": "errHandleFirstLetter",
  "handle-characters": "errHandleCharacters",
  "handle-separators": "errHandleSeparators",
  "handle-invisible": "errHandleInvisible",
  "handle-reserved": "errHandleReserved",
  "handle-taken": "errHandleTaken",
  "rename-too-soon": "errRenameTooSoon",
  "password-length": "errPasswordLength",
  "password-common": "errPasswordCommon",
  "password-is-handle": "errPasswordIsHandle",
  "password-current-required": "errPasswordCurrent",
  "password-wrong": "errPasswordWrong",
  "last-credential": "errLastCredential",
  "sign-in-failed": "errSignInFailed",
  "second-factor-wrong": "errSecondFactorWrong",
  "passkeys-full": "errPasskeysFull",
  "passkey-unknown": "errPasskeyUnknown",
  "passkey-taken": "errPasskeyTaken",
  "no-such-link": "errNoSuchLink",
  "no-such-session": "errNoSuchSession",
  "rate-limited": "errRateLimited",
  busy: "errBusy",
};

/** What to tell the player of a failed account call: the refusal's own sentence where there is one, else a general one. */
export function refusalKey(e: unknown): AccountKey | Key {
  if (!(e instanceof ApiError)) return "errAccountFailed";
  const known = CODE_KEY[e.code];
  if (known !== undefined) return known;
  if (e.code.startsWith("passkey-")) return "errPasskeyFailed";
  if (e.failure === "unreachable") return "errNoConnection";
  return "errAccountFailed";
}

/** The refusal's Retry-After, in seconds, for the sentences that say how long to wait. */
export function waitOf(e: unknown): number {
  return e instanceof ApiError ? Math.max(1, e.retryAfter) : 1;
}
