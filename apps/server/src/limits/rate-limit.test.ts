import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit.js";

describe("RateLimiter", () => {
  it("lets a burst through, then the sustained rate", () => {
    const r = new RateLimiter(10, 20, 0);
    let passed = 0;
    for (let i = 0; i < 100; i++) if (r.take(0)) passed++;
    expect(passed).toBe(20);
    expect(r.take(50)).toBe(false); // half a token refilled
    expect(r.take(100)).toBe(true); // one token after 100 ms at 10/s
    expect(r.take(100)).toBe(false);
    let later = 0;
    for (let t = 110; t <= 1100; t += 10) if (r.take(t)) later++;
    expect(later).toBeGreaterThanOrEqual(9);
    expect(later).toBeLessThanOrEqual(11);
  });

  it("warns at most once a second", () => {
    const r = new RateLimiter(1, 1, 0);
    expect(r.shouldWarn(0)).toBe(true);
    expect(r.shouldWarn(500)).toBe(false);
    expect(r.shouldWarn(1000)).toBe(true);
  });
});
