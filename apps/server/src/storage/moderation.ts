/**
 * Moderation's storage (moderation/): roles, reports, the audit log of actions and the flags they
 * set on players. An action and its log row are one transaction, as is closing the reports it
 * answers: the audit log never misses an action, nor shows one that did not happen.
 */
import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database } from "../database/schema.js";
import { json } from "../database/json.js";
import type { ModAction, ReportReason, Role } from "@yourtrumps/protocol";
import { isUuid } from "./uuid.js";
import { isTokenShaped, tokenHash } from "./tokens.js";

export interface ReportRow {
  id: string;
  reporterId: string;
  reporterName: string;
  playerId: string;
  playerName: string;
  reason: ReportReason;
  note: string;
  gameId: string | null;
  createdAt: Date;
  closedAt: Date | null;
}

export interface ActionRow {
  id: string;
  playerId: string;
  playerName: string; // as the player is named now (a rename's detail says from and to)
  moderatorId: string;
  moderatorName: string;
  action: ModAction;
  reason: string;
  detail: Record<string, string>;
  createdAt: Date;
}

export interface PlayerFlags {
  muted: boolean;
  marked: boolean;
  closed: boolean;
}

export interface ModerationStore {
  roleOf(playerId: string): Promise<Role | null>;
  grant(playerId: string, role: Role | null): Promise<void>; // null: revoke
  reportsSince(reporterId: string, since: Date): Promise<number>;
  report(r: {
    reporterId: string;
    playerId: string;
    reason: ReportReason;
    note: string;
    gameId: string | null;
  }): Promise<string>;
  openReports(limit: number): Promise<ReportRow[]>;
  reportsOf(playerId: string, limit: number): Promise<ReportRow[]>;
  actionsOf(playerId: string, limit: number): Promise<ActionRow[]>;
  recentActions(limit: number): Promise<ActionRow[]>; // the audit log of every player, newest first
  flagsOf(playerId: string): Promise<PlayerFlags | null>;
  closedOwnerOf(token: string): Promise<string | null>; // the player of a session a moderator closed the account of; null for any other token
  noticesReadAt(playerId: string): Promise<Date | null>; // null: none read
  readNotices(playerId: string, upTo: Date): Promise<void>; // never moves the mark back
  /** Applies `change` to the player, logs the action and closes the player's open reports, in one transaction. */
  act(a: {
    playerId: string;
    moderatorId: string;
    action: ModAction;
    reason: string;
    detail: Record<string, string>;
    change: { name?: string; muted_at?: Date | null; marked_at?: Date | null; mod_closed_at?: Date | null };
  }): Promise<void>;
}

const reportColumns = [
  "r.id",
  "r.reporter_id",
  "rp.name as reporter_name",
  "r.player_id",
  "p.name as player_name",
  "r.reason",
  "r.note",
  "r.game_id",
  "r.created_at",
  "r.closed_at",
] as const;

export function moderationStore(db: Kysely<Database>): ModerationStore {
  const reports = () =>
    db
      .selectFrom("reports as r")
      .innerJoin("players as p", "p.id", "r.player_id")
      .innerJoin("players as rp", "rp.id", "r.reporter_id")
      .select(reportColumns);
  const asReport = (r: Awaited<ReturnType<ReturnType<typeof reports>["execute"]>>[number]): ReportRow => ({
    id: r.id,
    reporterId: r.reporter_id,
    reporterName: r.reporter_name,
    playerId: r.player_id,
    playerName: r.player_name,
    reason: r.reason,
    note: r.note,
    gameId: r.game_id,
    createdAt: r.created_at,
    closedAt: r.closed_at,
  });
  const actions = () =>
    db
      .selectFrom("mod_actions as a")
      .innerJoin("players as m", "m.id", "a.moderator_id")
      .innerJoin("players as p", "p.id", "a.player_id")
      .select([
        "a.id",
        "a.player_id",
        "p.name as player_name",
        "a.moderator_id",
        "m.name as moderator_name",
        "a.action",
        "a.reason",
        "a.detail",
        "a.created_at",
      ])
      .orderBy("a.created_at", "desc")
      .orderBy("a.id");
  const asAction = (a: Awaited<ReturnType<ReturnType<typeof actions>["execute"]>>[number]): ActionRow => ({
    id: a.id,
    playerId: a.player_id,
    playerName: a.player_name,
    moderatorId: a.moderator_id,
    moderatorName: a.moderator_name,
    action: a.action as ModAction,
    reason: a.reason,
    detail: a.detail,
    createdAt: a.created_at,
  });
  return {
    async roleOf(playerId) {
      if (!isUuid(playerId)) return null;
      const row = await db.selectFrom("roles").select("role").where("player_id", "=", playerId).executeTakeFirst();
      return row?.role ?? null;
    },
    async grant(playerId, role) {
      if (role === null) await db.deleteFrom("roles").where("player_id", "=", playerId).execute();
      else
        await db
          .insertInto("roles")
          .values({ player_id: playerId, role })
          .onConflict((oc) => oc.column("player_id").doUpdateSet({ role }))
          .execute();
    },
    async reportsSince(reporterId, since) {
      const row = await db
        .selectFrom("reports")
        .select(sql<number>`count(*)::int`.as("n"))
        .where("reporter_id", "=", reporterId)
        .where("created_at", ">=", since)
        .executeTakeFirstOrThrow();
      return row.n;
    },
    async report(r) {
      const id = randomUUID();
      await db
        .insertInto("reports")
        .values({
          id,
          reporter_id: r.reporterId,
          player_id: r.playerId,
          reason: r.reason,
          note: r.note,
          game_id: r.gameId,
        })
        .execute();
      return id;
    },
    async openReports(limit) {
      const rows = await reports().where("r.closed_at", "is", null).orderBy("r.created_at").limit(limit).execute();
      return rows.map(asReport);
    },
    async reportsOf(playerId, limit) {
      const rows = await reports()
        .where("r.player_id", "=", playerId)
        .orderBy("r.created_at", "desc")
        .limit(limit)
        .execute();
      return rows.map(asReport);
    },
    async actionsOf(playerId, limit) {
      return (await actions().where("a.player_id", "=", playerId).limit(limit).execute()).map(asAction);
    },
    async recentActions(limit) {
      return (await actions().limit(limit).execute()).map(asAction);
    },
    async flagsOf(playerId) {
      if (!isUuid(playerId)) return null;
      const row = await db
        .selectFrom("players")
        .select(["muted_at", "marked_at", "mod_closed_at"])
        .where("id", "=", playerId)
        .executeTakeFirst();
      if (row === undefined) return null;
      return { muted: row.muted_at !== null, marked: row.marked_at !== null, closed: row.mod_closed_at !== null };
    },
    async closedOwnerOf(token) {
      if (!isTokenShaped(token)) return null;
      const row = await db
        .selectFrom("sessions as s")
        .innerJoin("players as p", "p.id", "s.player_id")
        .select("p.id")
        .where("s.token_sha256", "=", tokenHash(token))
        .where("p.mod_closed_at", "is not", null)
        .executeTakeFirst();
      return row?.id ?? null;
    },
    async noticesReadAt(playerId) {
      const row = await db
        .selectFrom("players")
        .select("notices_read_at")
        .where("id", "=", playerId)
        .executeTakeFirst();
      return row?.notices_read_at ?? null;
    },
    async readNotices(playerId, upTo) {
      await db
        .updateTable("players")
        .set({ notices_read_at: sql<Date>`greatest(coalesce(notices_read_at, ${upTo}), ${upTo})` })
        .where("id", "=", playerId)
        .execute();
    },
    async act(a) {
      await db.transaction().execute(async (trx) => {
        if (Object.keys(a.change).length > 0)
          await trx.updateTable("players").set(a.change).where("id", "=", a.playerId).execute();
        await trx
          .insertInto("mod_actions")
          .values({
            id: randomUUID(),
            player_id: a.playerId,
            moderator_id: a.moderatorId,
            action: a.action,
            reason: a.reason,
            detail: json(a.detail),
          })
          .execute();
        await trx
          .updateTable("reports")
          .set({ closed_at: new Date() })
          .where("player_id", "=", a.playerId)
          .where("closed_at", "is", null)
          .execute();
      });
    },
  };
}
