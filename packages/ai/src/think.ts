/**
 * Searching a PlayerView: in the duel one MCTS on the exact position; with 3–4 players
 * several consistent deals (determinizations), each searched, their root statistics
 * summed (ensemble determinization). Only the view is used — never a hidden hand.
 */
import { Core } from "@yourtrumps/engine";
import type { PlayerView } from "@yourtrumps/engine";
import { handFromView, coreFromDuelView, isExactView } from "./position.js";
import { sampleHands } from "./sample.js";
import { mcts, UNPROVEN } from "./search/mcts.js";
import type { MctsOptions, RootStat } from "./search/mcts.js";
import { XorShift } from "./xorshift.js";

/** Budget and style of a search. */
export interface ThinkOptions {
  iterations: number; // total over all determinizations
  deadline?: number; // performance.now() time to stop at
  seed: number;
  samples?: number; // determinizations with 3–4 players; default 16
  rootMoves?: readonly number[];
  mcts?: Partial<Pick<MctsOptions, "exploration" | "epsilon" | "playoutPlies" | "evaluation" | "minimax">>;
}

/** Root statistics of a search from the view's seat, best first, and iterations spent. */
export function think(
  view: PlayerView,
  o: ThinkOptions,
): { stats: RootStat[]; iterations: number; proven: number; nodes: number } {
  const base = { seed: o.seed, ...o.mcts, ...(o.rootMoves ? { rootMoves: o.rootMoves } : {}) };
  if (isExactView(view)) {
    const r = mcts(coreFromDuelView(view), {
      ...base,
      iterations: o.iterations,
      ...(o.deadline !== undefined ? { deadline: o.deadline } : {}),
    });
    return { ...r, stats: sortStats(r.stats) };
  }
  const samples = Math.max(1, Math.min(o.samples ?? 16, Math.floor(o.iterations / 20)));
  const rng = new XorShift(o.seed ^ 0x51ed27);
  const core = new Core(view.maxTurns);
  const sum = new Map<number, RootStat>();
  let iterations = 0;
  let nodes = 0;
  for (let i = 0; i < samples; i++) {
    if (o.deadline !== undefined && i > 0 && performance.now() >= o.deadline) break;
    core.load(handFromView(view, sampleHands(view, rng)));
    // Spread the time as well as the iterations over the remaining samples.
    const deadline =
      o.deadline === undefined ? undefined : performance.now() + (o.deadline - performance.now()) / (samples - i);
    const r = mcts(core, {
      ...base,
      seed: o.seed + i * 7919,
      iterations: Math.ceil(o.iterations / samples),
      solver: false,
      ...(deadline !== undefined ? { deadline } : {}),
    });
    iterations += r.iterations;
    nodes += r.nodes;
    for (const s of r.stats) {
      const acc = sum.get(s.move);
      if (acc) {
        acc.mean = (acc.mean * acc.visits + s.mean * s.visits) / Math.max(1, acc.visits + s.visits);
        acc.visits += s.visits;
      } else sum.set(s.move, { ...s, proven: UNPROVEN });
    }
  }
  return { stats: sortStats([...sum.values()]), iterations, proven: UNPROVEN, nodes };
}

/** Best first: proven wins, then by visits, proven losses last; ties by move number. */
export function sortStats(stats: RootStat[]): RootStat[] {
  const rank = (s: RootStat): number =>
    s.proven === UNPROVEN
      ? s.visits
      : s.proven === 1
        ? Infinity
        : s.proven === 0
          ? -1 - (1 - s.visits / 1e9)
          : s.visits;
  return stats.slice().sort((a, b) => rank(b) - rank(a) || a.move - b.move);
}
