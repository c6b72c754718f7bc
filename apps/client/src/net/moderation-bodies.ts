/**
 * Moderation's answers (`/api/reports`, `/api/me/notices`, `/api/mod/…`) as the client reads
 * them: checked like every other body (api-bodies.ts), dates as `Date`, an unknown reason or
 * action left out rather than shown wrong.
 */
import { MOD_ACTIONS, REPORT_REASONS, type ModAction, type ReportReason } from "@yourtrumps/protocol";
import type {
  ModActedAnswer,
  ModActionAnswer,
  ModPlayerAnswer,
  ModReportAnswer,
  ModReportsAnswer,
  NoticesAnswer,
  PlayerFlags,
  ReportedAnswer,
} from "@yourtrumps/server/api";
import { readHistoryEntry, readProfile, type HistoryEntry, type Profile } from "./api-bodies.js";
import { fields, list, oneOf, str } from "./read.js";

export type Flags = PlayerFlags; // muted (no reactions), marked (no rated play), closed (no sign-in)

/** A player's report of another. */
export interface ModReport {
  id: string;
  reporterId: string;
  reporterName: string;
  playerId: string; // who is reported
  playerName: string;
  reason: ReportReason;
  note: string;
  gameId: string | null; // the hand it is about
  createdAt: Date;
  open: boolean;
}

/** An audit log line. */
export interface ModLogLine {
  id: string;
  playerId: string;
  playerName: string;
  moderatorName: string;
  action: ModAction;
  reason: string;
  detail: Record<string, string>; // a rename's { from, to }
  createdAt: Date;
}

/** The moderators' page's front: open reports and the latest of the audit log. */
export interface ModQueue {
  reports: ModReport[]; // oldest first
  log: ModLogLine[]; // newest first
}

/** A player's file. */
export interface ModFile {
  player: Profile;
  flags: Flags;
  reports: ModReport[];
  log: ModLogLine[];
  games: HistoryEntry[]; // the last 20
}

/** What a moderator did to me, in the server's words (the page shows its own for `action`). */
export interface Notice {
  action: ModAction;
  reason: string;
  at: string; // ISO 8601, as the server wrote it: sent back to mark it read
  read: boolean;
}

function readDate(x: unknown): Date | null {
  const d = new Date(str(x));
  return Number.isNaN(d.getTime()) ? null : d;
}

function readReport(raw: unknown): ModReport | null {
  const o = fields<ModReportAnswer>(raw);
  const reason = oneOf(o.reason, REPORT_REASONS);
  const createdAt = readDate(o.createdAt);
  if (!str(o.id) || !str(o.playerId) || reason === null || createdAt === null) return null;
  return {
    id: str(o.id),
    reporterId: str(o.reporterId),
    reporterName: str(o.reporterName),
    playerId: str(o.playerId),
    playerName: str(o.playerName),
    reason,
    note: str(o.note),
    gameId: str(o.gameId) || null,
    createdAt,
    open: o.closedAt === null || o.closedAt === undefined,
  };
}

function readLogLine(raw: unknown): ModLogLine | null {
  const o = fields<ModActionAnswer>(raw);
  const action = oneOf(o.action, MOD_ACTIONS);
  const createdAt = readDate(o.createdAt);
  if (!str(o.id) || action === null || createdAt === null) return null;
  const detail = Object.fromEntries(
    Object.entries(fields<Record<string, string>>(o.detail)).filter(
      (e): e is [string, string] => typeof e[1] === "string",
    ),
  );
  return {
    id: str(o.id),
    playerId: str(o.playerId),
    playerName: str(o.playerName),
    moderatorName: str(o.moderatorName),
    action,
    reason: str(o.reason),
    detail,
    createdAt,
  };
}

export function readFlags(raw: unknown): Flags | null {
  const o = fields<PlayerFlags>(raw);
  if (typeof o.muted !== "boolean" || typeof o.marked !== "boolean" || typeof o.closed !== "boolean") return null;
  return { muted: o.muted, marked: o.marked, closed: o.closed };
}

/** `GET /api/mod/reports`, or null. */
export function readModQueue(raw: unknown): ModQueue | null {
  const o = fields<ModReportsAnswer>(raw);
  if (!Array.isArray(o.reports)) return null;
  return {
    reports: o.reports.flatMap((r) => readReport(r) ?? []),
    log: list(o.actions).flatMap((a) => readLogLine(a) ?? []),
  };
}

/** `GET /api/mod/players/:id`, or null. */
export function readModFile(raw: unknown): ModFile | null {
  const o = fields<ModPlayerAnswer>(raw);
  const player = readProfile(o.player);
  const flags = readFlags(o.flags);
  if (player === null || flags === null) return null;
  return {
    player,
    flags,
    reports: list(o.reports).flatMap((r) => readReport(r) ?? []),
    log: list(o.actions).flatMap((a) => readLogLine(a) ?? []),
    games: list(o.games).flatMap((g) => readHistoryEntry(g) ?? []),
  };
}

/** `POST /api/mod/players/:id/actions`: the player's flags now, or null. */
export function readActed(raw: unknown): Flags | null {
  return readFlags(fields<ModActedAnswer>(raw).flags);
}

/** `GET /api/me/notices`, or null. */
export function readNotices(raw: unknown): Notice[] | null {
  const o = fields<NoticesAnswer>(raw);
  if (!Array.isArray(o.notices)) return null;
  return o.notices.flatMap((raw: unknown) => {
    const n = fields<NoticesAnswer["notices"][number]>(raw);
    const action = oneOf(n.action, MOD_ACTIONS);
    return action === null || readDate(n.at) === null
      ? []
      : [{ action, reason: str(n.reason), at: str(n.at), read: n.read === true }];
  });
}

/** `POST /api/reports`: the report's id, or null. */
export function readReported(raw: unknown): { id: string } | null {
  const id = str(fields<ReportedAnswer>(raw).id);
  return id ? { id } : null;
}
