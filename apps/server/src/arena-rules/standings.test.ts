import { describe, expect, it } from "vitest";
import { Standings, compareLines, performanceOf, performanceOfHand, type StandingLine } from "./standings.js";

const line = (playerId: string, over: Partial<StandingLine> = {}): StandingLine => ({
  playerId,
  name: playerId,
  rating: 1500,
  score: 0,
  hands: 0,
  wins: 0,
  berserks: 0,
  fire: false,
  performanceSum: 0,
  reachedAt: 0,
  ...over,
});

describe("arena standings", () => {
  it("works out performance as lichess's running average of the opponent's rating ±500", () => {
    // beat a 1600 (2100), lost to a 1400 (900), drew a 1500 (1500): 4500 / 3 = 1500
    const sum = performanceOfHand(1600, "win") + performanceOfHand(1400, "loss") + performanceOfHand(1500, "draw");
    expect(performanceOf({ hands: 3, performanceSum: sum })).toBe(1500);
    expect(performanceOf({ hands: 0, performanceSum: 0 })).toBeNull();
  });

  it("ranks by score, then performance, then who reached the score first", () => {
    const s = new Standings();
    s.set(line("low", { score: 4, hands: 2, performanceSum: 3000, reachedAt: 10 }));
    s.set(line("late", { score: 6, hands: 3, performanceSum: 4500, reachedAt: 30 }));
    s.set(line("early", { score: 6, hands: 3, performanceSum: 4500, reachedAt: 20 }));
    s.set(line("strong", { score: 6, hands: 3, performanceSum: 5100, reachedAt: 40 }));
    expect(s.top(10).map((l) => l.playerId)).toEqual(["strong", "early", "late", "low"]);
    expect(s.rankOf("late")).toBe(3);
  });

  it("lists players without a finished hand after everyone with one, even one who scored 0", () => {
    const s = new Standings();
    s.set(line("idle-strong", { rating: 2200 }));
    s.set(line("lost-once", { hands: 1, performanceSum: 1000, reachedAt: 5 }));
    s.set(line("idle-weak", { rating: 1100 }));
    expect(s.top(10).map((l) => l.playerId)).toEqual(["lost-once", "idle-strong", "idle-weak"]);
  });

  it("moves a line when its result arrives", () => {
    const s = new Standings();
    for (const id of ["a", "b", "c"]) s.set(line(id, { hands: 1, score: 1, performanceSum: 1500, reachedAt: 1 }));
    expect(s.rankOf("c")).toBe(3);
    s.set(line("c", { hands: 2, score: 3, performanceSum: 3500, reachedAt: 2 }));
    expect(s.rankOf("c")).toBe(1);
    expect(s.size).toBe(3);
    expect(compareLines(s.get("a")!, s.get("b")!)).toBeLessThan(0);
  });

  it("keeps the order a full sort gives, whichever way lines move", () => {
    const s = new Standings();
    const ids = Array.from({ length: 40 }, (_, i) => `p${i}`);
    let seed = 7; // a fixed sequence, so a failure replays
    const next = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    for (let step = 0; step < 2000; step++) {
      const id = ids[next(ids.length)]!;
      const hands = next(6);
      s.set(
        line(id, {
          hands,
          score: hands === 0 ? 0 : next(12),
          performanceSum: hands * (1000 + next(1000)),
          reachedAt: next(50),
        }),
      );
    }
    const sorted = ids
      .map((id) => s.get(id))
      .filter((l) => l !== undefined)
      .sort(compareLines);
    expect(s.lines.map((l) => l.playerId)).toEqual(sorted.map((l) => l.playerId));
    for (const [i, l] of sorted.entries()) expect(s.rankOf(l.playerId)).toBe(i + 1);
  });
});
