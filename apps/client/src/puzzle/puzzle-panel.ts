/**
 * The puzzle's panel beside the table: its goal, rating and themes in words, the verdict
 * of the last move, the rating change or "unrated", the streak's count, and the choices
 * after a result as real buttons (Tab reaches them; the live region announces them), the
 * solution's line once shown, and a link back to the lobby.
 */
import type { Puzzle, PuzzleMove, PuzzleTheme } from "@yourtrumps/ai";
import { cardLabel, t, type Key, type Lang } from "../i18n/index.js";
import { el } from "../shell/dom.js";
import { LOBBY, routeHref } from "../shell/route.js";

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
  private readonly line = el("p", { id: "puzzle-line", class: "puzzle-line", hidden: "" });
  private readonly rating = el("p", { id: "puzzle-rating" });
  private readonly streak = el("p", { id: "puzzle-streak" });
  private readonly choices = el("div", { class: "buttons" });
  private readonly lobby = el("a", {
    id: "puzzle-lobby",
    class: "puzzle-lobby",
    href: routeHref(LOBBY, location.pathname),
  });

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
      this.line,
      this.rating,
      this.streak,
      this.choices,
      this.lobby,
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
    this.lobby.textContent = t(L, "backToLobby");
    this.solution(null);
    this.say("puzzleYourMove");
    this.offer([]);
  }

  /** The verdict line. */
  say(key: Key, params?: Record<string, string | number>): string {
    const text = t(this.lang(), key, params);
    this.status.textContent = text;
    return text;
  }

  /** The solution's line under "The solution:", move by move ("10♣ → pick up → K♦"); null hides it. */
  solution(moves: readonly PuzzleMove[] | null): void {
    this.line.hidden = moves === null;
    this.line.textContent = moves === null ? "" : solutionLine(this.lang(), moves);
  }

  /** The solution's line as written, for the live region. */
  lineText(): string {
    return this.line.textContent ?? "";
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

/** A line of a puzzle's moves in words. */
export function solutionLine(lang: Lang, moves: readonly PuzzleMove[]): string {
  return moves.map((m) => (m === "pickup" ? t(lang, "pickUpMove") : cardLabel(m))).join(" → ");
}
