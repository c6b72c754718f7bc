/**
 * What an end (or a cut-off playout) is worth to each seat, in [0, 1]: 1 for a win or,
 * with 3–4 players, for not being the loser; ½ for a seat still holding cards in a draw;
 * 0 for the loser. In the duel this is the usual win 1, draw ½, loss 0.
 */
import { core as fast } from "@yourtrumps/engine";
import type { Core } from "@yourtrumps/engine";

/** Writes each seat's reward for the finished hand in `core` into `out`. */
export function terminalRewards(core: Core, out: Float64Array): void {
  let last = 0; // the drawn players share the last place given
  for (let s = 0; s < core.n; s++) last = Math.max(last, core.places[s]!);
  for (let s = 0; s < core.n; s++) {
    if (core.loser >= 0) out[s] = s === core.loser ? 0 : 1;
    else out[s] = core.count[s]! > 0 || core.places[s] === last ? 0.5 : 1;
  }
}

/**
 * A guess for an unfinished hand: fewer cards than the others is good. A logistic of
 * the card-count lead, so a long playout that was cut off still says something.
 */
export function heuristicRewards(core: Core, out: Float64Array): void {
  let holders = 0;
  let total = 0;
  for (let s = 0; s < core.n; s++) {
    if (core.count[s]! > 0) {
      holders++;
      total += core.count[s]!;
    }
  }
  for (let s = 0; s < core.n; s++) {
    const c = core.count[s]!;
    if (c === 0) {
      out[s] = 1;
      continue;
    }
    const others = holders > 1 ? (total - c) / (holders - 1) : c;
    out[s] = 1 / (1 + Math.exp((c - others) / 3));
  }
}

/** Is the hand in `core` over? */
export const isOver = (core: Core): boolean => core.result !== fast.R_NONE;
