/**
 * The passkey ceremonies, through @simplewebauthn/browser loaded on first use: most visits
 * never sign in, so the library stays out of the lobby's first JavaScript (a chunk of its own).
 */
import type { CeremonyJson } from "../net/account-api.js";

const library = () => import("@simplewebauthn/browser");

/** Makes a passkey for the options the server gave (`POST /api/me/passkeys/options`). */
export async function createPasskey(options: CeremonyJson): Promise<object> {
  const { startRegistration } = await library();
  return startRegistration({ optionsJSON: options as never });
}

/**
 * Asks the authenticator for a passkey of this site; `autofill` waits instead for the
 * player to pick one from the handle field's suggestions (conditional UI), and resolves
 * null where the browser has no such suggestions.
 */
export async function usePasskey(options: CeremonyJson, autofill: boolean): Promise<object | null> {
  const { startAuthentication, browserSupportsWebAuthnAutofill } = await library();
  if (autofill && !(await browserSupportsWebAuthnAutofill())) return null;
  return startAuthentication({ optionsJSON: options as never, useBrowserAutofill: autofill });
}

/** Stops a ceremony under way (the sign-in form closed): its promise rejects with an AbortError. */
export async function cancelPasskey(): Promise<void> {
  const { WebAuthnAbortService } = await library();
  WebAuthnAbortService.cancelCeremony();
}

/** Whether a ceremony's failure was the player's choice (cancelled, closed, timed out) rather than a fault to report. */
export function declined(e: unknown): boolean {
  const name = e instanceof Error ? e.name : "";
  const code = (e as { code?: unknown } | null)?.code;
  return name === "AbortError" || name === "NotAllowedError" || code === "ERROR_CEREMONY_ABORTED";
}
