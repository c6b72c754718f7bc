import { describe, expect, it } from "vitest";
import { en } from "../i18n/en.js";
import type { LeaderboardRow } from "../net/api-bodies.js";
import { byId, hasId, idsOf, nodesOf, textOf } from "../shell/vnode-query.js";
import { leaderboardPageView, type LeaderboardPageActs, type LeaderboardPageState } from "./leaderboard-page.js";

const ROWS: LeaderboardRow[] = [
  { rank: 1, playerId: "p-top", name: "Top", rating: 1810, games: 40 },
  { rank: 2, playerId: "me", name: "Me", rating: 1700, games: 22 },
  { rank: 3, playerId: "p-away", name: "Away", rating: 1650, games: 30 },
];

function page(state: Partial<LeaderboardPageState>): LeaderboardPageState & LeaderboardPageActs & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    lang: "en",
    me: "me",
    board: "duel",
    rows: { duel: ROWS },
    presence: {},
    back: () => calls.push("back"),
    select: (board) => calls.push(`select ${board}`),
    retry: () => calls.push("retry"),
    openPlayer: (id) => calls.push(`open ${id}`),
    asking: null,
    ask: (key) => calls.push(`ask ${key}`),
    challenge: (id, rated) => calls.push(`challenge ${id} ${rated}`),
    ...state,
  };
}

const row = (view: ReturnType<typeof leaderboardPageView>, id: string) =>
  nodesOf(view).find((n) => n.data?.attrs?.["data-player"] === id && n.sel === "tr")!;

describe("the leaderboard's view", () => {
  it("marks the selected tab as the one tab stop and labels the panel by it", () => {
    const view = leaderboardPageView(page({ board: "multi", rows: { multi: [] } }));
    expect(byId(view, "tab-multi").data?.attrs?.["aria-selected"]).toBe("true");
    expect(byId(view, "tab-multi").data?.attrs?.tabindex).toBe("0");
    expect(byId(view, "tab-duel").data?.attrs?.tabindex).toBe("-1");
    expect(byId(view, "leaderboard-panel").data?.attrs?.["aria-labelledby"]).toBe("tab-multi");
    expect(textOf(byId(view, "leaderboard-panel"))).toContain(en.leaderboardEmpty);
  });

  it("marks the player's own row, without a Challenge; another's Challenge is disabled, saying why, while they are offline", () => {
    const view = leaderboardPageView(page({ presence: { "p-top": "online", "p-away": "offline" } }));
    const mine = row(view, "me");
    expect(mine.data?.attrs?.["aria-current"]).toBe("true");
    expect(nodesOf(mine).some((n) => n.sel === "button.challenge")).toBe(false);
    const top = nodesOf(row(view, "p-top")).find((n) => n.sel === "button.challenge")!;
    expect(top.data?.props?.disabled).toBe(false);
    expect(textOf(row(view, "p-top"))).toContain(en.statusOnline);
    const away = nodesOf(row(view, "p-away")).find((n) => n.sel === "button.challenge")!;
    expect(away.data?.props?.disabled).toBe(true);
    expect(textOf(row(view, "p-away"))).toContain(en.cannotChallengeOffline);
  });

  it("says when the player is not listed, loading, and a failure with a Retry", () => {
    expect(textOf(leaderboardPageView(page({ me: "nobody" })))).toContain(en.notListed);
    expect(textOf(leaderboardPageView(page({ rows: {} })))).toContain(en.loading);
    const failed = leaderboardPageView(page({ rows: { duel: "failed" } }));
    expect(textOf(failed)).toContain(en.leaderboardFailed);
    expect(hasId(failed, "leaderboard-table")).toBe(false);
    expect(hasId(failed, "leaderboard-retry")).toBe(true);
  });

  it("gives every element a unique id", () => {
    const ids = idsOf(leaderboardPageView(page({})));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
