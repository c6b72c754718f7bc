import type { MoveJudgement } from "@yourtrumps/ai";
import { describe, expect, it } from "vitest";
import { graphSeries } from "./review-graph.js";

const j = (seat: number, before: number, after: number): MoveJudgement => ({
  seat,
  before,
  after,
  exact: false,
  best: { type: "pickup" },
  keep: null,
  only: false,
  choices: 2,
});

describe("graphSeries", () => {
  it("chains the duel's values for seat 0 through every position, seat 1 the mirror", () => {
    const [zero, one] = graphSeries(2, [j(0, 0.2, 0.1), j(1, 0.3, -0.4), null, j(1, 0.5, 0.5)]);
    expect(zero!.points).toEqual([
      { x: 0, y: 0.2 },
      { x: 1, y: 0.1 },
      { x: 2, y: 0.4 },
      { x: 4, y: -0.5 },
    ]);
    expect(one!.points.map((p) => p.y)).toEqual([-0.2, -0.1, -0.4, 0.5]);
  });

  it("gives each of 3–4 seats its own line of values after its own moves", () => {
    const s = graphSeries(3, [j(0, 0.2, 0.1), j(1, 0.3, 0.3), j(2, -0.1, -0.2), j(0, 0.5, 0)]);
    expect(s.map((x) => x.points)).toEqual([
      [
        { x: 1, y: 0.1 },
        { x: 4, y: 0 },
      ],
      [{ x: 2, y: 0.3 }],
      [{ x: 3, y: -0.2 }],
    ]);
  });
});
