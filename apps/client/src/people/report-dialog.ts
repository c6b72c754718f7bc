/**
 * The Report dialog: one player (from their page) or a choice of the people at a table (from
 * the ⚙ menu), a reason from the protocol's list, a short note, Send. The server's refusals
 * are said in words (yourself, five a day); a sent report thanks and closes. A modal
 * `<dialog>`: the browser keeps the focus inside it and Escape closes it; the focus goes back
 * to the button that opened it.
 */
import { REPORT_REASONS, type ReportReason } from "@yourtrumps/protocol";
import { t, type Key, type Lang } from "../i18n/index.js";
import { ApiError } from "../net/api.js";
import { bdi, h, Mount, sentence, type VNode } from "../shell/view.js";

/** Someone a report may be about: a person with an identity, never oneself or a computer seat. */
export interface ReportCandidate {
  playerId: string;
  name: string;
}

/** A report as sent. */
export interface ReportSent {
  playerId: string;
  reason: ReportReason;
  note: string;
  gameId?: string; // the hand it was made at
}

export interface ReportHost {
  lang(): Lang;
  send(report: ReportSent): Promise<unknown>; // rejects with an ApiError carrying the refusal's code
}

/** What the dialog's view reads. */
export interface ReportState {
  lang: Lang;
  open: boolean;
  opened: number; // how many times it was opened: each opening is a new <dialog> element
  candidates: readonly ReportCandidate[]; // one: named in the title; more: chosen from a list
  playerId: string; // whom it is about
  reason: ReportReason | null; // none chosen yet: Send waits
  note: string;
  sending: boolean;
  outcome: "sent" | Key | null; // a refusal's words, or thanks
}

export interface ReportActs {
  choose(playerId: string): void;
  setReason(reason: ReportReason): void;
  setNote(note: string): void;
  send(): void;
  close(): void;
}

/** The note's limit, as the server's. */
export const REPORT_NOTE_MAX = 500;

/** Each reason's words (the moderators' page says them too). */
export const REASON_KEY: Record<ReportReason, Key> = {
  cheating: "reasonCheating",
  "offensive-name": "reasonOffensiveName",
  sandbagging: "reasonSandbagging",
  other: "reasonOther",
};

/** The words for a refused report, by the refusal's code. */
export function refusalKey(e: unknown): Key {
  const code = e instanceof ApiError ? e.code : null;
  if (code === "report-self") return "errReportSelf";
  if (code === "report-limit") return "errReportLimit";
  return "errReportFailed";
}

export class ReportDialog implements ReportState, ReportActs {
  open = false;
  opened = 0;
  candidates: readonly ReportCandidate[] = [];
  playerId = "";
  reason: ReportReason | null = null;
  note = "";
  sending = false;
  outcome: "sent" | Key | null = null;
  private gameId: string | undefined;
  private opener: HTMLElement | null = null;
  private readonly mount: Mount;

  constructor(
    root: HTMLElement,
    private readonly host: ReportHost,
  ) {
    this.mount = new Mount(root, () => reportDialogView(this));
  }

  get lang(): Lang {
    return this.host.lang();
  }

  /**
   * Opens the dialog about one of `candidates` (the first chosen); `gameId` is the hand at the
   * table, if any. Closed, it gives the focus to `returnTo` (the table), else to what had it.
   */
  show(candidates: readonly ReportCandidate[], gameId?: string, returnTo?: HTMLElement): void {
    if (candidates.length === 0) return;
    this.opener = returnTo ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    this.open = true;
    this.opened++;
    this.candidates = candidates;
    this.playerId = candidates[0]!.playerId;
    this.reason = null;
    this.note = "";
    this.sending = false;
    this.outcome = null;
    this.gameId = gameId;
    this.mount.redraw();
  }

  choose(playerId: string): void {
    this.set(() => (this.playerId = playerId));
  }

  setReason(reason: ReportReason): void {
    this.set(() => (this.reason = reason));
  }

  setNote(note: string): void {
    this.note = note; // the field shows what is typed: no redraw needed
  }

  send(): void {
    const reason = this.reason;
    if (reason === null || this.sending) return;
    const report: ReportSent = { playerId: this.playerId, reason, note: this.note.trim().slice(0, REPORT_NOTE_MAX) };
    if (this.gameId) report.gameId = this.gameId;
    this.set(() => ((this.sending = true), (this.outcome = null)));
    this.host.send(report).then(
      () => this.set(() => ((this.sending = false), (this.outcome = "sent"))),
      (e: unknown) => this.set(() => ((this.sending = false), (this.outcome = refusalKey(e)))),
    );
  }

  close(): void {
    if (!this.open) return;
    this.set(() => (this.open = false));
    this.opener?.focus();
    this.opener = null;
  }

  private set(change: () => void): void {
    change();
    if (this.open || this.mount.mounted) this.mount.redraw();
  }
}

/** The dialog: pure, from its state to its nodes (nothing when closed). */
export function reportDialogView(ctrl: ReportState & ReportActs): VNode {
  if (!ctrl.open) return h("div.report-host");
  const L = ctrl.lang;
  const only = ctrl.candidates.length === 1 ? ctrl.candidates[0]! : null;
  const sent = ctrl.outcome === "sent";
  return h("div.report-host", [
    h(
      "dialog#report-dialog.report",
      {
        // A new element at each opening. Escape closes the dialog natively at once (its cancel is not always
        // cancelable in Chromium), and the controller follows at the close event, a task later: opened again
        // before that, a reused element would stay closed, and the late event would close the new opening.
        key: ctrl.opened,
        attrs: { "aria-labelledby": "report-title", lang: L },
        hook: { insert: (v) => (v.elm as HTMLDialogElement).showModal() },
        on: { close: () => ctrl.close() },
      },
      [
        h("h2#report-title", only ? sentence(t(L, "reportTitle"), { name: bdi(only.name) }) : t(L, "reportPlayer")),
        sent ? thanks(ctrl) : form(ctrl),
      ],
    ),
  ]);
}

function thanks(ctrl: ReportState & ReportActs): VNode {
  return h("div.report-done", [
    h("p#report-sent", { attrs: { role: "status" } }, t(ctrl.lang, "reportSent")),
    h("button#report-close", { attrs: { type: "button" }, on: { click: () => ctrl.close() } }, t(ctrl.lang, "close")),
  ]);
}

function form(ctrl: ReportState & ReportActs): VNode {
  const L = ctrl.lang;
  const refused = ctrl.outcome !== null && ctrl.outcome !== "sent" ? ctrl.outcome : null;
  return h(
    "form#report-form",
    {
      on: {
        submit: (e: Event) => {
          e.preventDefault();
          ctrl.send();
        },
      },
    },
    [
      ...(ctrl.candidates.length > 1
        ? [
            h("label", { attrs: { for: "report-who" } }, t(L, "reportWho")),
            h(
              "select#report-who",
              { on: { change: (e: Event) => ctrl.choose((e.target as HTMLSelectElement).value) } },
              ctrl.candidates.map((c) =>
                h(
                  "option",
                  { attrs: { value: c.playerId }, props: { selected: c.playerId === ctrl.playerId } },
                  c.name,
                ),
              ),
            ),
          ]
        : []),
      h("fieldset.report-reasons", [
        h("legend", t(L, "reportReason")),
        ...REPORT_REASONS.map((reason) =>
          h("label.check", [
            h(`input#report-${reason}`, {
              attrs: { type: "radio", name: "report-reason", value: reason },
              props: { checked: ctrl.reason === reason },
              on: { change: () => ctrl.setReason(reason) },
            }),
            h("span", t(L, REASON_KEY[reason])),
          ]),
        ),
      ]),
      h("label", { attrs: { for: "report-note" } }, t(L, "reportNote")),
      h("textarea#report-note", {
        attrs: { maxlength: REPORT_NOTE_MAX, rows: 3 },
        props: { value: ctrl.note },
        on: { input: (e: Event) => ctrl.setNote((e.target as HTMLTextAreaElement).value) },
      }),
      ...(refused === null ? [] : [h("p#report-error.error", { attrs: { role: "alert" } }, t(L, refused))]),
      h("div.row", [
        h(
          "button#report-send",
          { attrs: { type: "submit" }, props: { disabled: ctrl.sending || ctrl.reason === null } },
          t(L, "reportSend"),
        ),
        h("button#report-cancel", { attrs: { type: "button" }, on: { click: () => ctrl.close() } }, t(L, "cancel")),
      ]),
    ],
  );
}
