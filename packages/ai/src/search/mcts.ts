/**
 * Monte-Carlo tree search on the fast core, with solver backups in the duel (a node
 * whose value is proven — a forced win, draw or loss — is never re-sampled) and
 * epsilon-greedy playouts, cut short and scored by the learned evaluation when one is
 * given. With `minimax` > 0 the tree also keeps implicit minimax backups (Lanctot et al.,
 * 2014): each new node is scored by the evaluation, each node keeps the best of its
 * children's scores for the seat moving there, and selection mixes that score into the
 * playouts' mean. The core's R16 bookkeeping makes repetitions draws in the
 * tree and in playouts, so cycles need no special handling here.
 */
import { PICKUP } from "@yourtrumps/engine";
import type { Core } from "@yourtrumps/engine";
import { greedyPick } from "../baselines.js";
import { XorShift } from "../xorshift.js";
import { heuristicRewards, isOver, terminalRewards } from "./outcome.js";

/** Search settings. */
export interface MctsOptions {
  iterations: number; // at most this many iterations
  deadline?: number; // or stop at this performance.now() time
  seed: number;
  exploration?: number; // UCT constant (rewards are in [0, 1]); default 0.25 (measured better than 0.1, 0.7 and 1.2)
  epsilon?: number; // playout: chance of a random move instead of greedy's; default 0.1
  playoutPlies?: number; // playouts longer than this are cut off and scored by card counts
  solver?: boolean; // prove values (duel only); default true for 2 players
  rootMoves?: readonly number[]; // restrict the root to these moves
  /** Scores a playout cut off at `playoutPlies` (default: the card-count guess of outcome.ts). */
  evaluation?: { rewards(core: Core, out: Float64Array): void };
  /** Weight of the implicit minimax score in selection, 0…1 (needs `evaluation`); default 0. */
  minimax?: number;
}

/** What the search found for one root move. */
export interface RootStat {
  move: number; // core move number
  visits: number;
  mean: number; // mean reward in [0, 1] for the seat to move at the root
  proven: number; // UNPROVEN, or the proven reward 0 / 0.5 / 1
  minimax?: number; // with `minimax` > 0: the implicit minimax score for the seat to move at the root
}

export const UNPROVEN = -1;

class Node {
  readonly children: Node[] = [];
  untried: number[] | null = null; // null until expanded
  visits = 0;
  sum = 0; // reward sum for `seat`
  proven = UNPROVEN; // proven reward for `seat`
  imm: Float64Array | null = null; // implicit minimax score for each seat (with `minimax` > 0)
  constructor(
    readonly move: number,
    readonly seat: number, // who made `move` (-1 at the root)
    readonly toMove: number, // seat to move here, -1 when the hand is over
  ) {}
}

const UNSET = -2;

/** Runs MCTS from the core's position (restored afterwards); returns root statistics. */
export function mcts(
  core: Core,
  o: MctsOptions,
): { stats: RootStat[]; iterations: number; proven: number; nodes: number } {
  const rng = new XorShift(o.seed);
  const c = o.exploration ?? 0.25;
  const epsilon = o.epsilon ?? 0.1;
  const maxPlayout = o.playoutPlies ?? 400;
  const solver = o.solver ?? core.n === 2;
  const alpha = o.evaluation ? Math.min(1, Math.max(0, o.minimax ?? 0)) : 0;
  const buf = new Uint8Array(37);
  const rewards = new Float64Array(4);
  const path: Node[] = [];
  const root = new Node(UNSET, -1, core.toMove);
  expand(root, core, buf, o.rootMoves);
  let it = 0;
  let nodes = 0; // positions visited: tree moves plus playout moves
  for (; it < o.iterations && root.proven === UNPROVEN; it++) {
    // The first iterations always run, so a deadline already past (a slow machine, a solver that used the time) still yields a move.
    if (o.deadline !== undefined && it > 0 && (it & 31) === 0 && performance.now() >= o.deadline) break;
    path.length = 0;
    let node = root;
    path.push(node);
    // Selection.
    while (node.toMove >= 0 && node.untried !== null && node.untried.length === 0) {
      node = select(node, c, alpha);
      core.make(node.move);
      path.push(node);
    }
    nodes += path.length;
    // Expansion.
    if (node.toMove >= 0) {
      if (node.untried === null) expand(node, core, buf);
      const u = node.untried!;
      const i = rng.int(u.length);
      const m = u[i]!;
      u[i] = u[u.length - 1]!;
      u.pop();
      const mover = core.toMove;
      core.make(m);
      const child = new Node(m, mover, isOver(core) ? -1 : core.toMove);
      node.children.push(child);
      if (child.toMove < 0) {
        terminalRewards(core, rewards);
        if (solver) child.proven = rewards[mover]!;
      }
      if (alpha > 0) {
        child.imm = new Float64Array(core.n);
        if (child.toMove < 0) child.imm.set(rewards.subarray(0, core.n));
        else o.evaluation!.rewards(core, child.imm);
      }
      node = child;
      path.push(node);
    }
    // Simulation.
    if (node.toMove >= 0) nodes += playout(core, rng, buf, epsilon, maxPlayout, rewards, o.evaluation);
    else terminalRewards(core, rewards);
    // Back-propagation (the core goes back to the root as we climb).
    for (let d = path.length - 1; d >= 0; d--) {
      const n = path[d]!;
      n.visits++;
      if (n.seat >= 0) n.sum += rewards[n.seat]!;
      if (d > 0) core.unmake();
    }
    if (solver) for (let d = path.length - 2; d >= 0 && prove(path[d]!); d--);
    if (alpha > 0) for (let d = path.length - 2; d > 0; d--) backupMinimax(path[d]!);
  }
  const stats: RootStat[] = root.children.map((ch) => ({
    move: ch.move,
    visits: ch.visits,
    mean: ch.visits > 0 ? ch.sum / ch.visits : 0.5,
    proven: ch.proven,
    ...(ch.imm ? { minimax: ch.imm[ch.seat]! } : {}),
  }));
  return { stats, iterations: it, proven: root.proven, nodes };
}

function expand(node: Node, core: Core, buf: Uint8Array, only?: readonly number[]): void {
  const k = core.legalMoves(buf);
  const moves = Array.from(buf.subarray(0, k));
  node.untried = only ? moves.filter((m) => only.includes(m)) : moves;
}

/**
 * UCT over the children; proven losses are avoided, proven values replace means. With
 * implicit minimax (`alpha` > 0) a child's value is (1 − alpha) × its mean + alpha × its
 * minimax score for the seat that moves here.
 */
function select(node: Node, c: number, alpha: number): Node {
  const logN = Math.log(node.visits + 1);
  let best = node.children[0]!;
  let bestScore = -Infinity;
  for (const ch of node.children) {
    const mean =
      ch.proven !== UNPROVEN
        ? ch.proven
        : alpha > 0
          ? (1 - alpha) * (ch.sum / ch.visits) + alpha * ch.imm![ch.seat]!
          : ch.sum / ch.visits;
    const score = ch.proven === 0 ? -1 + mean : mean + c * Math.sqrt(logN / ch.visits);
    if (score > bestScore) {
      bestScore = score;
      best = ch;
    }
  }
  return best;
}

/**
 * Solver backup: the mover at `node` wins if some child is a proven win for them; the
 * node's value is settled once every child is proven. Duel rewards: the other seat
 * gets 1 − r. Returns whether `node` became proven (so its parent may be, too).
 */
function prove(node: Node): boolean {
  if (node.proven !== UNPROVEN || node.untried === null || node.toMove < 0) return false;
  const p = node.toMove;
  let best = -1;
  let all = node.untried.length === 0;
  for (const ch of node.children) {
    if (ch.proven === UNPROVEN) all = false;
    else if (ch.proven > best) best = ch.proven;
  }
  if (best === 1 || (all && best >= 0)) {
    node.proven = node.seat === p || node.seat < 0 ? best : 1 - best;
    return true;
  }
  return false;
}

/**
 * A node's implicit minimax score becomes that of its child best for the seat moving
 * there (a proven child counts at its proven value; proofs are duel-only).
 */
function backupMinimax(node: Node): void {
  const p = node.toMove;
  if (p < 0 || node.children.length === 0) return;
  let best: Node | null = null;
  let bestValue = -Infinity;
  for (const ch of node.children) {
    const v = ch.proven !== UNPROVEN ? ch.proven : ch.imm![p]!;
    if (v > bestValue) {
      bestValue = v;
      best = ch;
    }
  }
  const imm = node.imm!;
  if (best!.proven !== UNPROVEN) {
    imm[p] = best!.proven;
    imm[1 - p] = 1 - best!.proven;
  } else imm.set(best!.imm!);
}

/** Plays epsilon-greedy moves to the end (or the cut-off), scores it, takes them back; returns the moves played. */
function playout(
  core: Core,
  rng: XorShift,
  buf: Uint8Array,
  epsilon: number,
  maxPlies: number,
  out: Float64Array,
  evaluation?: MctsOptions["evaluation"],
): number {
  let plies = 0;
  while (!isOver(core) && plies < maxPlies) {
    const k = core.legalMoves(buf);
    let m: number;
    if (rng.float() < epsilon) m = buf[rng.int(k)]!;
    else m = greedyPick(buf, k, core.trump[core.toMove]!);
    core.make(m === undefined ? PICKUP : m);
    plies++;
  }
  if (isOver(core)) terminalRewards(core, out);
  else if (evaluation) evaluation.rewards(core, out);
  else heuristicRewards(core, out);
  const made = plies;
  for (; plies > 0; plies--) core.unmake();
  return made;
}
