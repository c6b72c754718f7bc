/**
 * `judgeMove`: one move of a finished hand as the post-game review sees it — the value
 * of the position before it for the seat that made it, and of the move played. The
 * mover is judged through `viewFor` alone, as the computer players see the table, so
 * with 3–4 players a move is never judged on cards its maker could not see. Small duel
 * endgames are solved exactly, and the value after a move is then proven too.
 */
import { viewFor } from "@yourtrumps/engine";
import type { Hand, Move } from "@yourtrumps/engine";
import { analyseSync } from "./analyse.js";
import { fromCoreMove } from "./coding.js";
import { SOLVE_CARDS, endValue, exactValueOfMove, solveView } from "./solve-view.js";

/** Search iterations per position of a review: enough to rank the moves, few enough that a hand's review fills in while it is read. */
export const REVIEW_ITERATIONS = 4000;
/**
 * Exact-solver budget of each solve in a review (positions; about a third of a second).
 * Less than `hard`'s: a small endgame with a long pile can take seconds to stay open, and
 * a review solves every position of the endgame, and children besides.
 */
export const REVIEW_SOLVE_STATES = 100_000;

/** A forced move is never marked: its value (for the graph) needs only a share of the search. */
const FORCED_SHARE = 4;

/** What the review knows about one move. Values are −1 … 1 for the mover (1 win, or not losing with 3–4 players; 0 draw; −1 loss). */
export interface MoveJudgement {
  seat: number; // who moved
  before: number; // the position's value with the best move
  after: number; // the value of the move played
  exact: boolean; // both values proven by the solver (then each is −1, 0 or 1)
  best: Move; // the best move found
  keep: Move[] | null; // exact only: moves that keep `before` (for a win, the fastest ones)
  only: boolean; // exact: the move played was proven the only one keeping `before` (a win or a draw), the mover having had others
  choices: number; // legal moves the mover had
}

/** Options of `judgeMove`. */
export interface JudgeOptions {
  iterations?: number; // search budget when the position is not solved (default REVIEW_ITERATIONS)
  seed?: number;
  solveNodes?: number; // budget of each exact solve (default REVIEW_SOLVE_STATES)
}

/** Judges `move`, made by the seat to move in `h` (it must be legal there). */
export function judgeMove(h: Hand, move: Move, o: JudgeOptions = {}): MoveJudgement {
  const seat = h.toMove;
  const view = viewFor(h, seat);
  const choices = view.legal.length;
  const budget = o.solveNodes ?? REVIEW_SOLVE_STATES;
  const solved = solveView(view, SOLVE_CARDS, budget);
  if (solved) {
    const keep = solved.keep.map(fromCoreMove);
    const kept = keep.some((m) => sameMove(m, move));
    const after = kept ? solved.value : exactValueOfMove(h, move, budget);
    if (after !== null) {
      const only =
        kept && choices > 1 && solved.value >= 0 && onlyKeeper(h, move, view.legal, solved.value, keep.length, budget);
      return { seat, before: solved.value, after, exact: true, best: keep[0]!, keep, only, choices };
    }
  }
  // The solver has had its turn above: the search alone (a budget of 0 keeps analyse from solving again, for seconds when it cannot).
  const iterations = o.iterations ?? REVIEW_ITERATIONS;
  const a = analyseSync(view, {
    iterations: choices > 1 ? iterations : Math.ceil(iterations / FORCED_SHARE),
    seed: o.seed ?? 0,
    solveNodes: 0,
  });
  const played = a.moves.find((s) => sameMove(s.move, move));
  const ended = endValue(h, move);
  const after = ended ?? played?.value ?? a.value;
  return { seat, before: a.value, after, exact: false, best: a.move, keep: null, only: false, choices };
}

/**
 * Whether `move` is the only legal move keeping `value`. The solver lists every move that
 * keeps a draw, but only the fastest wins: for a win each other move is solved as well
 * (and nothing is claimed when one of them stays open).
 */
function onlyKeeper(
  h: Hand,
  move: Move,
  legal: readonly Move[],
  value: number,
  keeping: number,
  budget: number,
): boolean {
  if (keeping > 1) return false;
  if (value === 0) return true;
  return legal.every((m) => {
    if (sameMove(m, move)) return true;
    const v = exactValueOfMove(h, m, budget);
    return v !== null && v < value;
  });
}

function sameMove(a: Move, b: Move): boolean {
  return a.type === "play" && b.type === "play" ? a.card === b.card : a.type === b.type;
}
