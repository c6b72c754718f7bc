/**
 * The exact duel solver.
 *
 * R16 makes a position's value depend on its history (a third occurrence is a draw),
 * which breaks plain search with a transposition table. Duel values are only win, draw
 * or loss, and a forced win never needs to repeat a position, so a position is a win for
 * X exactly when X can force the other player to lose while the play avoids positions
 * already seen twice (those are draws on arrival). Two yes/no questions decide the
 * value: "can the mover force a win?" and "can the other player?".
 *
 * Each question is a depth-first AND/OR search in which returning to a position on the
 * current path fails for the prover. "Yes" answers never rest on such a cycle and are
 * always sound. "No" answers are cached eagerly (which could be wrong when they rest on
 * a cycle through an ancestor), each with the defender's refuting move; so every "no"
 * for the root is then *verified*: following the defender's recorded replies against
 * every prover move, no end the prover wins may be reachable. A verified "no" is a proof
 * (that defender strategy never loses); if verification ever failed, the solver reports
 * no answer rather than a wrong one. The turn limit is ignored (it is hundreds of turns
 * away in the endgames we solve).
 */
import { core as fast } from "@yourtrumps/engine";
import type { Core } from "@yourtrumps/engine";
import { greedyPick } from "../baselines.js";

const MAX_ROUNDS = 40; // verification rounds before giving up
const MAX_DEPTH = 1900; // plies (recursion depth); deeper proofs give up

/** Thrown internally when the node budget is spent or the path gets too deep. */
class GiveUp extends Error {}

/** A 53-bit key from the two Zobrist halves (collisions are negligible at our sizes). */
export function keyOf(c: Core): number {
  return (c.h1 >>> 0) * 0x200000 + ((c.h2 >>> 0) & 0x1fffff);
}

const YES = 1;
const NO = 2;

export interface DuelSolution {
  value: -1 | 0 | 1; // for the seat to move at the root
  keep: number[]; // root moves (core numbers) that keep the value
  nodes: number; // positions searched
}

export class DuelProver {
  nodes = 0;
  private readonly tt = new Map<number, number>(); // key → per prover x: 8 bits at 8x: answer (2 bits) | refuting move << 2
  private readonly path = new Set<number>();
  private readonly moves: Uint8Array;

  /**
   * @param core the position, loaded with no R16 history (restored after each call)
   * @param blocked keys of positions already seen twice: a draw when reached again
   * @param budget positions the prover may search in all
   */
  constructor(
    private readonly core: Core,
    private readonly blocked: ReadonlySet<number>,
    private readonly budget = Infinity,
  ) {
    core.maxTurns = 0x3fffffff; // the turn limit is ignored (see above); MAX_DEPTH keeps within the undo stack
    this.moves = new Uint8Array(37 * (MAX_DEPTH + 2));
  }

  /** The value and the value-keeping root moves, or null if the budget ran out. */
  solve(): DuelSolution | null {
    try {
      const c = this.core;
      const me = c.toMove;
      const k = c.legalMoves(this.moves);
      const all = Array.from(this.moves.subarray(0, k));
      this.path.add(keyOf(c));
      const mine = this.decide(me, all);
      if (mine.some((w) => w)) return { value: 1, keep: all.filter((_, i) => mine[i]), nodes: this.nodes };
      const theirs = this.decide(1 - me, all);
      const safe = all.filter((_, i) => !theirs[i]);
      return safe.length > 0 ? { value: 0, keep: safe, nodes: this.nodes } : { value: -1, keep: all, nodes: this.nodes };
    } catch (e) {
      if (e instanceof GiveUp) return null;
      throw e;
    } finally {
      this.path.clear();
    }
  }

  /**
   * For each root move: can x force a win after it? Every "no" is verified; when one
   * fails, the eager "no" answers for x are dropped (the sound "yes" answers stay, so
   * the next round knows more) and the round is repeated.
   */
  private decide(x: number, moves: number[]): boolean[] {
    const c = this.core;
    const rootKey = keyOf(c);
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const answers: boolean[] = [];
      let verified = true;
      for (const m of moves) {
        c.make(m);
        const yes = this.search(x, 1);
        if (!yes && !this.verify(x, rootKey)) verified = false;
        c.unmake();
        answers.push(yes);
        if (!verified) break;
      }
      if (verified) return answers;
      this.forgetNo(x);
    }
    throw new GiveUp();
  }

  /** Drops every cached "no" for prover x. */
  private forgetNo(x: number): void {
    for (const [key, v] of this.tt) {
      if ((((v >> (8 * x)) & 3) === NO)) this.tt.set(key, v & ~(0xff << (8 * x)));
    }
  }

  private search(x: number, depth: number): boolean {
    const c = this.core;
    if (c.result !== fast.R_NONE) return c.loser >= 0 && c.loser !== x;
    const key = keyOf(c);
    const entry = ((this.tt.get(key) ?? 0) >> (8 * x)) & 0xff;
    if ((entry & 3) === YES) return true; // sound whatever the path (checked before cycles, so later rounds learn)
    if (this.path.has(key) || this.blocked.has(key)) return false; // a cycle, or a draw (R16)
    if (entry !== 0) return false;
    if (++this.nodes > this.budget) throw new GiveUp();
    if (depth >= MAX_DEPTH) throw new GiveUp();

    const buf = this.moves.subarray(37 * depth, 37 * depth + 37);
    const k = orderMoves(c, buf);
    const or = c.toMove === x;
    let result = !or;
    let refute = 0;
    this.path.add(key);
    for (let i = 0; i < k; i++) {
      const m = buf[i]!;
      c.make(m);
      const r = this.search(x, depth + 1);
      c.unmake();
      if (r === or) {
        result = or;
        refute = m;
        break;
      }
    }
    this.path.delete(key);
    const old = this.tt.get(key) ?? 0;
    this.tt.set(key, old | (((result ? YES : NO) | (refute << 2)) << (8 * x)));
    return result;
  }

  /**
   * Checks a "no" for prover x from the current position: following the recorded
   * refutations against all of x's moves never reaches an end x wins. Positions on the
   * root path count as safe (the defender returns there, which only repeats).
   */
  private verify(x: number, rootKey: number): boolean {
    const c = this.core;
    const seen = new Set<number>([rootKey]);
    const go = (depth: number): boolean => {
      if (c.result !== fast.R_NONE) return !(c.loser >= 0 && c.loser !== x);
      const key = keyOf(c);
      if (seen.has(key) || this.blocked.has(key)) return true;
      seen.add(key);
      if (depth >= MAX_DEPTH) throw new GiveUp();
      const entry = ((this.tt.get(key) ?? 0) >> (8 * x)) & 0xff;
      if ((entry & 3) !== NO) return false;
      if (c.toMove !== x) {
        c.make(entry >> 2);
        const ok = go(depth + 1);
        c.unmake();
        return ok;
      }
      const buf = this.moves.subarray(37 * depth, 37 * depth + 37);
      const k = c.legalMoves(buf);
      for (let i = 0; i < k; i++) {
        c.make(buf[i]!);
        const ok = go(depth + 1);
        c.unmake();
        if (!ok) return false;
      }
      return true;
    };
    return go(1);
  }
}

/** Legal moves with greedy's choice first (good moves prove fastest), picking up last. */
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
