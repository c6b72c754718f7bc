/** The moderators' page's view (mod-page.ts): pure, from its state to its nodes. */
import type { ModAction } from "@yourtrumps/protocol";
import { t, type Key, type Lang } from "../i18n/index.js";
import { historyLine } from "../model/history-entry.js";
import { ratingText } from "../model/rating.js";
import type { Flags, ModFile, ModLogLine, ModQueue, ModReport } from "../net/moderation-bodies.js";
import { bdi, h, type VNode } from "../shell/view.js";
import { REASON_KEY } from "../people/report-dialog.js";

/** An action being asked for: its reason (and a rename's name) typed, then confirmed. */
export interface PendingAction {
  action: ModAction;
  reason: string;
  name: string; // rename only
  sending: boolean;
  refused: string | null; // the server's refusal
}

export interface ModPageState {
  lang: Lang;
  locale: string;
  queue: ModQueue | "loading" | "denied" | "failed";
  file: ModFile | "loading" | "denied" | "failed" | null; // null: the queue shows
  playerId: string | null; // whose file shows
  pending: PendingAction | null;
}

export interface ModPageActs {
  back(): void;
  openFile(playerId: string | null): void; // null: back to the queue
  replayHref(gameId: string): string;
  playerHref(playerId: string): string;
  ask(action: ModAction, name?: string): void; // opens the reason form
  edit(field: "reason" | "name", value: string): void;
  cancel(): void;
  confirm(): void;
}

type Ctrl = ModPageState & ModPageActs;

export const ACTION_KEY: Record<ModAction, Key> = {
  rename: "actRename",
  mute: "actMute",
  unmute: "actUnmute",
  mark: "actMark",
  unmark: "actUnmark",
  close: "actClose",
  reopen: "actReopen",
  dismiss: "actDismiss",
};

/** What undoes an action, given the player's flags now (null: nothing left to undo). */
function undoOf(line: ModLogLine, flags: Flags): { action: ModAction; name?: string } | null {
  switch (line.action) {
    case "rename":
      return line.detail.from ? { action: "rename", name: line.detail.from } : null;
    case "mute":
      return flags.muted ? { action: "unmute" } : null;
    case "mark":
      return flags.marked ? { action: "unmark" } : null;
    case "close":
      return flags.closed ? { action: "reopen" } : null;
    default:
      return null;
  }
}

export function modPageView(ctrl: Ctrl): VNode {
  const L = ctrl.lang;
  return h("div.page-body.mod-page", { attrs: { lang: L } }, [
    h("header.page-head", [
      h("button#page-back.page-back", { attrs: { type: "button" }, on: { click: () => ctrl.back() } }, t(L, "back")),
      h("h1#page-title", t(L, "modPage")),
    ]),
    ctrl.playerId === null ? queueView(ctrl) : fileView(ctrl),
  ]);
}

function status(L: Lang, state: "loading" | "denied" | "failed"): VNode {
  const key: Key = state === "loading" ? "loading" : state === "denied" ? "modNotAllowed" : "modFailed";
  return h(`p#mod-${state}.page-status`, { attrs: { role: state === "loading" ? "status" : "alert" } }, t(L, key));
}

function when(ctrl: Ctrl, date: Date): VNode {
  const text = date.toLocaleString(ctrl.locale, { dateStyle: "medium", timeStyle: "short" });
  return h("time", { attrs: { datetime: date.toISOString() } }, text);
}

function queueView(ctrl: Ctrl): VNode {
  const L = ctrl.lang;
  const q = ctrl.queue;
  if (typeof q === "string") return status(L, q);
  return h("div.mod-queue", [
    h("section", { attrs: { "aria-labelledby": "mod-reports-title" } }, [
      h("h2#mod-reports-title", t(L, "modOpenReports")),
      q.reports.length === 0
        ? h("p#mod-no-reports.note", t(L, "modNoReports"))
        : h(
            "ul#mod-reports.mod-list",
            q.reports.map((r) => reportItem(ctrl, r, true)),
          ),
    ]),
    h("section", { attrs: { "aria-labelledby": "mod-log-title" } }, [
      h("h2#mod-log-title", t(L, "modAuditLog")),
      logTable(ctrl, "mod-log", q.log, null),
    ]),
  ]);
}

function reportItem(ctrl: Ctrl, r: ModReport, withPlayer: boolean): VNode {
  const L = ctrl.lang;
  return h(`li.mod-report${r.open ? ".open" : ""}`, { key: r.id, attrs: { "data-report": r.id } }, [
    ...(withPlayer
      ? [
          h("button.link.mod-player", { attrs: { type: "button" }, on: { click: () => ctrl.openFile(r.playerId) } }, [
            bdi(r.playerName),
          ]),
          " · ",
        ]
      : []),
    h("strong", t(L, REASON_KEY[r.reason])),
    " · ",
    t(L, "modReportedBy", { name: r.reporterName }),
    " · ",
    when(ctrl, r.createdAt),
    ...(r.gameId ? [" · ", h("a", { attrs: { href: ctrl.replayHref(r.gameId) } }, t(L, "replay"))] : []),
    ...(r.note ? [h("blockquote.mod-note", r.note)] : []),
  ]);
}

/** The audit log as a table: who, when, what (to whom), why; with Undo where the file shows. */
function logTable(ctrl: Ctrl, id: string, log: readonly ModLogLine[], flags: Flags | null): VNode {
  const L = ctrl.lang;
  if (log.length === 0) return h(`p#${id}-empty.note`, t(L, "modNoLog"));
  const head = ["colWhen", "colModerator", "colPlayer", "colAction", "colReason"] as const;
  return h(`table#${id}.mod-log`, [
    h("thead", [
      h("tr", [...head.map((k) => h("th", { attrs: { scope: "col" } }, t(L, k))), ...(flags ? [h("th")] : [])]),
    ]),
    h(
      "tbody",
      log.map((line) => {
        const undo = flags ? undoOf(line, flags) : null;
        const what =
          line.action === "rename" && line.detail.from && line.detail.to
            ? `${t(L, ACTION_KEY.rename)}: ${t(L, "modRenamed", { from: line.detail.from, to: line.detail.to })}`
            : t(L, ACTION_KEY[line.action]);
        return h("tr", { key: line.id, attrs: { "data-action": line.action } }, [
          h("td", [when(ctrl, line.createdAt)]),
          h("td", [bdi(line.moderatorName)]),
          h("td", [
            flags
              ? bdi(line.playerName)
              : h("button.link", { attrs: { type: "button" }, on: { click: () => ctrl.openFile(line.playerId) } }, [
                  bdi(line.playerName),
                ]),
          ]),
          h("td", what),
          h("td", line.reason),
          ...(flags
            ? [
                h(
                  "td",
                  undo === null || ctrl.pending !== null
                    ? []
                    : [
                        h(
                          "button.mod-undo",
                          {
                            attrs: { type: "button", "aria-label": `${t(L, "modUndo")}: ${what}` },
                            on: { click: () => ctrl.ask(undo.action, undo.name) },
                          },
                          t(L, "modUndo"),
                        ),
                      ],
                ),
              ]
            : []),
        ]);
      }),
    ),
  ]);
}

function fileView(ctrl: Ctrl): VNode {
  const L = ctrl.lang;
  const f = ctrl.file;
  const toQueue = h(
    "button#mod-queue.link",
    { attrs: { type: "button" }, on: { click: () => ctrl.openFile(null) } },
    t(L, "modBackToQueue"),
  );
  if (f === null || typeof f === "string") return h("div.mod-file", [toQueue, status(L, f ?? "loading")]);
  const { duel, multi } = f.player.ratings;
  const restrictions = [
    ...(f.flags.muted ? [t(L, "flagMuted")] : []),
    ...(f.flags.marked ? [t(L, "flagMarked")] : []),
    ...(f.flags.closed ? [t(L, "flagClosed")] : []),
  ];
  return h("div.mod-file", [
    toQueue,
    h("h2#mod-file-name", [h("a", { attrs: { href: ctrl.playerHref(f.player.id) } }, [bdi(f.player.name)])]),
    h("p#mod-flags", [
      h("strong", `${t(L, "modFlags")}: `),
      restrictions.length === 0 ? t(L, "flagNone") : restrictions.join(", "),
    ]),
    h("p#mod-ratings", [
      t(L, "duelRating", { rating: ratingText(duel.rating, duel.provisional) }),
      " · ",
      t(L, "ratedGames", { n: duel.games }),
      " — ",
      t(L, "multiRating", { rating: ratingText(multi.rating, multi.provisional) }),
      " · ",
      t(L, "ratedGames", { n: multi.games }),
    ]),
    actions(ctrl, f),
    h("section", { attrs: { "aria-labelledby": "mod-hands-title" } }, [
      h("h3#mod-hands-title", t(L, "modRecentHands")),
      f.games.length === 0
        ? h("p.note", t(L, "modNoHands"))
        : h(
            "ul#mod-hands.mod-list",
            f.games.map((g) => {
              const line = historyLine(L, g, ctrl.locale);
              return h("li", { key: g.id, attrs: { "data-game": g.id } }, [
                h("time", { attrs: { datetime: line.endedAt } }, line.date),
                ` · ${line.mode} · ${line.opponents} · ${line.result} · ${line.change} · `,
                h("a", { attrs: { href: ctrl.replayHref(g.id) } }, t(L, "replay")),
              ]);
            }),
          ),
    ]),
    h("section", { attrs: { "aria-labelledby": "mod-file-reports-title" } }, [
      h("h3#mod-file-reports-title", t(L, "modReports")),
      f.reports.length === 0
        ? h("p.note", t(L, "modNoReports"))
        : h(
            "ul#mod-file-reports.mod-list",
            f.reports.map((r) => reportItem(ctrl, r, false)),
          ),
    ]),
    h("section", { attrs: { "aria-labelledby": "mod-file-log-title" } }, [
      h("h3#mod-file-log-title", t(L, "modAuditLog")),
      logTable(ctrl, "mod-file-log", f.log, f.flags),
    ]),
  ]);
}

/** The action buttons the player's flags allow, or the form asking the reason for the one chosen. */
function actions(ctrl: Ctrl, f: ModFile): VNode {
  const L = ctrl.lang;
  const p = ctrl.pending;
  if (p !== null) return actionForm(ctrl, p);
  const offered: ModAction[] = [
    "rename",
    f.flags.muted ? "unmute" : "mute",
    f.flags.marked ? "unmark" : "mark",
    f.flags.closed ? "reopen" : "close",
    ...(f.reports.some((r) => r.open) ? (["dismiss"] as const) : []),
  ];
  return h(
    "div#mod-actions.row",
    offered.map((action) =>
      h(
        `button#mod-act-${action}`,
        { attrs: { type: "button" }, on: { click: () => ctrl.ask(action) } },
        t(L, ACTION_KEY[action]),
      ),
    ),
  );
}

function actionForm(ctrl: Ctrl, p: PendingAction): VNode {
  const L = ctrl.lang;
  return h(
    "form#mod-action-form",
    {
      attrs: { "aria-labelledby": "mod-action-title" },
      on: {
        submit: (e: Event) => {
          e.preventDefault();
          ctrl.confirm();
        },
        keydown: (e: KeyboardEvent) => {
          if (e.key !== "Escape") return;
          e.stopPropagation(); // the form closes; the page stays (Escape on the page goes back)
          ctrl.cancel();
        },
      },
    },
    [
      h("h3#mod-action-title", t(L, ACTION_KEY[p.action])),
      ...(p.action === "rename"
        ? [
            h("label", { attrs: { for: "mod-name" } }, t(L, "modNewName")),
            h("input#mod-name", {
              attrs: { type: "text", required: true, maxlength: 24, autocomplete: "off" },
              props: { value: p.name },
              on: { input: (e: Event) => ctrl.edit("name", (e.target as HTMLInputElement).value) },
            }),
          ]
        : []),
      h("label", { attrs: { for: "mod-reason" } }, t(L, "modReason")),
      h("input#mod-reason", {
        attrs: { type: "text", required: true, maxlength: 500, autocomplete: "off" },
        props: { value: p.reason },
        hook: { insert: (v) => (v.elm as HTMLInputElement).focus() },
        on: { input: (e: Event) => ctrl.edit("reason", (e.target as HTMLInputElement).value) },
      }),
      ...(p.refused === null
        ? []
        : [h("p#mod-refused.error", { attrs: { role: "alert" } }, t(L, "modActFailed", { why: p.refused }))]),
      h("div.row", [
        h("button#mod-confirm", { attrs: { type: "submit" }, props: { disabled: p.sending } }, t(L, "modConfirm")),
        h("button#mod-cancel", { attrs: { type: "button" }, on: { click: () => ctrl.cancel() } }, t(L, "cancel")),
      ]),
    ],
  );
}
