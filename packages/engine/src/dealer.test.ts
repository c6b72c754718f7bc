import { describe, expect, it } from "vitest";
import { nextDealer } from "./dealer.js";

describe("nextDealer (R4)", () => {
  it("the loser deals the next hand", () => {
    expect(nextDealer(0, { reason: "out", loser: 1, places: [1, 2] })).toBe(1);
    expect(nextDealer(2, { reason: "out", loser: 0, places: [3, 1, 2] })).toBe(0);
  });
  it("after a draw the same dealer deals again", () => {
    for (const reason of ["last-card-draw", "repetition", "turn-limit", "abandoned"] as const) {
      expect(nextDealer(1, { reason, loser: null, places: [1, 1] })).toBe(1);
    }
  });
});
