/**
 * Device links: a signed-out device asks (a code it shows, a secret it keeps), a
 * signed-in device confirms by the code, and the asking device, presenting its secret,
 * takes a session of the confirming account once. The code alone grants nothing.
 */
import type { Kysely } from "kysely";
import type { Database } from "../database/schema.js";
import type { Device } from "./sessions.js";
import { tokenHash } from "./tokens.js";

export const LINK_MS = 10 * 60_000;

export interface LinkRequest {
  code: string;
  device: Device;
  createdAt: Date;
  expiresAt: Date;
}

/** Keeps a link request of `device` under `code`, the new device keeping `secret`. Expired ones are dropped. */
export async function keepLinkRequest(
  db: Kysely<Database>,
  code: string,
  secret: string,
  device: Device,
  now = new Date(),
): Promise<Date> {
  const expiresAt = new Date(now.getTime() + LINK_MS);
  await db.deleteFrom("device_links").where("expires_at", "<", now).execute();
  await db
    .insertInto("device_links")
    .values({
      code,
      secret_sha256: tokenHash(secret),
      browser: device.browser,
      system: device.system,
      expires_at: expiresAt,
    })
    .execute();
  return expiresAt;
}

/** The request under `code`, while it waits for a confirmation; null otherwise (wrong, expired, confirmed). */
export async function waitingLink(db: Kysely<Database>, code: string, now = new Date()): Promise<LinkRequest | null> {
  const row = await db
    .selectFrom("device_links")
    .select(["code", "browser", "system", "created_at", "expires_at"])
    .where("code", "=", code)
    .where("expires_at", ">", now)
    .where("player_id", "is", null)
    .executeTakeFirst();
  if (row === undefined) return null;
  return {
    code: row.code,
    device: { browser: row.browser, system: row.system },
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

/** `playerId` confirms the waiting request `code`; false when there is none. */
export async function confirmLink(
  db: Kysely<Database>,
  code: string,
  playerId: string,
  now = new Date(),
): Promise<boolean> {
  const done = await db
    .updateTable("device_links")
    .set({ player_id: playerId })
    .where("code", "=", code)
    .where("expires_at", ">", now)
    .where("player_id", "is", null)
    .executeTakeFirst();
  return done.numUpdatedRows > 0n;
}

export type LinkState =
  | { state: "unknown" } // no request has this secret (never made, expired, or already used)
  | { state: "waiting"; expiresAt: Date }
  | { state: "confirmed"; playerId: string; device: Device };

/**
 * What the new device's `secret` stands for: a confirmed request is spent by this call
 * (deleted: a link makes one session), a waiting one is left to wait.
 */
export async function takeLink(db: Kysely<Database>, secret: string, now = new Date()): Promise<LinkState> {
  const hash = tokenHash(secret);
  const taken = await db
    .deleteFrom("device_links")
    .where("secret_sha256", "=", hash)
    .where("expires_at", ">", now)
    .where("player_id", "is not", null)
    .returning(["player_id", "browser", "system"])
    .executeTakeFirst();
  if (taken?.player_id != null)
    return { state: "confirmed", playerId: taken.player_id, device: { browser: taken.browser, system: taken.system } };
  const waiting = await db
    .selectFrom("device_links")
    .select("expires_at")
    .where("secret_sha256", "=", hash)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return waiting === undefined ? { state: "unknown" } : { state: "waiting", expiresAt: waiting.expires_at };
}
