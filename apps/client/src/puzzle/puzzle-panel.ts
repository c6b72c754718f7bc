/**
 * The puzzle's panel beside the table: its goal, rating and themes in words, the verdict
 * of the last move, the rating change or "unrated", the streak's count, and the choices
 * after a result as real buttons (Tab reaches them; the live region announces them), the
 * solution's line once shown, and a link back to the lobby.
 */
import type { Puzzle, PuzzleMove, PuzzleTheme } from "@yourtrumps/ai";
import { cardLabel, t, type Key, type Lang } from "../i18n/index.js";
import { LOBBY, routeHref } from "../shell/route.js";
import { h, Mount, type VNode } from "../shell/view.js";

export const PUZZLE_PANEL_ID = "puzzle";

/** The buttons a result offers. */
export type PuzzleChoice = "retry" | "solution" | "next";

const CHOICE_KEY = {
  retry: "puzzleTryAgain",
  solution: "puzzleShowSolution",
  next: "puzzleNext",
} as const satisfies Record<PuzzleChoice, Key>;

const THEME_KEY = {
  "save-the-draw": "themeSaveTheDraw",
  "last-card-draw": "themeLastCardDraw",
  "five-card-pickup": "themeFiveCardPickup",
  "whole-pile": "themeWholePile",
  "key-pickup": "themeKeyPickup",
  "last-trump": "themeLastTrump",
  short: "themeShort",
  long: "themeLong",
} as const satisfies Record<PuzzleTheme, Key>;

/** The goal in words ("Win" / "Save the draw"). */
export function goalWords(lang: Lang, goal: Puzzle["goal"]): string {
  return t(lang, goal === "win" ? "puzzleGoalWin" : "puzzleGoalDraw");
}

/** What the panel's view reads. */
export interface PuzzlePanelState {
  lang: Lang;
  puzzle: Puzzle | null; // null until the first is served
  daily: string | null; // the daily puzzle's date; null for another
  verdict: { key: Key; params?: Record<string, string | number> }; // the last move's verdict, or what to do
  solution: readonly PuzzleMove[] | null; // the solution's line once shown
  rated: string; // a rated try's change, or "unrated"
  streak: { count: number; best: number } | null; // a Streak run's count; null outside one
  choices: readonly PuzzleChoice[]; // the buttons a result offers
  lobbyHref: string; // the way back to the lobby
}

/** The panel's controller: the puzzle page sets what it shows, each change redrawn. */
export class PuzzlePanel implements PuzzlePanelState {
  /** The panel's fixed node, put beside the table by the puzzle page. */
  readonly node = document.createElement("aside");
  puzzle: Puzzle | null = null;
  daily: string | null = null;
  verdict: PuzzlePanelState["verdict"] = { key: "puzzleYourMove" };
  solution: readonly PuzzleMove[] | null = null;
  rated = "";
  streak: PuzzlePanelState["streak"] = null;
  choices: readonly PuzzleChoice[] = [];
  readonly lobbyHref = routeHref(LOBBY, location.pathname);
  private readonly mount: Mount;

  constructor(
    private readonly language: () => Lang,
    readonly chose: (choice: PuzzleChoice) => void,
  ) {
    this.node.id = PUZZLE_PANEL_ID;
    this.node.className = "puzzle-panel";
    this.mount = new Mount(this.node, () => puzzlePanelView(this));
  }

  get lang(): Lang {
    return this.language();
  }

  /** A new puzzle: its goal, rating, themes; `daily` names its date. */
  show(p: Puzzle, daily: string | null): void {
    this.set(() => {
      this.puzzle = p;
      this.daily = daily;
      this.rated = "";
      this.solution = null;
      this.verdict = { key: "puzzleYourMove" };
      this.choices = [];
    });
  }

  /** The verdict line; returns it in words, for the live region. */
  say(key: Key, params?: Record<string, string | number>): string {
    this.set(() => (this.verdict = params === undefined ? { key } : { key, params }));
    return t(this.lang, key, params);
  }

  /** The solution's line under "The solution:", move by move ("10♣ → pick up → K♦"); null hides it. */
  showSolution(moves: readonly PuzzleMove[] | null): void {
    this.set(() => (this.solution = moves));
  }

  /** The solution's line as written, for the live region. */
  lineText(): string {
    return this.solution === null ? "" : solutionLine(this.lang, this.solution);
  }

  /** The heading in words, for the live region. */
  headingText(): string {
    return this.puzzle === null ? "" : headingWords(this.lang, this.puzzle, this.daily);
  }

  /** The rating line: a rated try's change, or "unrated". */
  rate(text: string): void {
    this.set(() => (this.rated = text));
  }

  /** The streak line; null hides it. */
  streakIs(count: number | null, best: number): void {
    this.set(() => (this.streak = count === null ? null : { count, best }));
  }

  /** The buttons shown now. */
  offer(choices: readonly PuzzleChoice[]): void {
    this.set(() => (this.choices = choices));
  }

  /** Moves the focus to the first choice, if any (a keyboard player goes on from there). */
  focusChoice(): void {
    this.node.querySelector<HTMLElement>(".buttons button")?.focus();
  }

  private set(change: () => void): void {
    change();
    this.mount.redraw();
  }
}

function headingWords(L: Lang, p: Puzzle, daily: string | null): string {
  return `${daily === null ? t(L, "puzzleTitle") : t(L, "puzzleDaily")}: ${goalWords(L, p.goal)}`;
}

/** The panel: pure, from its state to its nodes. */
export function puzzlePanelView(ctrl: PuzzlePanelState & Pick<PuzzlePanel, "chose">): VNode {
  const L = ctrl.lang;
  const p = ctrl.puzzle;
  const themes = p === null ? "" : p.themes.map((theme) => t(L, THEME_KEY[theme])).join(", ");
  const facts =
    p === null
      ? ""
      : [t(L, "puzzleRatingIs", { rating: p.rating }), themes === "" ? "" : t(L, "puzzleThemesAre", { list: themes })]
          .filter((x) => x !== "")
          .join(" · ");
  return h("div.puzzle-panel-body", [
    h("h2#puzzle-goal", p === null ? "" : headingWords(L, p, ctrl.daily)),
    h("p#puzzle-facts", facts),
    h("p#puzzle-verdict.puzzle-status", { attrs: { role: "status" } }, t(L, ctrl.verdict.key, ctrl.verdict.params)),
    h(
      "p#puzzle-line.puzzle-line",
      { props: { hidden: ctrl.solution === null } },
      ctrl.solution === null ? "" : solutionLine(L, ctrl.solution),
    ),
    h("p#puzzle-rating", ctrl.rated),
    h(
      "p#puzzle-streak",
      { props: { hidden: ctrl.streak === null } },
      ctrl.streak === null ? "" : t(L, "puzzleStreakCount", ctrl.streak),
    ),
    h(
      "div.buttons",
      ctrl.choices.map((c) =>
        h(
          `button#puzzle-${c}`,
          { key: c, class: { primary: c === "next" }, attrs: { type: "button" }, on: { click: () => ctrl.chose(c) } },
          t(L, CHOICE_KEY[c]),
        ),
      ),
    ),
    h("a#puzzle-lobby.puzzle-lobby", { attrs: { href: ctrl.lobbyHref } }, t(L, "backToLobby")),
  ]);
}

/** A line of a puzzle's moves in words. */
export function solutionLine(lang: Lang, moves: readonly PuzzleMove[]): string {
  return moves.map((m) => (m === "pickup" ? t(lang, "pickUpMove") : cardLabel(m))).join(" → ");
}
