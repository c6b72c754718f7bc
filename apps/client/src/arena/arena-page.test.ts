import { describe, expect, it } from "vitest";
import { en } from "../i18n/en.js";
import { t } from "../i18n/index.js";
import { byId, hasId, nodesOf, textOf } from "../shell/vnode-query.js";
import { detail, NOW, standing } from "./arena-fixtures.js";
import { arenaPageView, arenaRefusal, type ArenaPageActs, type ArenaPageState } from "./arena-page.js";

function page(state: Partial<ArenaPageState>): ArenaPageState & ArenaPageActs & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    lang: "en",
    now: NOW,
    detail: detail(),
    joined: "no",
    you: null,
    refusal: null,
    back: () => calls.push("back"),
    join: () => calls.push("join"),
    pause: () => calls.push("pause"),
    resume: () => calls.push("resume"),
    leave: () => calls.push("leave"),
    watch: (roomId) => calls.push(`watch ${roomId}`),
    openPlayer: (id) => calls.push(`player ${id}`),
    started: () => calls.push("started"),
    stopped: () => calls.push("stopped"),
    ...state,
  };
}

function click(view: ReturnType<typeof arenaPageView>, id: string): void {
  const on = byId(view, id).data?.on?.click;
  (on as (e: Event) => void)({ preventDefault: () => {} } as Event);
}

const you = (change: { paused?: boolean; playing?: string | null; rejoinAt?: number } = {}) => ({
  me: standing(2, "Bo", { fire: true, score: 8, hands: 3, berserkRate: 1 / 3 }),
  paused: false,
  playing: null,
  rejoinAt: 0,
  ...change,
});

describe("an arena's page view", () => {
  it("says it is loading or failed, then the name, the kind and the time to the end", () => {
    expect(textOf(arenaPageView(page({ detail: "loading" })))).toContain(en.loading);
    expect(textOf(arenaPageView(page({ detail: "failed" })))).toContain(en.arenaFailed);
    const view = arenaPageView(page({}));
    expect(textOf(byId(view, "page-title"))).toBe("Hourly duel arena");
    expect(textOf(byId(view, "arena-kind"))).toBe("57 minutes · rated · berserk · streaks");
    expect(textOf(byId(view, "arena-clock"))).toBe("Ends in 47:05");
    const upcoming = arenaPageView(page({ detail: detail({ status: "created", startsAt: NOW + 90_000 }) }));
    expect(textOf(byId(upcoming, "arena-clock"))).toBe("Starts in 1:30");
  });

  it("lists the standings: rank, name linking to the player's page, score with the fire mark, hands, paused", () => {
    const p = page({});
    const view = arenaPageView(p);
    const rows = nodesOf(byId(view, "arena-standings")).filter((n) => n.sel?.startsWith("tr") && n.key !== undefined);
    expect(rows.map(textOf)).toEqual(["1Ада9 🔥4", "2Bo84", "3Cy paused74", "4Di64"]);
    expect(textOf(byId(view, "arena-standings-title"))).toBe("Standings (4 players)");
    const link = nodesOf(rows[1]!).find((n) => n.sel === "a.player-link")!;
    (link.data?.on?.click as (e: Event) => void)({ preventDefault: () => {} } as Event);
    expect(p.calls).toContain(`player ${standing(2, "Bo").playerId}`);
  });

  it("offers Join before joining, then Pause and Leave; paused, Resume — disabled until the rejoin delay is over", () => {
    const p = page({});
    click(arenaPageView(p), "arena-join");
    expect(p.calls).toContain("join");
    expect(byId(arenaPageView(page({ joined: "joining" })), "arena-join").data?.props?.disabled).toBe(true);
    const joined = arenaPageView(page({ joined: "yes", you: you() }));
    expect(hasId(joined, "arena-join")).toBe(false);
    expect(hasId(joined, "arena-pause") && hasId(joined, "arena-leave")).toBe(true);
    const paused = arenaPageView(page({ joined: "yes", you: you({ paused: true, rejoinAt: NOW + 12_000 }) }));
    expect(byId(paused, "arena-resume").data?.props?.disabled).toBe(true);
    expect(textOf(paused)).toContain("You may resume in 0:12");
    expect(textOf(byId(paused, "arena-state"))).toBe(en.arenaPaused);
    const free = arenaPageView(page({ joined: "yes", you: you({ paused: true }) }));
    expect(byId(free, "arena-resume").data?.props?.disabled).toBe(false);
    expect(hasId(arenaPageView(page({ detail: detail({ status: "finished" }) })), "arena-join")).toBe(false);
  });

  it("shows your own line: rank, score, fire, hands, berserk rate and whether you play", () => {
    const view = arenaPageView(page({ joined: "yes", you: you({ playing: "room-9" }) }));
    expect(textOf(byId(view, "arena-me"))).toBe("You: rank 2, 8 points 🔥 · 3 hands · berserk 33% · playing");
  });

  it("offers the featured table to watch", () => {
    const p = page({});
    const view = arenaPageView(p);
    expect(textOf(byId(view, "arena-featured"))).toContain("Ада – Bo");
    click(view, "arena-watch");
    expect(p.calls).toContain("watch room-1");
    expect(hasId(arenaPageView(page({ detail: detail({ featured: null }) })), "arena-featured")).toBe(false);
  });

  it("shows the podium once the last hand is over: the first three with hands, win %, berserk rate, performance", () => {
    expect(hasId(arenaPageView(page({ detail: detail({ status: "finished", final: false }) })), "arena-podium")).toBe(
      false,
    );
    const view = arenaPageView(page({ detail: detail({ status: "finished", final: true }) }));
    const lines = nodesOf(byId(view, "arena-podium"))
      .filter((n) => n.sel === "li")
      .map(textOf);
    expect(lines).toEqual([
      "Ада 9 points · 4 hands · 75% won · berserk 25% · performance 1590",
      "Bo 8 points · 4 hands · 75% won · berserk 25% · performance 1580",
      "Cy 7 points · 4 hands · 75% won · berserk 25% · performance 1570",
    ]);
    expect(textOf(byId(view, "arena-clock"))).toBe(en.arenaOver);
  });

  it("words the server's refusals", () => {
    expect(arenaRefusal("arena-over: the arena is finished")).toBe("arenaOverRefused");
    expect(arenaRefusal("arena-not-qualified")).toBe("arenaNotQualified");
    expect(arenaRefusal("arena-already-in")).toBe("arenaAlreadyIn");
    expect(arenaRefusal("wrong-state")).toBe("arenaWrongState");
    expect(arenaRefusal("socket hang up")).toBe("arenaJoinFailed");
    const view = arenaPageView(page({ refusal: "arenaNotQualified" }));
    expect(textOf(byId(view, "arena-refusal"))).toBe(en.arenaNotQualified);
    expect(t("ru", "arenaNotQualified")).not.toBe(en.arenaNotQualified);
  });

  it("starts its clock when inserted and stops it when destroyed", () => {
    const p = page({});
    const hook = arenaPageView(p).data?.hook;
    hook?.insert?.({} as never);
    hook?.destroy?.({} as never);
    expect(p.calls).toEqual(["started", "stopped"]);
  });
});
