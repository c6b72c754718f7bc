/**
 * What the account routes need besides the store: the password hasher (its gate of 4
 * hashes at once is one per process), the shared limits, the relying party, and how to
 * tell every process that sessions ended (ended-sessions.ts).
 */
import type { Store } from "../storage/index.js";
import { databaseCounters, type SharedCounters } from "../limits/shared-counters.js";
import { AccountLimits } from "./account-limits.js";
import { PasswordHasher } from "./passwords.js";
import { DEFAULT_RELYING_PARTY, type RelyingParty } from "./relying-party.js";

export interface AccountServices {
  hasher: PasswordHasher;
  limits: AccountLimits;
  relyingParty: RelyingParty;
  /** Tells every process that these sessions ended, so their open connections close. */
  sessionsEnded(sessionIds: readonly string[]): Promise<void>;
}

/** The services over `store`: counters in its database unless `counters` (Redis) are given. */
export function accountServices(
  store: Store,
  o: { counters?: SharedCounters; relyingParty?: RelyingParty; sessionsEnded?: AccountServices["sessionsEnded"] } = {},
): AccountServices {
  return {
    hasher: new PasswordHasher(),
    limits: new AccountLimits(o.counters ?? databaseCounters(store.db)),
    relyingParty: o.relyingParty ?? DEFAULT_RELYING_PARTY,
    sessionsEnded: o.sessionsEnded ?? (() => Promise.resolve()),
  };
}
