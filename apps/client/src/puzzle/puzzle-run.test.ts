import { parsePuzzleLine } from "@yourtrumps/ai";
import { SHIPPED_PUZZLES } from "@yourtrumps/ai/puzzles/shipped";
import { legalMoves } from "@yourtrumps/engine";
import { describe, expect, it } from "vitest";
import { PuzzleRun } from "./puzzle-run.js";
import { keyMoves, wrongMove } from "./puzzle-fixtures.js";
import { Streak } from "./streak.js";

const shipped = SHIPPED_PUZZLES.split("\n").map(parsePuzzleLine);

describe("a puzzle run", () => {
  const p = shipped.find((q) => keyMoves(q).length >= 2)!;

  it("accepts every key move, the defence's replies with it, and is solved at the tree's end", () => {
    const run = new PuzzleRun(p);
    const moves = keyMoves(p);
    for (const [i, m] of moves.entries()) {
      const v = run.play(m);
      expect(v.kind).toBe(i === moves.length - 1 ? "solved" : "kept");
    }
    expect(run.state).toBe("solved");
    expect(run.firstTry).toEqual({ moves, result: "solved" });
    expect(run.play(moves[0]!).kind).toBe("illegal"); // over
  });

  it("accepts any result-keeping move, not only the main line's", () => {
    const q = shipped.find((x) => keyMoves(x, "last").join() !== keyMoves(x).join())!;
    const run = new PuzzleRun(q);
    const moves = keyMoves(q, "last");
    expect(moves.map((m) => run.play(m).kind).at(-1)).toBe("solved");
  });

  it("fails on a wrong move; a retry starts again and never changes the first try", () => {
    const run = new PuzzleRun(p);
    const wrong = wrongMove(p);
    expect(run.play(wrong).kind).toBe("wrong");
    expect(run.state).toBe("failed");
    run.retry();
    expect(run.state).toBe("solving");
    for (const m of keyMoves(p)) run.play(m);
    expect(run.state).toBe("solved");
    expect(run.firstTry).toEqual({ moves: [wrong], result: "failed" });
  });

  it("calls a move that is not legal illegal, and counts nothing for it", () => {
    const run = new PuzzleRun(p);
    const legal = new Set(legalMoves(run.start()).map((m) => (m.type === "pickup" ? "pickup" : m.card)));
    const illegal = (["6S", "6H", "6D", "6C", "AS", "AH", "AD", "AC", "pickup"] as const).find((m) => !legal.has(m))!;
    expect(run.play(illegal).kind).toBe("illegal");
    expect(run.state).toBe("solving");
    expect(run.firstTry).toBeNull();
  });

  it("shows the main line, and a solution asked for first is no solve", () => {
    const run = new PuzzleRun(p);
    const line = run.solution();
    expect(line[0]).toBe(keyMoves(p)[0]);
    expect(run.state).toBe("shown");
    expect(run.firstTry?.result).toBe("failed");
  });
});

describe("a streak", () => {
  it("asks for harder puzzles after each solve and ends at the first mistake", () => {
    const s = new Streak(3);
    expect(s.above).toBeUndefined();
    s.solved(1400);
    s.solved(1520);
    expect(s.above).toBe(1520);
    expect(s.count).toBe(2);
    expect(s.bestCount).toBe(3);
    s.solved(1600);
    s.solved(1650);
    expect(s.bestCount).toBe(4);
    s.failed();
    s.solved(1700); // after the mistake nothing counts
    expect(s.count).toBe(4);
    s.restart();
    expect([s.count, s.above, s.bestCount, s.over]).toEqual([0, undefined, 4, false]);
  });
});
