import { describe, expect, it } from "vitest";
import { en } from "../i18n/en.js";
import type { Profile } from "../net/api-bodies.js";
import type { ModFile, ModLogLine, ModQueue, ModReport } from "../net/moderation-bodies.js";
import { byId, hasId, idsOf, nodesOf, textOf } from "../shell/vnode-query.js";
import { modPageView, type ModPageActs, type ModPageState } from "./mod-view.js";

const rating = (r: number, games: number) => ({ rating: r, rd: 50, provisional: false, games });
const BEA: Profile = {
  id: "p-bea",
  name: "Bea",
  ratings: { duel: rating(1710, 40), multi: rating(1500, 0) },
  records: { duel: { won: 30, drawn: 0, lost: 10 }, multi: { won: 0, drawn: 0, lost: 0 } },
  marked: false,
  role: null,
};
const REPORT: ModReport = {
  id: "r1",
  reporterId: "p-ann",
  reporterName: "Ann",
  playerId: "p-bea",
  playerName: "Bea",
  reason: "sandbagging",
  note: "lost on purpose to her friend",
  gameId: "hand-9",
  createdAt: new Date("2026-12-06T01:00:00Z"),
  open: true,
};
const line = (action: ModLogLine["action"], detail: Record<string, string> = {}): ModLogLine => ({
  id: `a-${action}`,
  playerId: "p-bea",
  playerName: "Bea",
  moderatorName: "Mo",
  action,
  reason: `why ${action}`,
  detail,
  createdAt: new Date("2026-12-06T01:05:00Z"),
});
const FILE: ModFile = {
  player: BEA,
  flags: { muted: false, marked: true, closed: false },
  reports: [REPORT],
  log: [line("mark"), line("rename", { from: "Rude", to: "Bea" })],
  games: [
    {
      id: "hand-9",
      mode: "quick",
      players: 2,
      seat: 0,
      place: 2,
      outcome: "lost",
      opponents: [{ name: "Cy", computer: null }],
      endedAt: new Date("2026-12-06T00:50:00Z"),
      ratingDelta: -9,
    },
  ],
};

function page(state: Partial<ModPageState>): ModPageState & ModPageActs & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    lang: "en",
    locale: "en-GB",
    queue: { reports: [REPORT], log: [line("mute")] } satisfies ModQueue,
    file: null,
    playerId: null,
    pending: null,
    back: () => calls.push("back"),
    openFile: (id) => calls.push(`open ${id}`),
    replayHref: (id) => `/?game=${id}`,
    playerHref: (id) => `/#player=${id}`,
    ask: (action, name) => calls.push(`ask ${action}${name ? ` ${name}` : ""}`),
    edit: () => {},
    cancel: () => calls.push("cancel"),
    confirm: () => calls.push("confirm"),
    ...state,
  };
}

describe("the moderators' page view", () => {
  it("tells anyone without the role they are not allowed, and says it is loading or failed", () => {
    expect(textOf(byId(modPageView(page({ queue: "denied" })), "mod-denied"))).toBe(en.modNotAllowed);
    expect(hasId(modPageView(page({ queue: "loading" })), "mod-loading")).toBe(true);
    expect(hasId(modPageView(page({ playerId: "p-bea", file: "denied" })), "mod-denied")).toBe(true);
  });

  it("lists open reports with reason, reporter, note and the hand's replay; the name opens the file; the audit log", () => {
    const p = page({});
    const view = modPageView(p);
    const report = textOf(byId(view, "mod-reports"));
    for (const part of ["Bea", en.reasonSandbagging, "reported by Ann", "lost on purpose to her friend"])
      expect(report).toContain(part);
    expect(
      nodesOf(byId(view, "mod-reports")).some((n) => n.sel === "a" && n.data?.attrs?.href === "/?game=hand-9"),
    ).toBe(true);
    const name = nodesOf(byId(view, "mod-reports")).find((n) => n.sel === "button.link.mod-player")!;
    (name.data?.on?.click as () => void)();
    expect(p.calls).toEqual(["open p-bea"]);
    const log = textOf(byId(view, "mod-log"));
    for (const part of ["Mo", "Bea", en.actMute, "why mute"]) expect(log).toContain(part);
    expect(new Set(idsOf(view)).size).toBe(idsOf(view).length);
  });

  it("shows a file: restrictions, ratings, hands with replay links, reports, and the actions the flags allow", () => {
    const view = modPageView(page({ playerId: "p-bea", file: FILE }));
    expect(textOf(byId(view, "mod-flags"))).toBe(`${en.modFlags}: ${en.flagMarked}`);
    expect(textOf(byId(view, "mod-ratings"))).toContain("1710");
    expect(textOf(byId(view, "mod-hands"))).toContain("vs Cy");
    expect(nodesOf(byId(view, "mod-hands")).some((n) => n.sel === "a" && n.data?.attrs?.href === "/?game=hand-9")).toBe(
      true,
    );
    expect(idsOf(byId(view, "mod-actions"))).toEqual([
      "mod-actions",
      "mod-act-rename",
      "mod-act-mute",
      "mod-act-unmark", // marked: the mark is lifted, not set again
      "mod-act-close",
      "mod-act-dismiss", // an open report
    ]);
    expect(new Set(idsOf(view)).size).toBe(idsOf(view).length);
  });

  it("undoes from the audit log: the mark lifted, a rename back to the old name", () => {
    const p = page({ playerId: "p-bea", file: FILE });
    const undos = nodesOf(byId(modPageView(p), "mod-file-log")).filter((n) => n.sel === "button.mod-undo");
    for (const undo of undos) (undo.data?.on?.click as () => void)();
    expect(p.calls).toEqual(["ask unmark", "ask rename Rude"]);
    const unmarked = page({ playerId: "p-bea", file: { ...FILE, flags: { ...FILE.flags, marked: false } } });
    expect(nodesOf(modPageView(unmarked)).filter((n) => n.sel === "button.mod-undo")).toHaveLength(1); // the rename only
  });

  it("asks the reason (and a rename's name) before an action, and says the server's refusal", () => {
    const pending = { action: "rename" as const, reason: "", name: "Rude", sending: false, refused: null };
    const view = modPageView(page({ playerId: "p-bea", file: FILE, pending }));
    expect(hasId(view, "mod-actions")).toBe(false);
    expect(byId(view, "mod-reason").data?.attrs?.required).toBe(true);
    expect(byId(view, "mod-name").data?.props?.value).toBe("Rude");
    const refused = modPageView(
      page({
        playerId: "p-bea",
        file: FILE,
        pending: { ...pending, action: "mark", refused: "the player is marked already" },
      }),
    );
    expect(hasId(refused, "mod-name")).toBe(false);
    expect(textOf(byId(refused, "mod-refused"))).toBe("The action was refused: the player is marked already");
    const p = page({ playerId: "p-bea", file: FILE, pending });
    const escape = { key: "Escape", stopPropagation: () => p.calls.push("stopped") };
    (byId(modPageView(p), "mod-action-form").data?.on?.keydown as (e: unknown) => void)(escape);
    expect(p.calls).toEqual(["stopped", "cancel"]); // Escape closes the form, not the page
  });
});
