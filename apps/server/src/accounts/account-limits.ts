/**
 * The limits of item "bad input and attacks", over counters every process shares
 * (limits/shared-counters.ts). Each check answers how long the caller must wait (ms; 0:
 * go on), which the HTTP API turns into 429 with Retry-After.
 *
 * Password failures slow an account down rather than lock it: from the fourth failure
 * in a row, the next attempt waits 1 s, then 2, 4, … (at most 5 minutes), and the tenth
 * failure in 15 minutes holds the account's password sign-ins until that window ends.
 * Its owner can still sign in with a passkey, and the hold passes by itself: a stranger
 * cannot keep an owner out for more than the window, nor guess more than 10 passwords
 * in 15 minutes.
 */
import type { Count, SharedCounters } from "../limits/shared-counters.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Each limit: at most `max` in `windowMs`. */
export const ACCOUNT_LIMITS = {
  signUps: { max: 10, windowMs: HOUR }, // accounts claimed, per address
  passwordFailuresPerAccount: { max: 10, windowMs: 15 * MINUTE },
  passwordFailuresPerAddress: { max: 100, windowMs: 10 * MINUTE },
  passkeyVerifications: { max: 10, windowMs: MINUTE }, // per address
  linkMissesPerAccount: { max: 5, windowMs: 10 * MINUTE },
  linkMissesPerAddress: { max: 20, windowMs: HOUR },
} as const;

const FREE_FAILURES = 3;
const LONGEST_DELAY_MS = 5 * MINUTE;

/** The wait before the next password attempt after `failures` in a row. */
export function failureDelayMs(failures: number): number {
  return failures < FREE_FAILURES ? 0 : Math.min(LONGEST_DELAY_MS, 1000 * 2 ** (failures - FREE_FAILURES));
}

export class AccountLimits {
  constructor(private readonly counters: SharedCounters) {}

  /** Counts a sign-up from `address`; the wait when it is over the limit. */
  async signUp(address: string): Promise<number> {
    const { max, windowMs } = ACCOUNT_LIMITS.signUps;
    const { count, resetInMs } = await this.counters.hit(`signup:${address}`, windowMs);
    return count > max ? resetInMs : 0;
  }

  /** Before a password (or recovery key) is checked for account `key` from `address`: the wait, if any. */
  async beforePassword(key: string, address: string): Promise<number> {
    const [account, wait, fromAddress] = (await this.counters.peekMany([
      `pw-account:${key}`,
      `pw-wait:${key}`,
      `pw-address:${address}`,
    ])) as [Count, Count, Count];
    const waits = [wait.count > 0 ? wait.resetInMs : 0];
    if (account.count >= ACCOUNT_LIMITS.passwordFailuresPerAccount.max) waits.push(account.resetInMs);
    if (fromAddress.count >= ACCOUNT_LIMITS.passwordFailuresPerAddress.max) waits.push(fromAddress.resetInMs);
    return Math.max(...waits);
  }

  /** A wrong password for account `key` from `address`: counted, and the next attempt delayed. */
  async passwordFailed(key: string, address: string): Promise<void> {
    const [account] = await Promise.all([
      this.counters.hit(`pw-account:${key}`, ACCOUNT_LIMITS.passwordFailuresPerAccount.windowMs),
      this.counters.hit(`pw-address:${address}`, ACCOUNT_LIMITS.passwordFailuresPerAddress.windowMs),
    ]);
    const delay = failureDelayMs(account.count);
    if (delay > 0) await this.counters.hit(`pw-wait:${key}`, delay);
  }

  /** The right password: the account's failures are forgotten (nothing to do, and no query, when there were none). */
  async passwordPassed(key: string): Promise<void> {
    const [failures] = (await this.counters.peekMany([`pw-account:${key}`])) as [Count];
    if (failures.count > 0)
      await Promise.all([this.counters.clear(`pw-account:${key}`), this.counters.clear(`pw-wait:${key}`)]);
  }

  /** Counts a passkey verification from `address`; the wait when it is over the limit. */
  async passkeyVerification(address: string): Promise<number> {
    const { max, windowMs } = ACCOUNT_LIMITS.passkeyVerifications;
    const { count, resetInMs } = await this.counters.hit(`passkey:${address}`, windowMs);
    return count > max ? resetInMs : 0;
  }

  /** Before a link code typed by `playerId` from `address` is looked up: the wait, if any. */
  async beforeLinkCode(playerId: string, address: string): Promise<number> {
    const [account, fromAddress] = (await this.counters.peekMany([
      `link-account:${playerId}`,
      `link-address:${address}`,
    ])) as [Count, Count];
    const waits = [0];
    if (account.count >= ACCOUNT_LIMITS.linkMissesPerAccount.max) waits.push(account.resetInMs);
    if (fromAddress.count >= ACCOUNT_LIMITS.linkMissesPerAddress.max) waits.push(fromAddress.resetInMs);
    return Math.max(...waits);
  }

  /** A link code that matched no waiting device. */
  async linkCodeMissed(playerId: string, address: string): Promise<void> {
    await Promise.all([
      this.counters.hit(`link-account:${playerId}`, ACCOUNT_LIMITS.linkMissesPerAccount.windowMs),
      this.counters.hit(`link-address:${address}`, ACCOUNT_LIMITS.linkMissesPerAddress.windowMs),
    ]);
  }
}
