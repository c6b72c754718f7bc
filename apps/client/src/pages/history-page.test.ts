import { describe, expect, it } from "vitest";
import { en } from "../i18n/en.js";
import { byId, hasId, idsOf, nodesOf, textOf } from "../shell/vnode-query.js";
import { historyPageView, type HistoryItem, type HistoryPageActs, type HistoryPageState } from "./history-page.js";

const ITEM: HistoryItem = {
  line: {
    id: "hand-1",
    endedAt: "2026-12-01T10:15:00.000Z",
    date: "1 December 2026, 10:15",
    mode: "Quick match · 3 players",
    opponents: "vs دانا, Computer",
    outcome: "won",
    result: "Won · place 1",
    change: "+12",
    rated: true,
  },
  people: [{ name: "دانا", playerId: "p-dana" }],
};

function page(state: Partial<HistoryPageState>): HistoryPageState & HistoryPageActs & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    lang: "en",
    items: [ITEM],
    status: "shown",
    localOnly: false,
    hasMore: false,
    focusFrom: null,
    back: () => calls.push("back"),
    loadMore: () => calls.push("more"),
    retry: () => calls.push("retry"),
    openPlayer: (id) => calls.push(`open ${id}`),
    asking: null,
    ask: (key) => calls.push(`ask ${key}`),
    challenge: (id, rated) => calls.push(`challenge ${id} ${rated}`),
    ...state,
  };
}

describe("My games' view", () => {
  it("lists each hand with its replay link, and a link and a Challenge for each person, the name isolated", () => {
    const view = historyPageView(page({}));
    const entry = nodesOf(view).find((n) => n.data?.attrs?.["data-game"] === "hand-1")!;
    expect(textOf(entry)).toContain("Won · place 1+12");
    expect(nodesOf(entry).find((n) => n.sel === "a.game-replay")?.data?.attrs?.href).toBe("?game=hand-1");
    expect(nodesOf(entry).find((n) => n.sel === "a.player-link")?.data?.attrs?.href).toBe("#player=p-dana");
    const challenge = nodesOf(entry).find((n) => n.sel === "button.challenge")!;
    expect(challenge.data?.attrs?.["data-player"]).toBe("p-dana");
    expect(nodesOf(challenge).some((n) => n.sel === "bdi" && n.text === "دانا")).toBe(true);
    expect(textOf(view)).toContain("1 game shown");
    expect(byId(view, "games-more").data?.props?.hidden).toBe(true);
  });

  it("says it is loading, that it failed with a Retry, or that nothing was played; More while there is a next page", () => {
    expect(textOf(historyPageView(page({ status: "loading", items: [] })))).toContain(en.loading);
    const failed = historyPageView(page({ status: "failed" }));
    expect(hasId(failed, "games-retry")).toBe(true);
    expect(textOf(historyPageView(page({ items: [] })))).toContain(en.historyEmpty);
    expect(textOf(historyPageView(page({ localOnly: true })))).toContain(en.historyLocalOnly);
    const more = page({ hasMore: true });
    const button = byId(historyPageView(more), "games-more");
    expect(button.data?.props?.hidden).toBe(false);
    (button.data?.on?.click as (e: Event) => void)(new Event("click"));
    expect(more.calls).toEqual(["more"]);
    expect(hasId(historyPageView(page({})), "games-retry")).toBe(false);
  });

  it("focuses the first entry More added when it is drawn, and no other", () => {
    const items = [ITEM, { ...ITEM, line: { ...ITEM.line, id: "hand-2" } }];
    const entries = (focusFrom: number | null) =>
      nodesOf(historyPageView(page({ items, focusFrom }))).filter((n) => n.sel === "li.game");
    expect(entries(null).map((n) => n.data?.hook?.insert === undefined)).toEqual([true, true]);
    expect(entries(1).map((n) => n.data?.hook?.insert === undefined)).toEqual([true, false]);
  });

  it("gives every element a unique id", () => {
    const ids = idsOf(historyPageView(page({ hasMore: true })));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
