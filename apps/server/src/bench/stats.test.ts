import { describe, expect, it } from "vitest";
import { quantile, round } from "./stats.js";

describe("bench statistics", () => {
  it("takes nearest-rank quantiles", () => {
    const v = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(quantile(v, 0.5)).toBe(50);
    expect(quantile(v, 0.99)).toBe(99);
    expect(quantile(v, 1)).toBe(100);
    expect(quantile([], 0.5)).toBeNaN();
    expect(round(1.2345, 2)).toBe(1.23);
  });
});
