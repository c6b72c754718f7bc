import { legalMoves } from "@yourtrumps/engine";
import { describe, expect, it } from "vitest";
import { collectPuzzles } from "./collect.js";
import { PuzzleFormatError, parsePuzzleLine, puzzleLine } from "./format.js";
import type { PuzzleMove, PuzzleStep } from "./format.js";
import { puzzleAt, puzzleId } from "./generate.js";
import { firstSolution, puzzleHand, toEngineMove, toPuzzleMove } from "./line.js";
import { mistakePuzzles, mistakesOf } from "./mistakes.js";
import { SHIPPED_KEEPING_SHARE, SHIPPED_PUZZLES } from "./shipped.js";
import { shippedSource } from "./shipped-source.js";
import { checkAttempt } from "./walk.js";

const shipped = SHIPPED_PUZZLES.split("\n").map(parsePuzzleLine);

function acceptsAt(s: PuzzleStep): PuzzleMove[] {
  return "accept" in s ? (Object.keys(s.accept) as PuzzleMove[]) : [];
}

describe("the shipped puzzle file", () => {
  it("is in the generator's format, one puzzle per line, ids unique and derived from the position", () => {
    expect(shipped.length).toBeGreaterThan(0);
    for (const p of shipped) {
      expect(parsePuzzleLine(puzzleLine(p))).toEqual(p);
      expect(p.id).toBe(puzzleId(p.position));
    }
    expect(new Set(shipped.map((p) => p.id)).size).toBe(shipped.length);
    expect(
      shippedSource(SHIPPED_PUZZLES.split("\n"), SHIPPED_KEEPING_SHARE).includes(JSON.stringify(SHIPPED_PUZZLES)),
    ).toBe(true);
  });

  it("re-solves a sample to the same claims: the same goal, tree, themes and estimate", () => {
    for (const p of shipped.filter((_, i) => i % Math.ceil(shipped.length / 4) === 0)) {
      expect(puzzleAt(puzzleHand(p.position), undefined, SHIPPED_KEEPING_SHARE)).toEqual(p);
    }
  });

  it("has at least two legal moves, at most the file's share of them (the issue's third) keeping the result at the first step", () => {
    for (const p of shipped) {
      const legal = legalMoves(puzzleHand(p.position));
      expect(legal.length).toBe(p.legal);
      expect(acceptsAt(p.solution).length).toBeLessThanOrEqual(SHIPPED_KEEPING_SHARE * legal.length);
      expect(SHIPPED_KEEPING_SHARE).toBeLessThanOrEqual(1 / 3);
      expect(p.decisions).toBeGreaterThanOrEqual(2);
    }
  });
});

describe("checking an attempt against the solution tree", () => {
  const p = shipped[0]!;
  const path = firstSolution(p.solution);

  it("solves along any accepted path, and fails on a legal move outside the tree", () => {
    expect(checkAttempt(p, path)).toEqual({ result: "solved" });
    const wrong = legalMoves(puzzleHand(p.position))
      .map(toPuzzleMove)
      .find((m) => !acceptsAt(p.solution).includes(m))!;
    expect(checkAttempt(p, [wrong])).toEqual({ result: "failed" });
  });

  it("calls an illegal move, a short line or moves past the end invalid", () => {
    expect(checkAttempt(p, []).result).toBe("invalid");
    expect(checkAttempt(p, path.slice(0, -1)).result).toBe("invalid");
    expect(checkAttempt(p, [...path, path[0]!]).result).toBe("invalid");
    const illegal = (["6S", "AS", "6H", "AH"] as const).find(
      (c) => !legalMoves(puzzleHand(p.position)).some((m) => m.type === "play" && m.card === c),
    );
    expect(checkAttempt(p, [illegal!]).result).toBe("invalid");
  });
});

describe("the puzzle format", () => {
  it("refuses lines that are not in it, saying why", () => {
    const line = puzzleLine(shipped[0]!);
    expect(() => parsePuzzleLine(line.replace(/^1\|/, "2|"))).toThrow(PuzzleFormatError);
    expect(() => parsePuzzleLine(line.replace("|win|", "|lose|").replace("|draw|", "|lose|"))).toThrow(/not a goal/);
    expect(() => parsePuzzleLine(line.slice(0, -1))).toThrow(PuzzleFormatError);
    expect(() => parsePuzzleLine(line + "|x")).toThrow(/15 fields/);
  });
});

describe("the generator", () => {
  it("is deterministic for its seeds", () => {
    const once = collectPuzzles(20, 1).map(puzzleLine); // seed 20's hand holds puzzles
    expect(once.length).toBeGreaterThan(0);
    expect(collectPuzzles(20, 1).map(puzzleLine)).toEqual(once);
    expect(once.every((line) => SHIPPED_PUZZLES.includes(line))).toBe(true); // and the shipped file holds them as generated
  });
});

describe("puzzles from a player's own mistakes", () => {
  it("makes a puzzle of a position where the seat played a move outside the solution, and none where it kept the result", () => {
    const p = shipped[0]!;
    const start = puzzleHand(p.position);
    const wrong = legalMoves(start).find((m) => !acceptsAt(p.solution).includes(toPuzzleMove(m)))!;
    expect(mistakePuzzles(start, [wrong], p.position.toMove)).toEqual([p]);
    expect(mistakePuzzles(start, [wrong], 1 - p.position.toMove)).toEqual([]); // another seat's mistakes are not this one's
    expect(mistakePuzzles(start, [toEngineMove(acceptsAt(p.solution)[0]!)], p.position.toMove)).toEqual([]);
  });

  it("says whose mistake it was and at which move of the log", () => {
    const p = shipped[0]!;
    const start = puzzleHand(p.position);
    const wrong = legalMoves(start).find((m) => !acceptsAt(p.solution).includes(toPuzzleMove(m)))!;
    expect(mistakesOf(start, [wrong])).toEqual([{ seat: p.position.toMove, moveIndex: 0, puzzle: p }]);
    expect(mistakesOf(start, [wrong], [1 - p.position.toMove])).toEqual([]);
  });
});
