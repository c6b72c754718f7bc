import { parsePuzzleLine } from "@yourtrumps/ai";
import { SHIPPED_PUZZLES } from "@yourtrumps/ai/puzzles/shipped";
import { describe, expect, it } from "vitest";
import { en } from "../i18n/en.js";
import { byId, idsOf, nodesOf, textOf } from "../shell/vnode-query.js";
import { keyMoves } from "./puzzle-fixtures.js";
import { puzzlePanelView, solutionLine, type PuzzleChoice, type PuzzlePanelState } from "./puzzle-panel.js";

const puzzle = parsePuzzleLine(SHIPPED_PUZZLES.split("\n")[0]!);

function panel(state: Partial<PuzzlePanelState>): PuzzlePanelState & { chose(c: PuzzleChoice): void; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    lang: "en",
    puzzle,
    daily: null,
    verdict: { key: "puzzleYourMove" },
    solution: null,
    rated: "",
    streak: null,
    choices: [],
    lobbyHref: "/",
    chose: (c) => calls.push(c),
    ...state,
  };
}

describe("the puzzle panel's view", () => {
  it("names the goal and the verdict, and always offers the way back to the lobby", () => {
    const view = puzzlePanelView(panel({}));
    expect(textOf(byId(view, "puzzle-goal"))).toContain(en.puzzleTitle);
    expect(textOf(byId(view, "puzzle-verdict"))).toBe(en.puzzleYourMove);
    expect(textOf(byId(view, "puzzle-lobby"))).toBe(en.backToLobby);
    expect(byId(view, "puzzle-line").data?.props?.hidden).toBe(true);
    expect(byId(view, "puzzle-streak").data?.props?.hidden).toBe(true);
  });

  it("shows the solution's line once asked, move by move", () => {
    const moves = keyMoves(puzzle);
    const line = byId(puzzlePanelView(panel({ solution: moves, verdict: { key: "puzzleShowing" } })), "puzzle-line");
    expect(line.data?.props?.hidden).toBe(false);
    expect(textOf(line)).toBe(solutionLine("en", moves));
    expect(textOf(line)).not.toBe("");
  });

  it("offers a result's choices as buttons, Next the primary one, each saying which it is when pressed", () => {
    const p = panel({ choices: ["retry", "solution", "next"] });
    const buttons = nodesOf(puzzlePanelView(p)).filter((n) => n.sel?.startsWith("button#puzzle-"));
    expect(buttons.map((b) => [b.sel, b.data?.class?.primary])).toEqual([
      ["button#puzzle-retry", false],
      ["button#puzzle-solution", false],
      ["button#puzzle-next", true],
    ]);
    for (const b of buttons) (b.data?.on?.click as (e: Event) => void)(new Event("click"));
    expect(p.calls).toEqual(["retry", "solution", "next"]);
  });

  it("counts a Streak run and gives every element a unique id", () => {
    const view = puzzlePanelView(panel({ streak: { count: 4, best: 9 }, choices: ["next"] }));
    expect(textOf(byId(view, "puzzle-streak"))).toBe(
      en.puzzleStreakCount.replace("{count}", "4").replace("{best}", "9"),
    );
    const ids = idsOf(view);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
