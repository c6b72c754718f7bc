import type { MoveJudgement } from "@yourtrumps/ai";
import { describe, expect, it } from "vitest";
import { LANGS } from "../i18n/index.js";
import { accuracies, exactVerdict, markOf, THRESHOLDS } from "./review-marks.js";
import { valueText, verdictText } from "./review-words.js";

const judged = (before: number, after: number, over: Partial<MoveJudgement> = {}): MoveJudgement => ({
  seat: 0,
  before,
  after,
  exact: false,
  best: { type: "pickup" },
  keep: null,
  only: false,
  choices: 3,
  ...over,
});

describe("markOf", () => {
  it("marks by the value drop at the documented thresholds, from the threshold itself up", () => {
    expect(THRESHOLDS).toEqual({ inaccuracy: 0.2, mistake: 0.4, blunder: 0.7 });
    expect(markOf(judged(0.5, 0.5))).toBeNull();
    expect(markOf(judged(0.5, 0.31))).toBeNull(); // 0.19
    expect(markOf(judged(0.5, 0.3))).toBe("inaccuracy"); // 0.2
    expect(markOf(judged(0.5, 0.11))).toBe("inaccuracy"); // 0.39
    expect(markOf(judged(0.5, 0.1))).toBe("mistake"); // 0.4
    expect(markOf(judged(0.5, -0.19))).toBe("mistake"); // 0.69
    expect(markOf(judged(0.5, -0.2))).toBe("blunder"); // 0.7
    expect(markOf(judged(-0.2, -1))).toBe("blunder");
  });

  it("never marks a move that was better than the estimate, nor a forced one", () => {
    expect(markOf(judged(0.1, 0.4))).toBeNull();
    expect(markOf(judged(1, -1, { choices: 1 }))).toBeNull();
  });

  it("marks every proven change of outcome as a blunder", () => {
    for (const [before, after] of [
      [1, 0],
      [1, -1],
      [0, -1],
    ] as const)
      expect(markOf(judged(before, after, { exact: true }))).toBe("blunder");
  });
});

describe("exact verdicts in words", () => {
  const say = (before: number, after: number, only = false) => {
    const v = exactVerdict(judged(before, after, { exact: true, only }));
    return v === null ? null : verdictText("en", v);
  };

  it("says what the solver proved the move changed", () => {
    expect(say(1, -1)).toBe("won → lost");
    expect(say(1, 0)).toBe("won → drawn");
    expect(say(0, -1)).toBe("drawn → lost");
  });

  it("praises the only move that keeps the draw or the win, and says nothing for a kept outcome among several", () => {
    expect(say(0, 0, true)).toBe("the only move that keeps the draw");
    expect(say(1, 1, true)).toBe("the only move that keeps the win");
    expect(say(1, 1)).toBe("");
    expect(say(-1, -1, true)).toBe(""); // every move loses: nothing to keep
  });

  it("has no verdict for the search's estimates", () => {
    expect(exactVerdict(judged(1, -1))).toBeNull();
  });

  it("words the verdicts in every language, arrow included", () => {
    for (const lang of LANGS) {
      const change = verdictText(lang, { kind: "change", from: "won", to: "lost" });
      expect(change).toContain("→");
      expect(change).not.toContain("{");
      expect(verdictText(lang, { kind: "only", keeps: "drawn" })).not.toBe(
        verdictText(lang, { kind: "only", keeps: "won" }),
      );
    }
    expect(verdictText("ru", { kind: "change", from: "won", to: "drawn" })).toBe("выигрыш → ничья");
  });
});

describe("accuracies", () => {
  it("is each seat's share of unmarked moves among those judged so far", () => {
    const js = [judged(0.5, 0.5), judged(0.5, -0.5, { seat: 1 }), judged(0.2, 0.2), null, judged(0.9, 0, { seat: 0 })];
    expect(accuracies(2, js)).toEqual([
      { seat: 0, judged: 3, unmarked: 2, percent: 67 },
      { seat: 1, judged: 1, unmarked: 0, percent: 0 },
    ]);
    expect(accuracies(3, [])[2]).toEqual({ seat: 2, judged: 0, unmarked: 0, percent: null });
  });
});

describe("valueText", () => {
  it("signs values with a real minus", () => {
    expect(valueText(0.62)).toBe("+0.62");
    expect(valueText(-1)).toBe("−1.00");
    expect(valueText(0.001)).toBe("0.00");
  });
});
