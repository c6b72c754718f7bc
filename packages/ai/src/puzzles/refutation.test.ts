import { applyMove, legalMoves } from "@yourtrumps/engine";
import type { Hand } from "@yourtrumps/engine";
import { describe, expect, it } from "vitest";
import { parsePuzzleLine } from "./format.js";
import { positionOf, puzzleHand, toEngineMove, toPuzzleMove } from "./line.js";
import { REFUTATION_PLIES, refutationLine } from "./refutation.js";
import { SHIPPED_PUZZLES } from "./shipped.js";

const shipped = SHIPPED_PUZZLES.split("\n").map(parsePuzzleLine);

function play(h: Hand, moves: readonly string[]): Hand {
  for (const m of moves) {
    const r = applyMove(h, toEngineMove(m as never));
    if (!r.ok) throw new Error(`${m}: ${r.error.message}`);
    h = r.hand;
  }
  return h;
}

describe("the refutation of a wrong move", () => {
  const p = shipped.find((q) => q.goal === "win")!;
  const start = puzzleHand(p.position);
  const keys = Object.keys("accept" in p.solution ? p.solution.accept : {});
  const wrong = legalMoves(start)
    .map(toPuzzleMove)
    .find((m) => !keys.includes(m))!;
  const after = play(start, [wrong]);

  it("is a line of legal moves from the position after it, the defence first", () => {
    const line = refutationLine(positionOf(after));
    expect(line.length).toBeGreaterThan(0);
    expect(line.length).toBeLessThanOrEqual(REFUTATION_PLIES);
    const end = play(after, line); // throws on an illegal move
    expect(end.result !== null || line.length === REFUTATION_PLIES).toBe(true);
  });

  it("shows the win given away: played to the end, the player does not win", () => {
    const end = play(after, refutationLine(positionOf(after), 200));
    expect(end.result).not.toBeNull();
    expect(end.result!.loser === null || end.result!.loser === start.toMove).toBe(true);
  });

  it("is the same line every time (the page's Show and a second look agree)", () => {
    expect(refutationLine(positionOf(after))).toEqual(refutationLine(positionOf(after)));
  });
});
