/**
 * The two WebAuthn ceremonies, with @simplewebauthn/server: registering a passkey on a
 * signed-in account, and signing in with one without naming the account first
 * (discoverable credentials: the authenticator says whose passkey it is). The challenge
 * checked is the one the server kept (`takeChallenge` spends it: single use, 5 minutes),
 * and the origin the one the relying party allows.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { originAllowed, type RelyingParty } from "./relying-party.js";

const TIMEOUT_MS = 5 * 60_000;

/** Why a ceremony's response was refused (the HTTP API's `code`). */
export type PasskeyRefusal =
  | "passkey-malformed" // not a WebAuthn response at all
  | "passkey-origin" // made for another site
  | "passkey-challenge" // a challenge not handed out, used before, or expired: a replay
  | "passkey-unknown" // a sign-in with a credential no account has
  | "passkey-other-account" // the credential belongs to another account than the response claims
  | "passkey-invalid"; // the signature or the authenticator data do not verify

export class PasskeyError extends Error {
  override name = "PasskeyError";
  constructor(
    readonly refusal: PasskeyRefusal,
    message: string,
  ) {
    super(message);
  }
}

/** What a verified registration adds. */
export interface RegisteredPasskey {
  id: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  backedUp: boolean;
}

/** The player's id as the WebAuthn user handle: its 16 bytes. */
export function userHandleOf(playerId: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(Buffer.from(playerId.replace(/-/g, ""), "hex"));
}

/** The origin a response's client data names, checked against the relying party. */
function checkedOrigin(rp: RelyingParty, clientDataJSON: unknown): string {
  let origin: unknown;
  try {
    origin = (JSON.parse(Buffer.from(String(clientDataJSON), "base64url").toString("utf8")) as { origin?: unknown })
      .origin;
  } catch {
    throw new PasskeyError("passkey-malformed", "the response's client data is not readable");
  }
  if (typeof origin !== "string" || !originAllowed(rp, origin))
    throw new PasskeyError("passkey-origin", "this passkey response was made for another site");
  return origin;
}

export function registrationOptions(
  rp: RelyingParty,
  player: { id: string; handle: string; name: string },
  existing: readonly { id: string; transports: string[] }[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: player.handle,
    userDisplayName: player.name,
    userID: userHandleOf(player.id),
    timeout: TIMEOUT_MS,
    attestationType: "none",
    excludeCredentials: existing.map((k) => ({ id: k.id, transports: k.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
}

/** Verifies a registration; `takeChallenge` spends the challenge the response signed. Throws PasskeyError. */
export async function verifyRegistration(
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  takeChallenge: (challenge: string) => Promise<boolean>,
): Promise<RegisteredPasskey> {
  const origin = checkedOrigin(rp, response.response?.clientDataJSON);
  let spent = false;
  const expectedChallenge = async (challenge: string): Promise<boolean> => (spent = await takeChallenge(challenge));
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!result.verified) throw new PasskeyError("passkey-invalid", "the passkey could not be verified");
    const { credential, credentialBackedUp } = result.registrationInfo;
    return {
      id: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
      backedUp: credentialBackedUp,
    };
  } catch (e) {
    throw asPasskeyError(e, spent);
  }
}

export function signInOptions(rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({ rpID: rp.id, timeout: TIMEOUT_MS, userVerification: "preferred" });
}

/** The credential a sign-in response names, as the account keeps it. */
export interface KnownCredential {
  id: string;
  playerId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
}

/** Verifies a sign-in with `credential` (the one the response names); the new counter. Throws PasskeyError. */
export async function verifySignIn(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  credential: KnownCredential,
  takeChallenge: (challenge: string) => Promise<boolean>,
): Promise<number> {
  const origin = checkedOrigin(rp, response.response?.clientDataJSON);
  const claimed = response.response?.userHandle;
  if (typeof claimed === "string" && claimed !== Buffer.from(userHandleOf(credential.playerId)).toString("base64url"))
    throw new PasskeyError("passkey-other-account", "this passkey belongs to another account");
  let spent = false;
  const expectedChallenge = async (challenge: string): Promise<boolean> => (spent = await takeChallenge(challenge));
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rp.id,
      credential: {
        id: credential.id,
        publicKey: new Uint8Array(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports,
      },
      requireUserVerification: false,
    });
    if (!result.verified) throw new PasskeyError("passkey-invalid", "the passkey could not be verified");
    return result.authenticationInfo.newCounter;
  } catch (e) {
    throw asPasskeyError(e, spent);
  }
}

/** The library's errors in our words: a challenge it could not match is a replay or an expired ceremony. */
function asPasskeyError(e: unknown, challengeSpent: boolean): PasskeyError {
  if (e instanceof PasskeyError) return e;
  const message = e instanceof Error ? e.message : String(e);
  if (!challengeSpent && /challenge/i.test(message))
    return new PasskeyError(
      "passkey-challenge",
      "this passkey response answers a challenge that was not handed out, was used before, or expired: start again",
    );
  return new PasskeyError("passkey-invalid", `the passkey could not be verified: ${message}`);
}
