import { describe, expect, it } from "vitest";
import { seatOutcome } from "./outcome.js";

describe("seatOutcome", () => {
  it("the loser lost and everyone else won", () => {
    const result = { reason: "out" as const, loser: 2, places: [2, 1, 3] };
    expect([0, 1, 2].map((seat) => seatOutcome(result, seat, false))).toEqual(["won", "won", "lost"]);
  });

  it("in a draw the seats sharing the last place drew and those out before them won", () => {
    const result = { reason: "repetition" as const, loser: null, places: [1, 2, 2] };
    expect([0, 1, 2].map((seat) => seatOutcome(result, seat, false))).toEqual(["won", "drawn", "drawn"]);
    expect(seatOutcome({ reason: "last-card-draw", loser: null, places: [1, 1] }, 0, false)).toBe("drawn");
  });

  it("a person who left lost, whatever the seat did afterwards", () => {
    expect(seatOutcome({ reason: "out", loser: 1, places: [1, 2] }, 0, true)).toBe("lost");
  });
});
