import type { MoveJudgement } from "@yourtrumps/ai";
import type { Card, Move } from "@yourtrumps/engine";
import { cardSpoken, t, type Lang } from "../i18n/index.js";
import type { MoveFact } from "./move-facts.js";
import { exactVerdict, markOf, type Mark } from "../replay/review-marks.js";
import { markName, moveName, moveText, standingText, valueText, verdictText } from "../replay/review-words.js";

/** One entry of the replay's move list, in words: the move, and once judged, the review's verdict. */
export interface MoveLine {
  index: number; // 0-based in the log; the list item jumps to the position after it (index + 1)
  seat: number;
  text: string; // "Anna beats 9♣ with 10♣"
  mark: Mark | null;
  markText: string; // "Mistake"; "" unmarked or not judged yet
  verdict: string; // the solver's "won → drawn" (with its "proven by the solver" note); "" for estimates
  better: string; // "Better: Q♣" at a marked move; ""
  values: string; // "value +0.40 → −0.10"; "" until judged (the engine's figure: a title on the standing)
  standing: string; // "winning → losing: this move changed it", "still drawing"; "" until judged
  best: Move | null; // the better move at a marked move, for the table to lift
}

/** The list entry of one move; `names` by seat, as the page shows them. */
export function moveLine(lang: Lang, fact: MoveFact, names: readonly string[], j: MoveJudgement | null): MoveLine {
  const text = moveText(lang, fact, names[fact.seat] ?? "?");
  const base = { index: fact.index, seat: fact.seat, text };
  if (j === null)
    return { ...base, mark: null, markText: "", verdict: "", better: "", values: "", standing: "", best: null };
  const mark = markOf(j);
  const v = exactVerdict(j);
  const words = v === null ? "" : verdictText(lang, v);
  const played: Move = fact.card === null ? { type: "pickup" } : { type: "play", card: fact.card };
  const best = mark !== null && !sameMove(j.best, played) ? j.best : null;
  return {
    ...base,
    mark,
    markText: mark === null ? "" : markName(lang, mark),
    verdict: words === "" ? "" : t(lang, "verdictSolver", { verdict: words }),
    better: best === null ? "" : t(lang, "betterMove", { move: moveName(lang, best) }),
    values: t(lang, "valueChange", { before: valueText(j.before), after: valueText(j.after) }),
    standing: standingText(lang, j.before, j.after),
    best,
  };
}

/**
 * What the live region says when the replay shows position `index` (0 the deal, i after
 * move i): the move in spoken words, and its verdict once judged.
 */
export function stepLines(
  lang: Lang,
  index: number,
  facts: readonly MoveFact[],
  names: readonly string[],
  j: MoveJudgement | null,
): string[] {
  const fact = facts[index - 1];
  if (index === 0 || !fact) return [t(lang, "theDeal")];
  const spoken = (c: Card) => cardSpoken(lang, c);
  const line = moveLine(lang, fact, names, j);
  const better = line.best === null ? "" : t(lang, "betterMove", { move: moveName(lang, line.best, spoken) });
  const verdict = [line.markText, line.verdict, better].filter((x) => x !== "").join(". ");
  return [
    `${t(lang, "moveOf", { i: index, n: facts.length })}: ${moveText(lang, fact, names[fact.seat] ?? "?", spoken)}.${verdict ? ` ${verdict}.` : ""}`,
  ];
}

/** The card the table lifts at position `index`: the better card of the move that led there, when it was marked. */
export function betterCard(index: number, lines: readonly MoveLine[]): Card | null {
  const best = index > 0 ? lines[index - 1]?.best : null;
  return best?.type === "play" ? best.card : null;
}

function sameMove(a: Move, b: Move): boolean {
  return a.type === "play" && b.type === "play" ? a.card === b.card : a.type === b.type;
}
