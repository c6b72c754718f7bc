/**
 * Sessions: one per signed-in device. Each holds a bearer token of 256 random bits, of
 * which only the SHA-256 is kept (tokens.ts), with the browser and system it was made
 * from and when it was last seen. Every request finds its player through here, so a
 * session deleted is refused by the next request, in every process at once: nothing
 * caches a token.
 */
import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../database/schema.js";
import { isTokenShaped, newToken, tokenHash } from "./tokens.js";
import { isUuid } from "./uuid.js";

/** What a session's device is (accounts/devices.ts reads it from the User-Agent). */
export interface Device {
  browser: string; // "Chrome", "Firefox", "Safari", "Edge", "Opera", "Samsung Internet", or "" when unknown
  system: string; // "Windows", "macOS", "iOS", "Android", "Linux", "ChromeOS", or ""
}

/** A token's player and session, as every signed-in request sees them. */
export interface SignedIn {
  id: string; // the player's id
  name: string; // the display name
  handle: string | null; // null: a guest
  sessionId: string;
}

export interface NewSession {
  id: string; // the session's id (shown in the session list)
  token: string; // give it to the device once; only its hash is kept
}

export interface SessionListing {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  device: Device;
}

const SEEN_EVERY_MS = 60_000; // last_seen_at is written at most once a minute a session: a request is not a write

type Queries = Kysely<Database> | Transaction<Database>;

/** A new session of `playerId` on `device`. */
export async function createSession(db: Queries, playerId: string, device: Device): Promise<NewSession> {
  const id = randomUUID();
  const token = newToken();
  await db
    .insertInto("sessions")
    .values({ id, player_id: playerId, token_sha256: tokenHash(token), browser: device.browser, system: device.system })
    .execute();
  return { id, token };
}

/** The player and session of `token`; null for a token no session has (ended, or never made). */
export async function sessionByToken(db: Kysely<Database>, token: string, now = new Date()): Promise<SignedIn | null> {
  if (!isTokenShaped(token)) return null;
  const row = await db
    .selectFrom("sessions as s")
    .innerJoin("players as p", "p.id", "s.player_id")
    .select(["p.id", "p.name", "p.handle", "s.id as session_id", "s.last_seen_at"])
    .where("s.token_sha256", "=", tokenHash(token))
    .executeTakeFirst();
  if (row === undefined) return null;
  if (now.getTime() - row.last_seen_at.getTime() >= SEEN_EVERY_MS)
    await db.updateTable("sessions").set({ last_seen_at: now }).where("id", "=", row.session_id).execute();
  return { id: row.id, name: row.name, handle: row.handle, sessionId: row.session_id };
}

/** Whether session `sessionId` still exists (a table asks before it lets a dropped seat back in). */
export async function sessionExists(db: Kysely<Database>, sessionId: string): Promise<boolean> {
  if (!isUuid(sessionId)) return false;
  const row = await db.selectFrom("sessions").select("id").where("id", "=", sessionId).executeTakeFirst();
  return row !== undefined;
}

/** The sessions of `playerId`, newest first. */
export async function listSessions(db: Kysely<Database>, playerId: string): Promise<SessionListing[]> {
  const rows = await db
    .selectFrom("sessions")
    .select(["id", "created_at", "last_seen_at", "browser", "system"])
    .where("player_id", "=", playerId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    lastSeenAt: r.last_seen_at,
    device: { browser: r.browser, system: r.system },
  }));
}

/** Ends `playerId`'s session `sessionId`; false when the player has no such session. */
export async function endSession(db: Queries, playerId: string, sessionId: string): Promise<boolean> {
  if (!isUuid(sessionId)) return false;
  const ended = await db
    .deleteFrom("sessions")
    .where("id", "=", sessionId)
    .where("player_id", "=", playerId)
    .executeTakeFirst();
  return ended.numDeletedRows > 0n;
}

/** Ends every session of `playerId` but `keep` (none kept when null); the ids ended. */
export async function endSessionsBut(db: Queries, playerId: string, keep: string | null): Promise<string[]> {
  const rows = await db
    .deleteFrom("sessions")
    .where("player_id", "=", playerId)
    .$if(keep !== null, (q) => q.where("id", "<>", keep!))
    .returning("id")
    .execute();
  return rows.map((r) => r.id);
}

/** How many sessions `playerId` has (a test's and the export's count). */
export async function sessionCount(db: Kysely<Database>, playerId: string): Promise<number> {
  const row = await db
    .selectFrom("sessions")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("player_id", "=", playerId)
    .executeTakeFirstOrThrow();
  return row.n;
}
