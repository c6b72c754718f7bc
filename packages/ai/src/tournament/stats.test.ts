import { describe, expect, it } from "vitest";
import { eloOf, wilson } from "./stats.js";

describe("tournament statistics", () => {
  it("Wilson interval: known values", () => {
    const w = wilson(0.5, 100);
    expect(w.low).toBeCloseTo(0.4038, 3);
    expect(w.high).toBeCloseTo(0.5962, 3);
    const e = wilson(1, 10);
    expect(e.high).toBeCloseTo(1, 9);
    expect(e.low).toBeCloseTo(0.7225, 3);
  });
  it("Elo: 0 at even, +191 at 0.75, symmetric", () => {
    expect(eloOf(0.5)).toBe(0);
    expect(eloOf(0.75)).toBeCloseTo(190.85, 1);
    expect(eloOf(0.25)).toBeCloseTo(-190.85, 1);
    expect(eloOf(1)).toBe(Infinity);
  });
});
