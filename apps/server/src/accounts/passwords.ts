/**
 * Passwords, optional beside passkeys: Argon2id with OWASP's parameters (19 MiB, 2
 * passes, 1 lane). @node-rs/argon2 hashes on libuv's thread pool, so the event loop
 * never waits for a hash; at most HASHES_AT_ONCE run at once, because each holds 19 MiB
 * and a core, and a burst of sign-ins must not take the memory or the pool the database
 * driver and the file system share. Beyond that the caller is told to come back
 * (PasswordsBusyError: 503 with Retry-After), never queued without bound.
 *
 * A hash made with other parameters still verifies (they are in its PHC string) and is
 * replaced at the next sign-in (`needsRehash`).
 */
import { randomBytes } from "node:crypto";
import { hash, verify, type Algorithm } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const HASHES_AT_ONCE = 4;

/** OWASP's Argon2id choice: m = 19 MiB, t = 2, p = 1. */
export const ARGON2_PARAMETERS = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
};
const PHC_PARAMETERS = `$argon2id$v=19$m=${ARGON2_PARAMETERS.memoryCost},t=${ARGON2_PARAMETERS.timeCost},p=${ARGON2_PARAMETERS.parallelism}$`;

/** 49,233 passwords seen most in leaks (zxcvbn-ts's list), compared without regard to case. */
const COMMON = new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));

/** Which rule a refused password broke (the HTTP API's `code`). */
export type PasswordRule = "password-length" | "password-common" | "password-is-handle";

/** Null when `password` may be used by the account `handle`; else the rule it breaks and why. */
export function passwordProblem(password: string, handle: string): { rule: PasswordRule; message: string } | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX)
    return { rule: "password-length", message: `a password has ${PASSWORD_MIN} to ${PASSWORD_MAX} characters` };
  if (COMMON.has(password.toLowerCase()))
    return { rule: "password-common", message: "this password is among the most common ones: choose another" };
  if (password.normalize("NFKC").toLowerCase() === handle.normalize("NFKC").toLowerCase())
    return { rule: "password-is-handle", message: "a password cannot be the handle" };
  return null;
}

/** Thrown when HASHES_AT_ONCE hashes are already running. */
export class PasswordsBusyError extends Error {
  override name = "PasswordsBusyError";
  constructor() {
    super("too many sign-ins at once; try again in a second");
  }
}

/** Counts the hashes running, and refuses one more than HASHES_AT_ONCE. */
export class PasswordHasher {
  #running = 0;
  #decoy: Promise<string> | undefined;

  constructor(private readonly atOnce = HASHES_AT_ONCE) {}

  /** The hashes running now. */
  get running(): number {
    return this.#running;
  }

  /** A PHC string of `password` with the current parameters. */
  hash(password: string): Promise<string> {
    return this.#gated(() => hash(password.normalize("NFC"), ARGON2_PARAMETERS));
  }

  /**
   * Verifies `password` against no one's hash (made once, of random bytes), so that an
   * unknown handle's refusal costs what a wrong password's does: its timing does not
   * tell whether a handle exists.
   */
  async verifyDecoy(password: string): Promise<false> {
    this.#decoy ??= hash(randomBytes(16).toString("base64"), ARGON2_PARAMETERS);
    await this.verify(await this.#decoy, password);
    return false;
  }

  /** Whether `password` matches `phc`. A malformed stored hash matches nothing. */
  verify(phc: string, password: string): Promise<boolean> {
    return this.#gated(() => verify(phc, password.normalize("NFC")).catch(() => false));
  }

  async #gated<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.atOnce) throw new PasswordsBusyError();
    this.#running++;
    try {
      return await work();
    } finally {
      this.#running--;
    }
  }
}

/** Whether `phc` was made with other parameters than today's, and should be replaced once its password is known. */
export function needsRehash(phc: string): boolean {
  return !phc.startsWith(PHC_PARAMETERS);
}
