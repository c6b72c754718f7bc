import { parsePuzzleLine } from "@yourtrumps/ai";
import { SHIPPED_PUZZLES } from "@yourtrumps/ai/puzzles/shipped";
import { legalMoves } from "@yourtrumps/engine";
import { describe, expect, it } from "vitest";
import { PuzzleRun } from "./puzzle-run.js";
import { keyMoves, wrongMove } from "./puzzle-fixtures.js";
import { memoryStorage } from "../net/test-storage.js";
import { Streak, readServerRun, saveBestStreak, savedBestStreak } from "./streak.js";

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

describe("a streak's best, this browser's and the server's", () => {
  it("asks the server for a new run until one puzzle is solved, then for the run's next; after a mistake, a new run", () => {
    const s = new Streak(0);
    expect(s.ask).toBe("start");
    s.solved(1400);
    expect(s.ask).toBe("continue");
    s.failed();
    expect(s.ask).toBe("start");
    s.restart();
    expect(s.ask).toBe("start");
  });

  it("shows the larger of the two bests, and keeps only this browser's runs in its storage", () => {
    const storage = memoryStorage();
    saveBestStreak(storage, 2);
    const s = new Streak(savedBestStreak(storage));
    s.heard({ count: 0, best: 5, over: false }); // the identity's best, from another browser
    expect(s.bestCount).toBe(5);
    s.heard({ count: 0, best: 1, over: false }); // never lowered
    expect(s.bestCount).toBe(5);
    for (const r of [1500, 1600, 1700]) s.solved(r);
    saveBestStreak(storage, s.count);
    expect(savedBestStreak(storage)).toBe(3);
    saveBestStreak(storage, 1);
    expect(savedBestStreak(storage)).toBe(3);
    for (const r of [1800, 1900, 2000]) s.solved(r);
    expect(s.bestCount).toBe(6);
  });

  it("reads a run from an answer only in its shape", () => {
    expect(readServerRun({ streak: { count: 2, best: 4, over: true } })).toEqual({ count: 2, best: 4, over: true });
    for (const body of [
      null,
      {},
      { streak: null },
      { streak: { count: -1, best: 4, over: false } },
      { streak: { count: 1, best: 1.5, over: false } },
      { streak: { count: 1, best: 2 } },
    ])
      expect(readServerRun(body)).toBeNull();
  });
});
