/**
 * The puzzle's panel beside the table: its goal, rating and themes in words, the verdict
 * of the last move, the rating change or "unrated", the streak's count, and the choices
 * after a result as real buttons (Tab reaches them; the live region announces them).
 */
import type { Puzzle, PuzzleTheme } from "@yourtrumps/ai";
import { t, type Key, type Lang } from "../i18n/index.js";
import { el } from "../shell/dom.js";

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

export class PuzzlePanel {
  readonly node: HTMLElement;
  private readonly heading = el("h2", { id: "puzzle-goal" });
  private readonly facts = el("p", { id: "puzzle-facts" });
  private readonly status = el("p", { id: "puzzle-verdict", class: "puzzle-status", role: "status" });
  private readonly rating = el("p", { id: "puzzle-rating" });
  private readonly streak = el("p", { id: "puzzle-streak" });
  private readonly choices = el("div", { class: "buttons" });

  constructor(
    private readonly lang: () => Lang,
    private readonly chose: (choice: PuzzleChoice) => void,
  ) {
    this.node = el(
      "aside",
      { id: PUZZLE_PANEL_ID, class: "puzzle-panel" },
      this.heading,
      this.facts,
      this.status,
      this.rating,
      this.streak,
      this.choices,
    );
  }

  /** A new puzzle: its goal, rating, themes; `daily` names its date. */
  puzzle(p: Puzzle, daily: string | null): void {
    const L = this.lang();
    this.heading.textContent = `${daily === null ? t(L, "puzzleTitle") : t(L, "puzzleDaily")}: ${goalWords(L, p.goal)}`;
    const themes = p.themes.map((theme) => t(L, THEME_KEY[theme])).join(", ");
    this.facts.textContent = [
      t(L, "puzzleRatingIs", { rating: p.rating }),
      themes === "" ? "" : t(L, "puzzleThemesAre", { list: themes }),
    ]
      .filter((x) => x !== "")
      .join(" · ");
    this.rating.textContent = "";
    this.say("puzzleYourMove");
    this.offer([]);
  }

  /** The verdict line. */
  say(key: Key, params?: Record<string, string | number>): string {
    const text = t(this.lang(), key, params);
    this.status.textContent = text;
    return text;
  }

  /** The rating line: a rated try's change, or "unrated". */
  rated(text: string): void {
    this.rating.textContent = text;
  }

  /** The streak line; null hides it. */
  streakIs(count: number | null, best: number): void {
    this.streak.hidden = count === null;
    this.streak.textContent = count === null ? "" : t(this.lang(), "puzzleStreakCount", { count, best });
  }

  /** The buttons shown now; the first takes the focus (a keyboard player goes on from there). */
  offer(choices: readonly PuzzleChoice[]): void {
    this.choices.replaceChildren(
      ...choices.map((c) => {
        const b = el(
          "button",
          { id: `puzzle-${c}`, type: "button", class: c === "next" ? "primary" : "" },
          t(this.lang(), CHOICE_KEY[c]),
        );
        b.addEventListener("click", () => this.chose(c));
        return b;
      }),
    );
  }

  /** Focuses the first choice, if any. */
  focusChoice(): void {
    this.choices.querySelector("button")?.focus();
  }
}
