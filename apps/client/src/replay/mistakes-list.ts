import { t, type Lang } from "../i18n/index.js";
import type { MistakeEntry } from "../net/puzzle-bodies.js";
import { el } from "../shell/dom.js";

/** The page of one puzzle: another part of the client draws it. */
export function puzzleHref(puzzleId: string): string {
  return `?puzzle=${encodeURIComponent(puzzleId)}`;
}

/**
 * "Learn from your mistakes": a heading and one link per mistake, to its puzzle. Shared by
 * the profile (every recorded duel) and the replay (that hand's alone).
 */
export function mistakesList(lang: Lang, mistakes: readonly MistakeEntry[], id: string): HTMLElement {
  const items = mistakes.map((m) =>
    el(
      "li",
      {},
      el(
        "a",
        { href: puzzleHref(m.puzzleId), "data-puzzle": m.puzzleId },
        t(lang, "mistakeLink", {
          n: m.moveIndex + 1,
          goal: t(lang, m.goal === "win" ? "mistakeGoalWin" : "mistakeGoalDraw"),
          rating: m.rating,
        }),
      ),
    ),
  );
  return el("div", { id, class: "mistakes" }, el("h3", {}, t(lang, "learnFromMistakes")), el("ul", {}, ...items));
}
