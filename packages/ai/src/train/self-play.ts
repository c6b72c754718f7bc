/**
 * Training positions from self-play: whole hands on the fast core, and sampled positions
 * labelled with how the hand ended for each seat holding cards (outcome.ts).
 * Deterministic for a seed. Two policies:
 * - greedy's move with a random one mixed in (epsilon per hand, so the positions range
 *   from careful to loose play): fast, the first round;
 * - a short MCTS with the previous round's evaluation (every hidden hand open, as the
 *   search does on each sampled deal), epsilon random moves for variety: slower, with
 *   outcomes of much stronger play.
 */
import { Core, newHand } from "@yourtrumps/engine";
import type { PlayerCount } from "@yourtrumps/engine";
import { greedyPick } from "../baselines.js";
import { FEATURES, featuresOf } from "../eval/features.js";
import type { Evaluation } from "../eval/model.js";
import { HARD_SETTINGS } from "../levels.js";
import { mcts } from "../search/mcts.js";
import { isOver, terminalRewards } from "../search/outcome.js";
import { XorShift } from "../xorshift.js";

/** Rows of features with their labels; `game` tells which hand a row came from (for a held-out split). */
export interface Dataset {
  players: PlayerCount;
  rows: number;
  x: Float32Array; // rows × FEATURES
  y: Float32Array; // reward in [0, 1]
  game: Uint32Array;
}

export interface SelfPlayOptions {
  players: PlayerCount;
  games: number;
  seed: number;
  sample: number; // share of positions kept (each for every seat holding cards)
  epsilons: readonly number[]; // a hand's epsilon is drawn from these
  search?: { iterations: number; evaluation: Evaluation }; // play by MCTS instead of greedy
}

/** Plays the hands and returns their sampled positions. */
export function selfPlay(o: SelfPlayOptions): Dataset {
  const rng = new XorShift(o.seed * 7919 + o.players);
  const core = new Core();
  const buf = new Uint8Array(37);
  const f = new Float64Array(FEATURES);
  const rewards = new Float64Array(4);
  let cap = 1 << 16;
  let x = new Float32Array(cap * FEATURES);
  let y = new Float32Array(cap);
  let game = new Uint32Array(cap);
  let rows = 0;
  const pending: { row: number; seat: number }[] = [];
  for (let g = 0; g < o.games; g++) {
    core.load(newHand({ players: o.players, seed: `train/${o.seed}/${o.players}/${g}` }));
    const epsilon = o.epsilons[rng.int(o.epsilons.length)]!;
    pending.length = 0;
    while (!isOver(core)) {
      if (rng.float() < o.sample) {
        for (let s = 0; s < core.n; s++) {
          if (core.count[s]! === 0) continue;
          if (rows === cap) {
            cap *= 2;
            x = grow(x, cap * FEATURES);
            y = grow(y, cap);
            game = grow(game, cap);
          }
          x.set(featuresOf(core, s, f), rows * FEATURES);
          game[rows] = g;
          pending.push({ row: rows++, seat: s });
        }
      }
      const k = core.legalMoves(buf);
      let m: number;
      if (k === 1) m = buf[0]!;
      else if (rng.float() < epsilon) m = buf[rng.int(k)]!;
      else if (o.search) m = searchMove(core, o.search, rng.next());
      else m = greedyPick(buf, k, core.trump[core.toMove]!);
      core.make(m);
    }
    terminalRewards(core, rewards);
    for (const p of pending) y[p.row] = rewards[p.seat]!;
  }
  return {
    players: o.players,
    rows,
    x: x.subarray(0, rows * FEATURES),
    y: y.subarray(0, rows),
    game: game.subarray(0, rows),
  };
}

/** The most visited root move of a short search (a proven win first). */
function searchMove(core: Core, s: NonNullable<SelfPlayOptions["search"]>, seed: number): number {
  const r = mcts(core, {
    iterations: s.iterations,
    seed,
    evaluation: s.evaluation,
    playoutPlies: HARD_SETTINGS.playoutPlies,
  });
  let best = r.stats[0]!;
  for (const st of r.stats) if (st.proven === 1 || (best.proven !== 1 && st.visits > best.visits)) best = st;
  return best.move;
}

function grow<T extends Float32Array | Uint32Array>(a: T, size: number): T {
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a);
  return b;
}
