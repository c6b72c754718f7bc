import { describe, expect, it } from "vitest";
import { ALL_CARDS, RANKS, SUITS, cardOf, rankIndex, rankOf, suitOf, takesWholePile } from "./cards.js";

describe("card notation", () => {
  it("takes every card apart into its rank and suit and puts it back together", () => {
    for (const card of ALL_CARDS) expect(cardOf(rankOf(card), suitOf(card))).toBe(card);
    expect(rankOf("TS")).toBe("T");
    expect(suitOf("TS")).toBe("S");
  });
  it("orders ranks six low to ace high within a suit (R2)", () => {
    expect(RANKS.map((r) => rankIndex(cardOf(r, "H")))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ALL_CARDS).toHaveLength(SUITS.length * RANKS.length);
  });
  it("only the ace of the taker's own trump suit takes the whole pile (R12)", () => {
    expect(takesWholePile("AH", "H")).toBe(true);
    expect(takesWholePile("AH", "S")).toBe(false);
    expect(takesWholePile("KH", "H")).toBe(false);
  });
});
