import { describe, expect, it } from "vitest";
import { en } from "../i18n/en.js";
import type { Profile } from "../net/api-bodies.js";
import { byId, hasId, idsOf, nodesOf, textOf } from "../shell/vnode-query.js";
import { playerPageView, type PlayerPageActs, type PlayerPageState } from "./player-page.js";

const rating = (r: number, games: number) => ({ rating: r, rd: 50, provisional: false, games });
const PROFILE: Profile = {
  id: "p1",
  name: "דנה",
  ratings: { duel: rating(1650, 12), multi: rating(1500, 3) },
  records: { duel: { won: 9, drawn: 1, lost: 5 }, multi: { won: 2, drawn: 0, lost: 1 } },
  marked: false,
  role: null,
};

function page(
  state: Partial<PlayerPageState & PlayerPageActs>,
): PlayerPageState & PlayerPageActs & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    lang: "en",
    locale: "en-GB",
    mine: false,
    moderator: false,
    profile: PROFILE,
    puzzles: null,
    presence: "online",
    arenas: null,
    openArena: (id) => calls.push(`arena ${id}`),
    back: () => calls.push("back"),
    asking: null,
    ask: (key) => calls.push(`ask ${key}`),
    challenge: () => calls.push("challenge"),
    report: () => calls.push("report"),
    moderate: () => calls.push("moderate"),
    started: () => calls.push("started"),
    stopped: () => calls.push("stopped"),
    ...state,
  };
}

describe("a player's page view", () => {
  it("says it is loading, then the name (isolated for direction), ratings on their own lines and record", () => {
    expect(textOf(playerPageView(page({ profile: "loading" })))).toContain(en.loading);
    expect(textOf(playerPageView(page({ profile: "failed" })))).toContain(en.playerFailed);
    const view = playerPageView(page({}));
    expect(nodesOf(byId(view, "page-title")).some((n) => n.sel === "bdi" && n.text === "דנה")).toBe(true);
    expect(textOf(byId(view, "player-duel"))).toBe("Duel rating: 1650 · 12 rated games");
    expect(textOf(byId(view, "player-multi"))).toBe("3–4 player rating: 1500 · 3 rated games");
    expect(textOf(byId(view, "player-record"))).toBe("Won 9 · Drawn 1 · Lost 5"); // duels only
    expect(textOf(byId(view, "player-multi-record"))).toBe("Won 2 · Drawn 0 · Lost 1");
    expect(textOf(byId(view, "player-status"))).toBe(en.statusOnline);
  });

  it("disables Challenge, saying why, while the player is offline or not yet known; none on one's own page", () => {
    const offline = playerPageView(page({ presence: "offline" }));
    expect(byId(offline, "player-challenge").data?.props?.disabled).toBe(true);
    expect(textOf(offline)).toContain(en.cannotChallengeOffline);
    expect(byId(playerPageView(page({ presence: null })), "player-challenge").data?.props?.disabled).toBe(true);
    expect(byId(playerPageView(page({ presence: "playing" })), "player-challenge").data?.props?.disabled).toBe(false);
    expect(hasId(playerPageView(page({ mine: true })), "player-challenge")).toBe(false);
  });

  it("offers Report beside Challenge, never on one's own page; shows a moderator's mark", () => {
    const p = page({});
    const view = playerPageView(p);
    (byId(view, "player-report").data?.on?.click as () => void)();
    expect(p.calls).toEqual(["report"]);
    expect(hasId(playerPageView(page({ mine: true })), "player-report")).toBe(false);
    expect(hasId(view, "player-marked")).toBe(false);
    const marked = playerPageView(page({ profile: { ...PROFILE, marked: true } }));
    expect(textOf(byId(marked, "player-marked"))).toBe(en.playerMarked);
  });

  it("links a moderator to the player's file on the moderators' page; nobody else", () => {
    expect(hasId(playerPageView(page({})), "player-moderate")).toBe(false);
    const p = page({ moderator: true });
    (byId(playerPageView(p), "player-moderate").data?.on?.click as () => void)();
    expect(p.calls).toEqual(["moderate"]);
  });

  it("starts asking for presence when its view is inserted and stops when it is destroyed", () => {
    const p = page({});
    const hook = playerPageView(p).data?.hook;
    hook?.insert?.({} as never);
    hook?.destroy?.({} as never);
    expect(p.calls).toEqual(["started", "stopped"]);
  });

  it("lists the player's arenas: name linking to the arena's page, rank and score, a trophy for the first three", () => {
    expect(hasId(playerPageView(page({})), "player-arenas")).toBe(false);
    const p = page({
      arenas: [
        { id: "a1", name: "Daily", startsAt: 0, rank: 1, score: 14, trophy: 1 },
        { id: "a2", name: "Hourly", startsAt: 0, rank: 7, score: 4, trophy: null },
      ],
    });
    const view = playerPageView(p);
    const lines = nodesOf(byId(view, "player-arenas")).filter((n) => n.sel === "li");
    expect(lines.map(textOf)).toEqual(["🥇 Daily · rank 1, 14 points", "Hourly · rank 7, 4 points"]);
    expect(nodesOf(lines[0]!).find((n) => n.sel === "span.trophy")?.data?.attrs?.["aria-label"]).toBe("Place 1");
    const link = nodesOf(lines[1]!).find((n) => n.sel === "a.arena-link")!;
    (link.data?.on?.click as (e: Event) => void)({ preventDefault: () => {} } as Event);
    expect(p.calls).toContain("arena a2");
  });

  it("asks Rated / Casual just after Challenge when it is pressed, and sends the choice", () => {
    const p = page({});
    const button = byId(playerPageView(p), "player-challenge");
    (button.data?.on?.click as (e: Event) => void)(new Event("click"));
    expect(p.calls).toEqual(["ask player"]);
    const asking = playerPageView(page({ asking: "player" }));
    expect(byId(asking, "player-challenge").data?.attrs?.["aria-expanded"]).toBe("true");
    const ids = idsOf(asking);
    expect(ids.slice(ids.indexOf("player-challenge"), ids.indexOf("player-challenge") + 4)).toEqual([
      "player-challenge",
      "challenge-kind",
      "challenge-rated",
      "challenge-casual",
    ]);
    expect(hasId(playerPageView(page({})), "challenge-kind")).toBe(false);
  });
});
