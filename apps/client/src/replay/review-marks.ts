import type { MoveJudgement } from "@yourtrumps/ai";

/**
 * How the review marks a move, as lichess marks chess moves: by how much the move played
 * lost against the best one, in the analyser's value (−1 … 1 for the mover: 1 a sure win,
 * or not losing with 3–4 players; 0 a draw; −1 a sure loss). A value is about twice the
 * mover's winning chance less one, so a drop of 0.1 is five points of winning chance.
 * lichess marks drops of 0.1 / 0.2 / 0.3 of its winning chances (same scale); our values
 * come from a few thousand search iterations and wobble by about ±0.1 between equally good
 * moves, so our thresholds sit higher to mark mistakes rather than noise:
 *
 * | mark | value drop |
 * | --- | --- |
 * | inaccuracy | ≥ 0.2 |
 * | mistake | ≥ 0.4 |
 * | blunder | ≥ 0.7 |
 *
 * A proven change of outcome (won → drawn, drawn → lost: a drop of 1; won → lost: 2) is
 * always a blunder. A forced move (one legal move) is never marked.
 */
export const THRESHOLDS = { inaccuracy: 0.2, mistake: 0.4, blunder: 0.7 } as const;

export const MARKS = ["inaccuracy", "mistake", "blunder"] as const;
export type Mark = (typeof MARKS)[number];

/** The values a mark is judged from (a MoveJudgement has them). */
export type Judged = Pick<MoveJudgement, "before" | "after" | "choices">;

/** The move's mark, or null for a good (or forced) move. */
export function markOf(j: Judged): Mark | null {
  if (j.choices <= 1) return null;
  const drop = j.before - j.after;
  if (drop >= THRESHOLDS.blunder) return "blunder";
  if (drop >= THRESHOLDS.mistake) return "mistake";
  if (drop >= THRESHOLDS.inaccuracy) return "inaccuracy";
  return null;
}

/** A proven outcome for the mover. */
export type Outcome = "won" | "drawn" | "lost";

/** What the solver proved about a move, in words the page can say. */
export type ExactVerdict =
  | { kind: "change"; from: Outcome; to: Outcome } // "won → lost"
  | { kind: "only"; keeps: "won" | "drawn" } // "the only move that keeps the draw"
  | { kind: "kept"; keeps: Outcome }; // the outcome stayed as it was

/** The solver's verdict on an exactly judged move; null when the values are the search's estimates. */
export function exactVerdict(j: Pick<MoveJudgement, "before" | "after" | "exact" | "only">): ExactVerdict | null {
  if (!j.exact) return null;
  const from = outcomeOf(j.before);
  const to = outcomeOf(j.after);
  if (from !== to) return { kind: "change", from, to };
  if (j.only && from !== "lost") return { kind: "only", keeps: from };
  return { kind: "kept", keeps: from };
}

function outcomeOf(value: number): Outcome {
  return value > 0 ? "won" : value < 0 ? "lost" : "drawn";
}

/** One seat's accuracy: the share of its judged moves that carry no mark. */
export interface Accuracy {
  seat: number;
  judged: number; // moves of this seat judged so far
  unmarked: number;
  percent: number | null; // rounded; null before any move is judged
}

/** Every seat's accuracy over the judgements that have arrived (null: not yet). */
export function accuracies(players: number, judgements: readonly (MoveJudgement | null)[]): Accuracy[] {
  return Array.from({ length: players }, (_, seat) => {
    const mine = judgements.filter((j): j is MoveJudgement => j !== null && j.seat === seat);
    const unmarked = mine.filter((j) => markOf(j) === null).length;
    return {
      seat,
      judged: mine.length,
      unmarked,
      percent: mine.length === 0 ? null : Math.round((100 * unmarked) / mine.length),
    };
  });
}
