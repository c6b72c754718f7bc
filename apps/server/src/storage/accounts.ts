/**
 * Accounts on the player row: claiming one (a handle on the guest's own row, so every
 * rating, hand, puzzle and streak stays where it is), handles and their renames, the
 * password hash, the second factor, the recovery key, and closing. The rules (what a
 * handle may be, how a password is hashed) are accounts/'s; this module keeps the rows.
 *
 * A handle's key is held in `handles` while anyone may still look for it: the current
 * handle for as long as it is current, an old one for HANDLE_HELD_MS after a rename
 * (still finding its player), a closed account's for ever.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../database/schema.js";
import { isUuid } from "./uuid.js";

export const RENAME_EVERY_MS = 90 * 24 * 3600_000;
export const HANDLE_HELD_MS = 365 * 24 * 3600_000;
export const CLOSING_AFTER_MS = 7 * 24 * 3600_000;
export const DELETED_PLAYER_NAME = "a deleted player";

/** A handle as asked for: checked by accounts/handles.ts. */
export interface WantedHandle {
  handle: string;
  key: string;
}

export type ClaimResult = { ok: true; handle: string } | { ok: false; why: "taken" | "already-an-account" | "gone" };
export type RenameResult =
  | { ok: true; handle: string }
  | { ok: false; why: "taken" | "not-an-account" | "gone" }
  | { ok: false; why: "too-soon"; next: Date };

/** What signing in checks, by the account's current handle. */
export interface Credentials {
  playerId: string;
  handle: string;
  passwordHash: string | null;
  totpSecret: string | null;
  totpLastStep: number | null;
  closingAt: Date | null;
}

/** What the Account page shows of an account's credentials (never a secret). */
export interface AccountSummary {
  handle: string | null;
  handleChangedAt: Date | null;
  accountAt: Date | null;
  password: boolean;
  totp: boolean;
  recoveryKey: boolean;
  closingAt: Date | null;
}

type Queries = Kysely<Database> | Transaction<Database>;

/** Takes `key` for `playerId` unless someone else holds it; true when taken. Inside the caller's transaction. */
async function holdKey(tx: Queries, playerId: string, wanted: WantedHandle, now: Date): Promise<boolean> {
  const row = await tx
    .insertInto("handles")
    .values({ key: wanted.key, handle: wanted.handle, player_id: playerId, held_until: null })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet({ handle: wanted.handle, player_id: playerId, held_until: null })
        .where((eb) =>
          // A key is free again once its hold has passed, and always to the player who held it.
          eb.or([eb("handles.held_until", "<", now), eb("handles.player_id", "=", playerId)]),
        ),
    )
    .returning("key")
    .executeTakeFirst();
  return row !== undefined;
}

/** Makes guest `playerId` an account with `wanted` (and a password hash, if any). */
export async function claimAccount(
  db: Kysely<Database>,
  playerId: string,
  wanted: WantedHandle,
  passwordHash: string | null,
  now = new Date(),
): Promise<ClaimResult> {
  return db.transaction().execute(async (tx) => {
    const player = await tx
      .selectFrom("players")
      .select(["account_at", "closed_at"])
      .where("id", "=", playerId)
      .forUpdate()
      .executeTakeFirst();
    if (player === undefined || player.closed_at !== null) return { ok: false, why: "gone" };
    if (player.account_at !== null) return { ok: false, why: "already-an-account" };
    if (!(await holdKey(tx, playerId, wanted, now))) return { ok: false, why: "taken" };
    await tx
      .updateTable("players")
      .set({ handle: wanted.handle, account_at: now, password_hash: passwordHash })
      .where("id", "=", playerId)
      .execute();
    return { ok: true, handle: wanted.handle };
  });
}

/** Changes `playerId`'s handle: its case at any time, the handle itself once per RENAME_EVERY_MS. */
export async function renameHandle(
  db: Kysely<Database>,
  playerId: string,
  wanted: WantedHandle,
  now = new Date(),
): Promise<RenameResult> {
  return db.transaction().execute(async (tx) => {
    const player = await tx
      .selectFrom("players")
      .select(["handle", "handle_changed_at", "closed_at"])
      .where("id", "=", playerId)
      .forUpdate()
      .executeTakeFirst();
    if (player === undefined || player.closed_at !== null) return { ok: false, why: "gone" };
    if (player.handle === null) return { ok: false, why: "not-an-account" };
    const oldKey = player.handle.normalize("NFKC").toLowerCase();
    if (oldKey === wanted.key) {
      await tx.updateTable("handles").set({ handle: wanted.handle }).where("key", "=", oldKey).execute();
      await tx.updateTable("players").set({ handle: wanted.handle }).where("id", "=", playerId).execute();
      return { ok: true, handle: wanted.handle };
    }
    const last = player.handle_changed_at;
    if (last !== null && now.getTime() - last.getTime() < RENAME_EVERY_MS)
      return { ok: false, why: "too-soon", next: new Date(last.getTime() + RENAME_EVERY_MS) };
    if (!(await holdKey(tx, playerId, wanted, now))) return { ok: false, why: "taken" };
    await tx
      .updateTable("handles")
      .set({ held_until: new Date(now.getTime() + HANDLE_HELD_MS) })
      .where("key", "=", oldKey)
      .where("player_id", "=", playerId)
      .execute();
    await tx
      .updateTable("players")
      .set({ handle: wanted.handle, handle_changed_at: now })
      .where("id", "=", playerId)
      .execute();
    return { ok: true, handle: wanted.handle };
  });
}

/** The player a handle finds: its current holder, or the one who held it in the last year; null for none. */
export async function playerIdByHandle(db: Kysely<Database>, key: string, now = new Date()): Promise<string | null> {
  const row = await db
    .selectFrom("handles as h")
    .innerJoin("players as p", "p.id", "h.player_id")
    .select("h.player_id")
    .where("h.key", "=", key)
    .where("p.closed_at", "is", null)
    .where((eb) => eb.or([eb("h.held_until", "is", null), eb("h.held_until", ">", now)]))
    .executeTakeFirst();
  return row?.player_id ?? null;
}

/** What signing in with the current handle `key` checks; null when no open account has that handle now. */
export async function credentialsByHandle(db: Kysely<Database>, key: string): Promise<Credentials | null> {
  const row = await db
    .selectFrom("handles as h")
    .innerJoin("players as p", "p.id", "h.player_id")
    .select(["p.id", "p.handle", "p.password_hash", "p.totp_secret", "p.totp_last_step", "p.closing_at"])
    .where("h.key", "=", key)
    .where("h.held_until", "is", null)
    .where("p.closed_at", "is", null)
    .where("p.handle", "is not", null)
    .executeTakeFirst();
  if (row === undefined || row.handle === null) return null;
  return {
    playerId: row.id,
    handle: row.handle,
    passwordHash: row.password_hash,
    totpSecret: row.totp_secret,
    totpLastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
    closingAt: row.closing_at,
  };
}

/** What signing in again checks of player `playerId` (a password change asks for the current one). */
export async function credentialsOf(db: Kysely<Database>, playerId: string): Promise<Credentials | null> {
  if (!isUuid(playerId)) return null;
  const row = await db
    .selectFrom("players")
    .select(["id", "handle", "password_hash", "totp_secret", "totp_last_step", "closing_at"])
    .where("id", "=", playerId)
    .where("closed_at", "is", null)
    .executeTakeFirst();
  if (row === undefined || row.handle === null) return null;
  return {
    playerId: row.id,
    handle: row.handle,
    passwordHash: row.password_hash,
    totpSecret: row.totp_secret,
    totpLastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
    closingAt: row.closing_at,
  };
}

export async function accountSummary(db: Kysely<Database>, playerId: string): Promise<AccountSummary | null> {
  const row = await db
    .selectFrom("players")
    .select([
      "handle",
      "handle_changed_at",
      "account_at",
      "password_hash",
      "totp_secret",
      "recovery_sha256",
      "closing_at",
    ])
    .where("id", "=", playerId)
    .where("closed_at", "is", null)
    .executeTakeFirst();
  if (row === undefined) return null;
  return {
    handle: row.handle,
    handleChangedAt: row.handle_changed_at,
    accountAt: row.account_at,
    password: row.password_hash !== null,
    totp: row.totp_secret !== null,
    recoveryKey: row.recovery_sha256 !== null,
    closingAt: row.closing_at,
  };
}

/** Sets (or with null removes) the password hash; removing it removes the second factor it guarded. */
export async function setPasswordHash(db: Queries, playerId: string, hash: string | null): Promise<void> {
  await db
    .updateTable("players")
    .set(hash === null ? { password_hash: null, totp_secret: null, totp_pending: null } : { password_hash: hash })
    .where("id", "=", playerId)
    .execute();
}

/** Replaces the stored hash only if it is still `old` (a rehash at sign-in loses to a change made meanwhile). */
export async function replacePasswordHash(
  db: Kysely<Database>,
  playerId: string,
  old: string,
  hash: string,
): Promise<void> {
  await db
    .updateTable("players")
    .set({ password_hash: hash })
    .where("id", "=", playerId)
    .where("password_hash", "=", old)
    .execute();
}

/** Offers a TOTP secret, kept pending until a code of it is confirmed. */
export async function setPendingTotp(db: Kysely<Database>, playerId: string, secret: string): Promise<void> {
  await db.updateTable("players").set({ totp_pending: secret }).where("id", "=", playerId).execute();
}

export async function pendingTotp(db: Kysely<Database>, playerId: string): Promise<string | null> {
  const row = await db.selectFrom("players").select("totp_pending").where("id", "=", playerId).executeTakeFirst();
  return row?.totp_pending ?? null;
}

/** The pending secret becomes the second factor, with `step` as its first accepted code. */
export async function confirmTotp(
  db: Kysely<Database>,
  playerId: string,
  secret: string,
  step: number,
): Promise<boolean> {
  const done = await db
    .updateTable("players")
    .set({ totp_secret: secret, totp_pending: null, totp_last_step: step })
    .where("id", "=", playerId)
    .where("totp_pending", "=", secret)
    .executeTakeFirst();
  return done.numUpdatedRows > 0n;
}

export async function removeTotp(db: Kysely<Database>, playerId: string): Promise<void> {
  await db
    .updateTable("players")
    .set({ totp_secret: null, totp_pending: null, totp_last_step: null })
    .where("id", "=", playerId)
    .execute();
}

/**
 * Records `step` as the last accepted TOTP step, if it is newer than the one on record:
 * false when another request took this code (or a later one) first. This is what makes a
 * code single use across processes.
 */
export async function takeTotpStep(db: Kysely<Database>, playerId: string, step: number): Promise<boolean> {
  const done = await db
    .updateTable("players")
    .set({ totp_last_step: step })
    .where("id", "=", playerId)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", String(step))]))
    .executeTakeFirst();
  return done.numUpdatedRows > 0n;
}

export async function setRecoveryHash(db: Queries, playerId: string, hash: Uint8Array | null): Promise<void> {
  await db.updateTable("players").set({ recovery_sha256: hash }).where("id", "=", playerId).execute();
}

/**
 * Uses a recovery key: when `hash` is the recovery key of the account with current handle
 * `key`, the key is spent (a recovery key works once), the password and its second factor
 * are removed (whoever lost access may have lost them to someone else), and the player's
 * id is returned. Null otherwise, changing nothing.
 */
export async function spendRecoveryKey(db: Queries, key: string, hash: Uint8Array): Promise<string | null> {
  const row = await db
    .updateTable("players")
    .set({ recovery_sha256: null, password_hash: null, totp_secret: null, totp_pending: null })
    .where("closed_at", "is", null)
    .where("recovery_sha256", "=", hash)
    .where(
      "id",
      "=",
      db.selectFrom("handles").select("player_id").where("key", "=", key).where("held_until", "is", null),
    )
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Asks for `playerId`'s account to close at `at`, unless its owner signs in before. */
export async function scheduleClosing(db: Queries, playerId: string, at: Date): Promise<void> {
  await db.updateTable("players").set({ closing_at: at }).where("id", "=", playerId).execute();
}

/** Its owner signed in: the account stays. */
export async function cancelClosing(db: Queries, playerId: string): Promise<void> {
  await db
    .updateTable("players")
    .set({ closing_at: null })
    .where("id", "=", playerId)
    .where("closing_at", "is not", null)
    .execute();
}

/**
 * Closes every account whose closing time has come: its credentials, sessions, ratings
 * and puzzle records go; its hands stay on record under DELETED_PLAYER_NAME; its handles
 * are held for ever, so nobody can take the name and pass for it. The ids closed.
 */
export async function closeDueAccounts(db: Kysely<Database>, now = new Date()): Promise<string[]> {
  return db.transaction().execute(async (tx) => {
    const due = await tx
      .updateTable("players")
      .set({
        name: DELETED_PLAYER_NAME,
        handle: null,
        password_hash: null,
        totp_secret: null,
        totp_pending: null,
        totp_last_step: null,
        recovery_sha256: null,
        closing_at: null,
        closed_at: now,
      })
      .where("closing_at", "<=", now)
      .where("closed_at", "is", null)
      .returning("id")
      .execute();
    const ids = due.map((r) => r.id);
    if (ids.length === 0) return ids;
    await tx.updateTable("handles").set({ held_until: null }).where("player_id", "in", ids).execute();
    await tx.updateTable("game_seats").set({ name: DELETED_PLAYER_NAME }).where("player_id", "in", ids).execute();
    for (const table of [
      "sessions",
      "passkeys",
      "ratings",
      "puzzle_players",
      "puzzle_attempts",
      "puzzle_served",
      "puzzle_streaks",
      "player_mistakes",
      "webauthn_challenges",
      "device_links",
    ] as const)
      await tx.deleteFrom(table).where("player_id", "in", ids).execute();
    return ids;
  });
}

/** Whether `playerId` holds an account (a handle). */
export async function isAccount(db: Kysely<Database>, playerId: string): Promise<boolean> {
  const row = await db
    .selectFrom("players")
    .select(sql<boolean>`handle is not null`.as("account"))
    .where("id", "=", playerId)
    .executeTakeFirst();
  return row?.account === true;
}
