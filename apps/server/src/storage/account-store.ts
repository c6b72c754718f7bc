/**
 * The account queries as the HTTP API sees them: each module's functions with the
 * database bound (sessions.ts, accounts.ts, passkeys.ts, device-links.ts, export.ts).
 */
import type { Kysely } from "kysely";
import type { Database } from "../database/schema.js";
import * as accounts from "./accounts.js";
import * as deviceLinks from "./device-links.js";
import { exportPlayer } from "./export.js";
import * as passkeys from "./passkeys.js";
import * as sessions from "./sessions.js";

type Query = (db: Kysely<Database>, ...args: never[]) => Promise<unknown>;
type Bound<F> = F extends (db: Kysely<Database>, ...args: infer A) => infer R ? (...args: A) => R : never;
type BoundAll<T extends Record<string, Query>> = { readonly [K in keyof T]: Bound<T[K]> };

function bind<T extends Record<string, Query>>(db: Kysely<Database>, queries: T): BoundAll<T> {
  return Object.fromEntries(
    Object.entries(queries).map(([name, query]) => [name, (...args: never[]) => query(db, ...args)]),
  ) as BoundAll<T>;
}

const QUERIES = {
  createSession: sessions.createSession,
  sessionExists: sessions.sessionExists,
  listSessions: sessions.listSessions,
  endSession: sessions.endSession,
  endSessionsBut: sessions.endSessionsBut,
  sessionCount: sessions.sessionCount,
  claimAccount: accounts.claimAccount,
  renameHandle: accounts.renameHandle,
  playerIdByHandle: accounts.playerIdByHandle,
  credentialsByHandle: accounts.credentialsByHandle,
  credentialsOf: accounts.credentialsOf,
  accountSummary: accounts.accountSummary,
  setPasswordHash: accounts.setPasswordHash,
  replacePasswordHash: accounts.replacePasswordHash,
  setPendingTotp: accounts.setPendingTotp,
  pendingTotp: accounts.pendingTotp,
  confirmTotp: accounts.confirmTotp,
  removeTotp: accounts.removeTotp,
  takeTotpStep: accounts.takeTotpStep,
  setRecoveryHash: accounts.setRecoveryHash,
  spendRecoveryKey: accounts.spendRecoveryKey,
  scheduleClosing: accounts.scheduleClosing,
  cancelClosing: accounts.cancelClosing,
  closeDueAccounts: accounts.closeDueAccounts,
  keepChallenge: passkeys.keepChallenge,
  takeChallenge: passkeys.takeChallenge,
  passkeyById: passkeys.passkeyById,
  addPasskey: passkeys.addPasskey,
  passkeyUsed: passkeys.passkeyUsed,
  listPasskeys: passkeys.listPasskeys,
  renamePasskey: passkeys.renamePasskey,
  removePasskey: passkeys.removePasskey,
  passkeyIds: passkeys.passkeyIds,
  keepLinkRequest: deviceLinks.keepLinkRequest,
  waitingLink: deviceLinks.waitingLink,
  confirmLink: deviceLinks.confirmLink,
  takeLink: deviceLinks.takeLink,
  exportPlayer,
} as const;

/** Every account query, over one database. */
export type AccountStore = BoundAll<typeof QUERIES>;

export function accountStore(db: Kysely<Database>): AccountStore {
  return bind(db, QUERIES);
}
