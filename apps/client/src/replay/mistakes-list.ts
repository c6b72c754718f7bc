import { t, type Lang } from "../i18n/index.js";
import type { MistakeEntry } from "../net/puzzle-bodies.js";
import { routeHref } from "../shell/route.js";
import { h, type VNode } from "../shell/view.js";

/** The page of one puzzle: another part of the client draws it. */
export function puzzleHref(puzzleId: string): string {
  return routeHref({ kind: "puzzle", which: puzzleId }, "");
}

/**
 * "Learn from your mistakes": a heading and one link per mistake, to its puzzle. Shared by
 * the profile (every recorded duel) and the replay (that hand's alone).
 */
export function mistakesList(lang: Lang, mistakes: readonly MistakeEntry[], id: string): VNode {
  const items = mistakes.map((m) =>
    h(
      "li",
      h(
        "a",
        { attrs: { href: puzzleHref(m.puzzleId), "data-puzzle": m.puzzleId } },
        t(lang, "mistakeLink", {
          n: m.moveIndex + 1,
          goal: t(lang, m.goal === "win" ? "mistakeGoalWin" : "mistakeGoalDraw"),
          rating: m.rating,
        }),
      ),
    ),
  );
  return h(`div#${id}.mistakes`, [h("h3", t(lang, "learnFromMistakes")), h("ul", items)]);
}
