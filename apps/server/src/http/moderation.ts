/**
 * Moderation over HTTP: `POST /api/reports` (any signed-in player, at most REPORTS_PER_DAY a day),
 * `GET /api/me/notices` (what moderators did to me, without their names) and
 * `POST /api/me/notices/read` (read up to a time: shown no more, on any device), and the moderators'
 * `/api/mod/…` — open reports, a player's file (recent hands, ratings, reports, the audit log of
 * actions) and the actions themselves. Every `/api/mod/…` call answers 403 to a signed-in player
 * without the role, before anything is read or changed.
 */
import type express from "express";
import { z } from "zod";
import type { Store } from "../storage/index.js";
import { MOD_ACTIONS, NOTICES, REPORT_REASONS, REPORTS_PER_DAY, type ModAction } from "../moderation/actions.js";
import type { Moderated } from "../moderation/moderated-channel.js";
import { signedInPlayer, tokenOwner } from "./auth.js";
import { HttpError, fromStore, methodNotAllowed } from "./errors.js";
import { parseBody } from "./validation.js";
import { isUuid } from "../storage/uuid.js";
import type { ActionRow, PlayerFlags, ReportRow } from "../storage/moderation.js";
import { cleanName, type ReportReason } from "@yourtrumps/protocol";
import { historyGameAnswer, profileAnswer, type HistoryGameAnswer, type ProfileAnswer } from "./players.js";

/** A report as the moderators' routes show it. */
export interface ModReportAnswer {
  id: string;
  reporterId: string;
  reporterName: string;
  playerId: string; // who is reported
  playerName: string;
  reason: ReportReason;
  note: string; // up to 500 characters, maybe ""
  gameId: string | null; // the hand it is about (a report made at a table)
  createdAt: string; // ISO 8601
  closedAt: string | null; // null: open
}

/** An audit log line: who did what to whom, when and why. */
export interface ModActionAnswer {
  id: string;
  playerId: string;
  playerName: string; // as named now
  moderatorId: string;
  moderatorName: string;
  action: ModAction;
  reason: string;
  detail: Record<string, string>; // a rename's { from, to }
  createdAt: string; // ISO 8601
}

/** `GET /api/mod/reports`. */
export interface ModReportsAnswer {
  reports: ModReportAnswer[]; // open ones, oldest first
  actions: ModActionAnswer[]; // the latest of the audit log, newest first
}

/** `GET /api/mod/players/:id`: a player's file. */
export interface ModPlayerAnswer {
  player: ProfileAnswer; // ratings and record
  flags: PlayerFlags;
  reports: ModReportAnswer[]; // newest first, open or closed
  actions: ModActionAnswer[]; // the audit log of actions on them, newest first
  games: HistoryGameAnswer[]; // their last 20 hands
}

/** `POST /api/mod/players/:id/actions`. */
export interface ModActedAnswer {
  flags: PlayerFlags;
}

/** `GET /api/me/notices`. */
export interface NoticesAnswer {
  notices: { action: ModAction; notice: string; reason: string; at: string; read: boolean }[]; // newest first; the moderator is not named
}

/** `POST /api/reports`. */
export interface ReportedAnswer {
  id: string;
}

/** The latest audit log lines the moderators' page shows. */
const AUDIT_LOG_SHOWN = 50;

const reportAnswer = (r: ReportRow): ModReportAnswer => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  closedAt: r.closedAt?.toISOString() ?? null,
});
const actionAnswer = (a: ActionRow): ModActionAnswer => ({ ...a, createdAt: a.createdAt.toISOString() });

const reportBody = z.object({
  playerId: z.string().refine(isUuid, "must be a player id"),
  reason: z.enum(REPORT_REASONS),
  note: z.string().max(500).default(""),
  gameId: z.string().refine(isUuid, "must be a hand id").nullable().default(null),
});

const readBody = z.object({ upTo: z.iso.datetime({ offset: true }) }); // the newest notice's `at` the player read

const actionBody = z.object({
  action: z.enum(MOD_ACTIONS),
  reason: z.string().trim().min(1, "say why").max(500),
  name: z.string().max(100).optional(), // rename: the new name
});

/** The signed-in moderator (or administrator) of the request; 401 without a token, 403 without the role. */
async function moderator(req: express.Request, store: Store): Promise<{ id: string; name: string }> {
  const player = await signedInPlayer(req, store);
  const role = await fromStore(() => store.moderation.roleOf(player.id));
  if (role === null) throw new HttpError(403, "this is for moderators");
  return { id: player.id, name: player.name };
}

export function moderationRoutes(
  router: express.Router,
  store: Store,
  moderated: (m: Moderated) => Promise<void> = () => Promise.resolve(),
): void {
  router
    .route("/reports")
    .post(async (req, res) => {
      const reporter = await signedInPlayer(req, store);
      const body = parseBody(reportBody, req);
      if (body.playerId === reporter.id) throw new HttpError(400, "you cannot report yourself", {}, "report-self");
      if ((await fromStore(() => store.getPlayer(body.playerId))) === null)
        throw new HttpError(404, "there is no such player");
      const since = new Date(Date.now() - 24 * 3600_000);
      if ((await fromStore(() => store.moderation.reportsSince(reporter.id, since))) >= REPORTS_PER_DAY)
        throw new HttpError(
          429,
          `at most ${REPORTS_PER_DAY} reports a day; try again tomorrow`,
          { "Retry-After": "3600" },
          "report-limit",
        );
      const id = await fromStore(() =>
        store.moderation.report({ reporterId: reporter.id, ...body, note: body.note.trim() }),
      );
      res.status(201).json({ id } satisfies ReportedAnswer);
    })
    .all(methodNotAllowed("POST"));

  router
    .route("/me/notices")
    .get(async (req, res) => {
      const playerId = await tokenOwner(req, store); // a closed account may still read why
      const [actions, readAt] = await fromStore(() =>
        Promise.all([store.moderation.actionsOf(playerId, 50), store.moderation.noticesReadAt(playerId)]),
      );
      const notices = actions.flatMap((a) => {
        const notice = NOTICES[a.action];
        if (notice === null) return [];
        // Compared in milliseconds, as `at` is written: the `upTo` a client sends back covers its notice.
        const read = readAt !== null && a.createdAt.getTime() <= readAt.getTime();
        return [{ action: a.action, notice, reason: a.reason, at: a.createdAt.toISOString(), read }];
      });
      res.set("Cache-Control", "no-store").json({ notices } satisfies NoticesAnswer);
    })
    .all(methodNotAllowed("GET"));

  router
    .route("/me/notices/read")
    .post(async (req, res) => {
      const playerId = await tokenOwner(req, store);
      const { upTo } = parseBody(readBody, req);
      const at = new Date(Math.min(Date.parse(upTo), Date.now())); // never ahead of now: a later notice stays unread
      await fromStore(() => store.moderation.readNotices(playerId, at));
      res.status(204).end();
    })
    .all(methodNotAllowed("POST"));

  router
    .route("/mod/reports")
    .get(async (req, res) => {
      await moderator(req, store);
      const [reports, actions] = await fromStore(() =>
        Promise.all([store.moderation.openReports(200), store.moderation.recentActions(AUDIT_LOG_SHOWN)]),
      );
      res
        .set("Cache-Control", "no-store")
        .json({ reports: reports.map(reportAnswer), actions: actions.map(actionAnswer) } satisfies ModReportsAnswer);
    })
    .all(methodNotAllowed("GET"));

  router
    .route("/mod/players/:id")
    .get(async (req, res) => {
      await moderator(req, store);
      const id = req.params.id;
      const [profile, flags, reports, actions, games] = await fromStore(() =>
        Promise.all([
          store.getPlayer(id),
          store.moderation.flagsOf(id),
          store.moderation.reportsOf(id, 100),
          store.moderation.actionsOf(id, 100),
          store.playerGames(id, { limit: 20 }),
        ]),
      );
      if (profile === null || flags === null) throw new HttpError(404, "there is no such player");
      res.set("Cache-Control", "no-store").json({
        player: profileAnswer(profile),
        flags,
        reports: reports.map(reportAnswer),
        actions: actions.map(actionAnswer),
        games: games.games.map(historyGameAnswer),
      } satisfies ModPlayerAnswer);
    })
    .all(methodNotAllowed("GET"));

  router
    .route("/mod/players/:id/actions")
    .post(async (req, res) => {
      const mod = await moderator(req, store);
      const body = parseBody(actionBody, req);
      const id = req.params.id;
      const [profile, flags] = await fromStore(() => Promise.all([store.getPlayer(id), store.moderation.flagsOf(id)]));
      if (profile === null || flags === null) throw new HttpError(404, "there is no such player");
      if (id === mod.id) throw new HttpError(400, "a moderator does not act on their own account");
      const change = changeOf(body.action, body.name, flags);
      const detail: Record<string, string> = change.name === undefined ? {} : { from: profile.name, to: change.name };
      await fromStore(() =>
        store.moderation.act({
          playerId: id,
          moderatorId: mod.id,
          action: body.action,
          reason: body.reason,
          detail,
          change,
        }),
      );
      await moderated({ playerId: id, action: body.action }); // the rooms holding the player's connections hear it
      const now = await fromStore(() => store.moderation.flagsOf(id));
      if (now === null) throw new HttpError(404, "there is no such player");
      res.status(201).json({ flags: now } satisfies ModActedAnswer);
    })
    .all(methodNotAllowed("POST"));
}

/** The player's columns `action` sets; 400 for one that changes nothing (muting the muted) or a rename without a name. */
function changeOf(
  action: ModAction,
  name: string | undefined,
  flags: { muted: boolean; marked: boolean; closed: boolean },
): { name?: string; muted_at?: Date | null; marked_at?: Date | null; mod_closed_at?: Date | null } {
  const already = (on: boolean, what: string): void => {
    if (on) throw new HttpError(400, `the player is ${what} already`);
  };
  const now = new Date();
  switch (action) {
    case "rename": {
      const cleaned = cleanName(name ?? "");
      if (cleaned === "") throw new HttpError(400, "rename needs a name");
      return { name: cleaned };
    }
    case "mute":
      already(flags.muted, "muted");
      return { muted_at: now };
    case "unmute":
      already(!flags.muted, "not muted");
      return { muted_at: null };
    case "mark":
      already(flags.marked, "marked");
      return { marked_at: now };
    case "unmark":
      already(!flags.marked, "not marked");
      return { marked_at: null };
    case "close":
      already(flags.closed, "closed");
      return { mod_closed_at: now };
    case "reopen":
      already(!flags.closed, "open");
      return { mod_closed_at: null };
    case "dismiss":
      return {};
    default:
      throw new Error(`unknown action ${String(action satisfies never)}`);
  }
}
