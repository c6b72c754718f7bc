import { describe, expect, it } from "vitest";
import { pairwiseGames } from "./pairwise.js";
import { rateHand } from "./rate-hand.js";
import { LICHESS } from "./glicko.js";

describe("pairwise results at tables of 3–4", () => {
  it("makes every pair one game decided by finishing place", () => {
    // seat 0 out second, seat 1 first, seat 2 the loser
    expect(pairwiseGames([2, 1, 3])).toEqual([
      { a: 0, b: 1, scoreOfA: 0 },
      { a: 0, b: 2, scoreOfA: 1 },
      { a: 1, b: 2, scoreOfA: 1 },
    ]);
  });

  it("draws seats that share a place (a drawn hand) and ranks the first out above them", () => {
    expect(pairwiseGames([1, 2, 2, 2])).toEqual([
      { a: 0, b: 1, scoreOfA: 1 },
      { a: 0, b: 2, scoreOfA: 1 },
      { a: 0, b: 3, scoreOfA: 1 },
      { a: 1, b: 2, scoreOfA: 0.5 },
      { a: 1, b: 3, scoreOfA: 0.5 },
      { a: 2, b: 3, scoreOfA: 0.5 },
    ]);
  });

  it("rates a four-player hand: the loser loses most, the first out gains most, new players' gains and losses balance", () => {
    const after = rateHand([1, 2, 3, 4].map((place) => ({ before: LICHESS.initial, place })));
    const ratings = after.map((g) => g.rating);
    expect(ratings[0]).toBeGreaterThan(ratings[1]!);
    expect(ratings[1]).toBeGreaterThan(1500);
    expect(ratings[2]).toBeLessThan(1500);
    expect(ratings[3]).toBeLessThan(ratings[2]!);
    expect(ratings.reduce((a, b) => a + b, 0)).toBeCloseTo(4 * 1500, 6);
  });

  it("rates a duel as the one game between its two seats", () => {
    const [winner, loser] = rateHand([
      { before: LICHESS.initial, place: 1 },
      { before: LICHESS.initial, place: 2 },
    ]);
    expect(winner!.rating).toBeGreaterThan(1500);
    expect(loser!.rating).toBeLessThan(1500);
  });

  it("uses every seat's rating from before the hand, so seat order does not matter", () => {
    const a = { before: { rating: 1700, rd: 80, volatility: 0.06 }, place: 2 };
    const b = { before: { rating: 1400, rd: 200, volatility: 0.09 }, place: 1 };
    const c = { before: { rating: 1550, rd: 120, volatility: 0.07 }, place: 3 };
    const forward = rateHand([a, b, c]);
    const backward = rateHand([c, b, a]);
    expect(forward).toEqual([backward[2], backward[1], backward[0]]);
  });
});
