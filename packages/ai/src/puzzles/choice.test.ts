import { describe, expect, it } from "vitest";
import { NEAREST_CHOICES, dailyPuzzle, nearestUnseen, utcDate } from "./choice.js";
import { parsePuzzleLine } from "./format.js";
import { SHIPPED_PUZZLES } from "./shipped.js";

const shipped = SHIPPED_PUZZLES.split("\n").map(parsePuzzleLine);
const first = (): number => 0;

describe("the daily puzzle", () => {
  it("is one puzzle of the set for a date, whatever order the set comes in", () => {
    const today = dailyPuzzle(shipped, "2026-12-02")!;
    expect(shipped).toContain(today);
    expect(dailyPuzzle([...shipped].reverse(), "2026-12-02")).toBe(today);
    expect(
      dailyPuzzle(
        shipped.map((p) => ({ id: p.id })),
        "2026-12-02",
      )!.id,
    ).toBe(today.id); // ids alone are enough: the page may know no more
  });

  it("changes from day to day, and there is none without puzzles", () => {
    const month = Array.from(
      { length: 30 },
      (_, d) => dailyPuzzle(shipped, `2026-11-${String(d + 1).padStart(2, "0")}`)!.id,
    );
    expect(new Set(month).size).toBeGreaterThan(15);
    expect(dailyPuzzle([], "2026-12-02")).toBeUndefined();
  });

  it("keys a date by UTC, not by the clock's zone", () => {
    expect(utcDate(new Date("2026-12-02T23:30:00-05:00"))).toBe("2026-12-03");
  });
});

describe("the next puzzle", () => {
  it("is one of the nearest unseen ones, chosen by `pick`", () => {
    const rating = 1500;
    const distance = (r: number): number => Math.abs(r - rating);
    const picked = Array.from({ length: NEAREST_CHOICES }, (_, i) =>
      nearestUnseen(shipped, { rating, seen: new Set(), pick: () => i })!,
    );
    expect(new Set(picked.map((p) => p.id)).size).toBe(NEAREST_CHOICES);
    const farthestPicked = Math.max(...picked.map((p) => distance(p.rating)));
    const nearerLeft = shipped.filter((p) => !picked.includes(p) && distance(p.rating) < farthestPicked);
    expect(nearerLeft).toEqual([]);
  });

  it("skips what was seen, uses current ratings, and keeps only harder ones for a streak", () => {
    const one = nearestUnseen(shipped, { rating: 1500, seen: new Set(), pick: first })!;
    expect(nearestUnseen(shipped, { rating: 1500, seen: new Set([one.id]), pick: first })!.id).not.toBe(one.id);
    const moved = new Map([[shipped[0]!.id, 3999]]);
    expect(nearestUnseen(shipped, { rating: 4000, seen: new Set(), current: moved, pick: first })!.id).toBe(
      shipped[0]!.id,
    );
    const above = 1600;
    for (let i = 0; i < NEAREST_CHOICES; i++)
      expect(
        nearestUnseen(shipped, { rating: 1200, seen: new Set(), above, pick: () => i })?.rating ?? Infinity,
      ).toBeGreaterThan(above);
    expect(
      nearestUnseen(shipped, { rating: 1500, seen: new Set(shipped.map((p) => p.id)), pick: first }),
    ).toBeUndefined();
  });
});
