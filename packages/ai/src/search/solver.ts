/**
 * The exact duel solver. R16 makes a repeated position a draw, so the value of a
 * position depends on its history, which breaks ordinary transposition tables. We use
 * that duel values are only win, draw or loss: a position is a win for X exactly when X
 * can force an end the other player loses while never repeating a position (a forced
 * win never needs to repeat), treating positions already seen twice as draws. So two
 * yes/no searches decide the value: "can the mover force a win?", and "can the other?";
 * if neither can, it is a draw.
 *
 * Each yes/no search is a depth-first AND/OR search in which returning to a position on
 * the current path counts as failure for the prover. "Yes" answers never rest on such a
 * cycle and are cached freely; a "no" is cached only when it does not rest on a cycle
 * through a position above it on the path (Tarjan-style low-link), because only then is
 * it true whatever path led there. The cache is valid for one root history.
 */
import { core as fast } from "@yourtrumps/engine";
import type { Core } from "@yourtrumps/engine";
import { greedyPick } from "../baselines.js";

const NO_CYCLE = 0x7fffffff;
const MAX_DEPTH = 4000;

/** Thrown internally when the node budget is spent. */
class OutOfBudget extends Error {}

export class DuelSolver {
  nodes = 0; // positions visited (all searches so far)
  private readonly tt = new Map<number, number>(); // key → bits: 1 << (2X) win proven, 2 << (2X) no win proven
  private readonly path = new Map<number, number>(); // key → depth, for positions on the current path
  private readonly moves = new Uint8Array(37 * (MAX_DEPTH + 1));
  private low = NO_CYCLE; // low-link of the last answer

  /**
   * @param core the position to solve; searched with make/unmake and restored
   * @param budget node budget for the lifetime of this solver
   */
  constructor(
    private readonly core: Core,
    private readonly budget = Infinity,
  ) {}

  /** Value for the seat to move: 1 win, 0 draw, -1 loss; null when the budget ran out. */
  value(): -1 | 0 | 1 | null {
    const me = this.core.toMove;
    const win = this.canWin(me);
    if (win === null || win) return win === null ? null : 1;
    const lose = this.canWin(1 - me);
    return lose === null ? null : lose ? -1 : 0;
  }

  /**
   * The root moves that keep the root's value `v` for the seat to move: for a win, the
   * moves after which the mover still forces a win; for a draw, the moves after which
   * the other seat cannot force one; for a loss, every move. null when out of budget.
   */
  keepers(v: -1 | 0 | 1): number[] | null {
    const c = this.core;
    const me = c.toMove;
    const k = c.legalMoves(this.moves);
    const all = Array.from(this.moves.subarray(0, k));
    if (v === -1) return all;
    const rootKey = keyOf(c);
    const keep: number[] = [];
    try {
      this.path.set(rootKey, 0);
      for (const m of all) {
        c.make(m);
        const ok = v === 1 ? this.search(me, 1) : !this.search(1 - me, 1);
        c.unmake();
        if (ok) keep.push(m);
      }
    } catch (e) {
      if (e instanceof OutOfBudget) return null;
      throw e;
    } finally {
      this.path.clear();
    }
    return keep;
  }

  /** Can seat `x` force a win from the current position? null when out of budget. */
  canWin(x: number): boolean | null {
    try {
      return this.search(x, 0);
    } catch (e) {
      if (e instanceof OutOfBudget) return null;
      throw e;
    } finally {
      this.path.clear();
    }
  }

  private search(x: number, depth: number): boolean {
    const c = this.core;
    const key = keyOf(c);
    const onPath = this.path.get(key);
    if (onPath !== undefined) {
      this.low = onPath; // a cycle: no win this way (for either prover)
      return false;
    }
    this.low = NO_CYCLE;
    if (c.result !== fast.R_NONE) return c.loser >= 0 && c.loser !== x;
    const bits = this.tt.get(key) ?? 0;
    if (bits & (1 << (2 * x))) return true;
    if (bits & (2 << (2 * x))) return false;
    if (++this.nodes > this.budget) throw new OutOfBudget();
    if (depth >= MAX_DEPTH) throw new OutOfBudget();

    const buf = this.moves.subarray(37 * depth, 37 * depth + 37);
    const k = orderMoves(c, buf);
    const or = c.toMove === x;
    let result = !or;
    let low = NO_CYCLE;
    this.path.set(key, depth);
    for (let i = 0; i < k; i++) {
      c.make(buf[i]!);
      const r = this.search(x, depth + 1);
      c.unmake();
      if (r === or) {
        result = or;
        low = or ? NO_CYCLE : Math.min(low, this.low);
        break;
      }
      if (or) low = Math.min(low, this.low);
    }
    this.path.delete(key);
    if (result || low >= depth) {
      this.tt.set(key, bits | ((result ? 1 : 2) << (2 * x)));
      this.low = NO_CYCLE;
    } else this.low = low;
    return result;
  }
}

/** A 53-bit key from the two Zobrist halves (collisions are negligible at our sizes). */
function keyOf(c: Core): number {
  return (c.h1 >>> 0) * 0x200000 + ((c.h2 >>> 0) & 0x1fffff);
}

/** Legal moves with greedy's choice first and picking up last: good moves prove fastest. */
function orderMoves(c: Core, buf: Uint8Array): number {
  const k = c.legalMoves(buf);
  const g = greedyPick(buf, k, c.trump[c.toMove]!);
  for (let i = 0; i < k; i++) {
    if (buf[i] === g) {
      buf[i] = buf[0]!;
      buf[0] = g;
      break;
    }
  }
  return k;
}
