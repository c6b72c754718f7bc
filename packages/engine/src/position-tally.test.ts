import { describe, expect, it } from "vitest";
import { appendPosition } from "./position-tally.js";

const naive = (history: readonly string[], key: string): number => history.filter((k) => k === key).length + 1;

describe("appendPosition", () => {
  it("counts like a scan of the history, played forward", () => {
    let history: string[] = ["a"];
    for (const key of ["b", "a", "c", "a", "b", "b"]) {
      const expected = naive(history, key);
      const r = appendPosition(history, key);
      expect(r.seen).toBe(expected);
      expect(r.history).toEqual([...history, key]);
      history = r.history;
    }
  });

  it("never changes the history it was given, and counts right on a branch from an older one", () => {
    const start = ["a"];
    const one = appendPosition(start, "a").history; // [a, a]
    const two = appendPosition(one, "b").history; // the tally moves on to [a, a, b]
    expect(one).toEqual(["a", "a"]);
    expect(appendPosition(one, "a").seen).toBe(3); // branch: rebuilt from [a, a]
    expect(appendPosition(one, "b").seen).toBe(1);
    expect(appendPosition(two, "b").seen).toBe(2);
    expect(appendPosition(start, "a").seen).toBe(2);
  });

  it("rebuilds for a copied (e.g. JSON-parsed) or mutated history", () => {
    const h = appendPosition(["x"], "y").history;
    expect(appendPosition(JSON.parse(JSON.stringify(h)) as string[], "x").seen).toBe(2);
    const mutated = appendPosition(["x"], "x").history;
    mutated.push("x");
    expect(appendPosition(mutated, "x").seen).toBe(4);
  });
});
