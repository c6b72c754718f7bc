/**
 * The second factor of a password account: TOTP (RFC 6238, 30-second steps, 6 digits),
 * with otplib. A code is accepted one step either side of now (a phone's clock drifts),
 * and never twice: the step of each accepted code is stored, and a code of that step or
 * an earlier one is refused (`afterStep`), which also stops a code seen over a shoulder
 * from being replayed within its window.
 */
import { generateSecret, generateURI, verify } from "otplib";

const PERIOD_SECONDS = 30;
const TOLERANCE_SECONDS = PERIOD_SECONDS; // ±1 step

/** A new shared secret (base32, 160 bits) and the otpauth:// URI an authenticator app scans. */
export function newTotpSecret(handle: string): { secret: string; uri: string } {
  const secret = generateSecret({ length: 20 });
  return { secret, uri: generateURI({ issuer: "Your Trumps", label: handle, secret }) };
}

/**
 * The time step of `code` when it is right for `secret` now and newer than `afterStep`
 * (the last step accepted; null for none); null when it is not.
 */
export async function acceptedStep(
  secret: string,
  code: string,
  afterStep: number | null,
  nowMs = Date.now(),
): Promise<number | null> {
  if (!/^[0-9]{6}$/.test(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(nowMs / 1000),
      period: PERIOD_SECONDS,
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    return result.valid && "timeStep" in result ? result.timeStep : null;
  } catch {
    return null; // a malformed secret, or an afterStep beyond the window: no code passes
  }
}
