import { describe, expect, it } from "vitest";
import { LICHESS, isProvisional, updateRating } from "./glicko.js";

describe("Glicko-2", () => {
  it("reproduces the worked example of Glickman's paper (τ = 0.5)", () => {
    // "Example of the Glicko-2 system": 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300.
    const after = updateRating(
      { rating: 1500, rd: 200, volatility: 0.06 },
      [
        { opponent: { rating: 1400, rd: 30, volatility: 0.06 }, score: 1 },
        { opponent: { rating: 1550, rd: 100, volatility: 0.06 }, score: 0 },
        { opponent: { rating: 1700, rd: 300, volatility: 0.06 }, score: 0 },
      ],
      { ...LICHESS, tau: 0.5 },
    );
    // The paper rounds its intermediate values (μ' = -0.2069): unrounded, 1464.051 / 151.517 / 0.059996.
    expect(Math.abs(after.rating - 1464.06)).toBeLessThan(0.01);
    expect(Math.abs(after.rd - 151.52)).toBeLessThan(0.01);
    expect(Math.abs(after.volatility - 0.05999)).toBeLessThan(0.00001);
  });

  it("starts new players at lichess's 1500 / 500 / 0.09 with τ 0.75", () => {
    expect(LICHESS).toMatchObject({
      tau: 0.75,
      initial: { rating: 1500, rd: 500, volatility: 0.09 },
      minRd: 45,
      maxRd: 500,
    });
  });

  it("moves two new players apart symmetrically after one duel", () => {
    const winner = updateRating(LICHESS.initial, [{ opponent: LICHESS.initial, score: 1 }]);
    const loser = updateRating(LICHESS.initial, [{ opponent: LICHESS.initial, score: 0 }]);
    expect(winner.rating).toBeGreaterThan(1500);
    expect(winner.rating - 1500).toBeCloseTo(1500 - loser.rating, 6);
    expect(winner.rd).toBeLessThan(500);
    expect(updateRating(LICHESS.initial, [{ opponent: LICHESS.initial, score: 0.5 }]).rating).toBeCloseTo(1500, 6);
  });

  it("never lets RD fall under the floor of 45", () => {
    const settled = { rating: 1500, rd: 45, volatility: 0.001 };
    const game = [{ opponent: { rating: 1500, rd: 45, volatility: 0.06 }, score: 1 as const }];
    expect(updateRating(settled, game, { ...LICHESS, minRd: 0 }).rd).toBeLessThan(45); // what the floor prevents
    expect(updateRating(settled, game).rd).toBe(45);
  });

  it("caps RD at the ceiling of 500 and volatility at 0.1", () => {
    const after = updateRating({ rating: 1500, rd: 500, volatility: 0.1 }, [
      { opponent: { rating: 3000, rd: 45, volatility: 0.06 }, score: 1 },
    ]);
    expect(after.rd).toBeLessThanOrEqual(500);
    expect(after.volatility).toBeLessThanOrEqual(0.1);
  });

  it("refuses an empty rating period", () => {
    expect(() => updateRating(LICHESS.initial, [])).toThrow(RangeError);
  });

  it("calls a rating provisional while RD is above 110", () => {
    expect(isProvisional(110.01)).toBe(true);
    expect(isProvisional(110)).toBe(false);
  });
});
