/**
 * The exact duel solver, for real endgames: few cards in the hands, however deep the pile.
 *
 * R16 makes a position's value depend on its history (a third occurrence is a draw),
 * which breaks plain search with a transposition table. But duel values are only win,
 * draw or loss, and a forced win never needs to repeat a position: a position is a win
 * for X exactly when X can force the other seat to lose while positions already seen
 * twice in the real game (`blocked`) count as draws on arrival. That question has a
 * history-free depth-bounded form — "can X force a win within d plies?" — which a
 * transposition table may cache safely (R16 is switched off in the core for the search).
 * So each side's question is answered by:
 *
 * - **Yes:** iterative deepening finds a forced win within d plies (sound at any depth).
 * - **No:** the defender's refutations (recorded by the depth-bounded search) are
 *   followed against every move of X, breadth first, until the positions they reach
 *   close: when no end X wins is among them, that defender strategy never loses, so X
 *   cannot force a win. If a position in the region turns out to be a win for X, the
 *   depth grows and both steps run again.
 *
 * The value for the seat to move: win if it can force a win; else loss if the other can;
 * else draw. The turn limit is ignored (hundreds of turns away in the endgames solved).
 */
import { PICKUP, core as fast } from "@yourtrumps/engine";
import type { Core } from "@yourtrumps/engine";
import { greedyKey } from "../baselines.js";
import { ProofTable } from "./table.js";

/** Thrown internally when the node budget is spent. */
class GiveUp extends Error {}

/** A 53-bit key from the two Zobrist halves (collisions are negligible at our sizes). */
export function keyOfHalves(h1: number, h2: number): number {
  return (h1 >>> 0) * 0x200000 + ((h2 >>> 0) & 0x1fffff);
}

/** The key of the core's position. */
export function keyOf(c: Core): number {
  return keyOfHalves(c.h1, c.h2);
}

export interface DuelSolution {
  value: -1 | 0 | 1; // for the seat to move at the root
  keep: number[]; // root moves (core numbers) that keep the value; for a win, the fastest ones
  nodes: number; // positions searched
  depth: number; // plies of the fastest forced win (value ±1); 0 for a draw
}

/** What a search proved about single root moves, even when the root itself stayed open. */
export interface RootProofs {
  won: number[]; // root moves (core numbers) after which the mover can force a win: the fastest proven ones
  lost: number[]; // root moves after which the other seat can force a win
}

const MAX_DEPTH = 900; // plies of a forced win looked for; the core's undo stack holds 2,008
const NEVER = 0xffff; // a table "no" that holds at every depth (a closed refutation)
const SNAP = 56; // bytes per stored position: 8 hand masks (16), mover, secondDue, pile length, pile (36)

export class DuelSolver {
  nodes = 0;
  private limit = Infinity; // node count to give up at (within the budget)
  private stopAt = Infinity; // performance.now() time to give up at (by the deadline)
  private readonly tt = new ProofTable();
  private readonly moves = new Uint8Array(37 * (MAX_DEPTH + 2));
  private readonly bufs = Array.from({ length: MAX_DEPTH + 2 }, (_, i) => this.moves.subarray(37 * i, 37 * i + 37)); // one move list per depth

  /**
   * @param core the position (left where it was after each call)
   * @param blocked keys of positions already seen twice: a draw when reached again
   * @param budget positions the solver may search in all, before giving up
   * @param deadline performance.now() time to give up at (wall clock: for timed play only)
   */
  constructor(
    private readonly core: Core,
    private readonly blocked: ReadonlySet<number>,
    private readonly budget = Infinity,
    private readonly deadline = Infinity,
  ) {}

  /** Counts a position searched; gives up past the budget or the deadline. */
  private count(): void {
    if (++this.nodes > this.limit) throw new GiveUp();
    if ((this.nodes & 1023) === 0 && this.stopAt !== Infinity && performance.now() > this.stopAt) throw new GiveUp();
  }

  /**
   * The value and the value-keeping root moves, or null if the budget ran out.
   * @param budget positions this call may search (at most the solver's budget)
   * @param deadline performance.now() time this call gives up at (at most the solver's)
   */
  solve(budget = this.budget, deadline = this.deadline): DuelSolution | null {
    const c = this.core;
    this.limit = Math.min(this.budget, this.nodes + budget);
    this.stopAt = Math.min(this.deadline, deadline);
    try {
      return this.searching(() => {
        const me = c.toMove;
        const all = Array.from(this.moves.subarray(0, c.legalMoves(this.moves)));
        const root = this.outcome();
        let keep = all;
        if (root.value === 1) {
          // The fastest wins, so that playing on always makes progress.
          keep = all.filter((m) => this.after(m, () => this.wins(me) || this.search(me, root.depth - 1, 1)));
        } else if (root.value === 0) {
          keep = all.filter((m) =>
            this.after(m, () => (c.result !== fast.R_NONE ? c.loser < 0 : this.outcome().value === 0)),
          );
        }
        return { value: root.value, keep, nodes: this.nodes, depth: root.depth };
      });
    } catch (e) {
      if (e instanceof GiveUp) return null;
      throw e;
    }
  }

  /**
   * After `solve` gave up: searches below every root move not yet proven, deepening them
   * round by round (all to depth d, then to d + 1), for a forced win of either seat,
   * until the rest of the solver's budget is spent. `rootProofs` then reports what it found.
   */
  probeRoot(): void {
    const c = this.core;
    const me = c.toMove;
    this.limit = this.budget;
    this.stopAt = this.deadline;
    this.searching(() => {
      const proofs = this.rootProofs();
      const open = Array.from(this.moves.subarray(0, c.legalMoves(this.moves))).filter(
        (m) => !proofs.won.includes(m) && !proofs.lost.includes(m),
      );
      try {
        for (let d = 1; d <= MAX_DEPTH && open.length > 0; d++) {
          for (let i = 0; i < open.length;) {
            const proven = this.after(
              open[i]!,
              () => c.result !== fast.R_NONE || this.search(1 - me, d, 0) || this.search(me, d, 0),
            );
            if (proven) open.splice(i, 1);
            else i++;
          }
        }
      } catch (e) {
        if (!(e instanceof GiveUp)) throw e;
      }
    });
  }

  /**
   * Runs a search from the root with R16 bookkeeping and the turn limit switched off (the
   * solver tracks repetition itself and ignores the turn limit); afterwards the core is
   * back at the root with its settings, even when the search gave up deep down.
   */
  private searching<T>(run: () => T): T {
    const c = this.core;
    const rootPly = c.ply;
    const saved = { repetitions: c.repetitions, maxTurns: c.maxTurns };
    c.repetitions = false;
    c.maxTurns = 0x3fffffff;
    try {
      return run();
    } finally {
      while (c.ply > rootPly) c.unmake(); // a give-up deep in a search leaves its moves made
      c.repetitions = saved.repetitions;
      c.maxTurns = saved.maxTurns;
    }
  }

  /**
   * The root moves proven won or lost by the searches so far (an end reached at once,
   * or a forced win in the table). Sound whatever the budget: after `solve` gave up,
   * these are the moves the mover must take (won: those with the shortest proven win, so
   * that play makes progress, as `solve` keeps the fastest wins) or avoid (lost).
   */
  rootProofs(): RootProofs {
    const c = this.core;
    const me = c.toMove;
    let won: number[] = [];
    let fastest = Infinity; // plies of the fastest proven win after a root move
    const lost: number[] = [];
    const saved = c.repetitions;
    c.repetitions = false; // as in the search: the table's keys ignore R16 counts
    try {
      for (const m of Array.from(this.moves.subarray(0, c.legalMoves(this.moves)))) {
        this.after(m, () => {
          const depth = this.wins(me) ? 0 : c.result === fast.R_NONE ? this.yesDepth(me) : Infinity;
          if (depth < fastest) [won, fastest] = [[m], depth];
          else if (depth === fastest && depth !== Infinity) won.push(m);
          if (depth === Infinity && (this.wins(1 - me) || (c.result === fast.R_NONE && this.isYes(1 - me))))
            lost.push(m);
        });
      }
    } finally {
      c.repetitions = saved;
    }
    return { won, lost };
  }

  /** The shallowest depth at which x was proven to force a win from here (Infinity if never). */
  private yesDepth(x: number): number {
    const slot = this.tt.find(this.core.h1, this.core.h2);
    const yes = slot < 0 ? 0 : this.tt.yes[2 * slot + x]!;
    return yes > 0 ? yes : Infinity;
  }

  /** Runs `f` after move `m`, then takes the move back. */
  private after<T>(m: number, f: () => T): T {
    this.core.make(m);
    try {
      return f();
    } finally {
      this.core.unmake();
    }
  }

  /** Has the (finished) hand been won by x? */
  private wins(x: number): boolean {
    const c = this.core;
    return c.result !== fast.R_NONE && c.loser >= 0 && c.loser !== x;
  }

  /**
   * The value of the current (unfinished) position for the seat to move, and for a
   * decided one the depth in plies of the fastest forced win. Both sides' wins are
   * looked for at rising depths (so a decided position never needs a refutation
   * proof); from time to time each side is tried for a closed refutation, within a
   * share of the work done so far; a draw is two of them.
   */
  private outcome(): { value: -1 | 0 | 1; depth: number } {
    const me = this.core.toMove;
    const slot = this.tt.find(this.core.h1, this.core.h2);
    const open = [0, 1].map((x) => slot < 0 || this.tt.no[2 * slot + x] !== NEVER); // may this seat still have a forced win?
    const start = this.nodes;
    let check = 8; // the depth at which refutations are next tried
    for (let d = 1; d <= MAX_DEPTH; d++) {
      if (open[me] && this.search(me, d, 0)) return { value: 1, depth: d };
      if (open[1 - me] && this.search(1 - me, d, 0)) return { value: -1, depth: d };
      if (d < check) continue;
      const cap = 2 * (this.nodes - start) + 1000;
      for (const x of [me, 1 - me]) if (open[x] && this.refuted(x, d, this.nodes + cap)) open[x] = false;
      if (!open[0] && !open[1]) return { value: 0, depth: 0 };
      check = Math.ceil(d * 1.5);
    }
    throw new GiveUp();
  }

  /** Can x force a win within d plies? (Depth-bounded AND/OR search; `at` indexes the move buffers.) */
  private search(x: number, d: number, at: number): boolean {
    const c = this.core;
    if (c.result !== fast.R_NONE) return this.wins(x);
    if (this.blocked.size > 0 && this.blocked.has(keyOf(c))) return false; // R16: a draw on arrival
    if (d < lowerBound(c, x)) return false;
    const t = this.tt;
    const h1 = c.h1;
    const h2 = c.h2;
    let slot = t.find(h1, h2);
    let first = -1;
    if (slot >= 0) {
      const yes = t.yes[2 * slot + x]!;
      if (yes > 0 && yes <= d) return true;
      if (t.no[2 * slot + x]! >= d) return false;
      if (t.yes[2 * slot + 1 - x]! > 0) return false; // the other seat can force a win
      first = t.best[2 * slot + x]!;
    }
    this.count();

    const buf = this.bufs[at]!;
    const k = orderMoves(c, buf, first);
    const or = c.toMove === x;
    let found = -1;
    for (let i = 0; i < k; i++) {
      const m = buf[i]!;
      c.make(m);
      const r = this.search(x, d - 1, at + 1);
      c.unmake();
      if (r === or) {
        found = m;
        break;
      }
    }
    const proven = or ? found >= 0 : found < 0; // x wins within d
    slot = t.slot(h1, h2); // (the table may have grown meanwhile)
    const i = 2 * slot + x;
    if (proven) t.yes[i] = d;
    else if (t.no[i]! < d) t.no[i] = d;
    if (found >= 0) t.best[i] = found;
    return proven;
  }

  /**
   * Tries to prove that x cannot force a win from the current position: follows the
   * defender's refutations (found with depth d) against every move of x until the
   * positions reached close. False when some position reached is a win for x within d,
   * or when the work passes `until` (a node count).
   */
  private refuted(x: number, d: number, until: number): boolean {
    const c = this.core;
    const home = new Uint8Array(SNAP);
    write(c, home, 0);
    const homePly = c.ply;
    let snaps = new Uint8Array(SNAP * 256);
    let n = 0;
    const seen = new Set<number>();
    const halves: number[] = []; // h1, h2 of each position reached
    const push = (): void => {
      const key = keyOf(c);
      if (seen.has(key) || this.blocked.has(key)) return;
      seen.add(key);
      halves.push(c.h1, c.h2);
      if (n * SNAP >= snaps.length) {
        const bigger = new Uint8Array(snaps.length * 2);
        bigger.set(snaps);
        snaps = bigger;
      }
      write(c, snaps, n++ * SNAP);
    };
    try {
      push();
      for (let i = 0; i < n; i++) {
        read(c, snaps, i * SNAP);
        this.count();
        if (this.nodes > until) return false;
        if (c.toMove === x) {
          const k = c.legalMoves(this.moves);
          const list = Array.from(this.moves.subarray(0, k));
          for (const m of list) {
            c.make(m);
            const lost = c.result !== fast.R_NONE ? this.wins(x) : this.isYes(x);
            if (!lost && c.result === fast.R_NONE) push();
            c.unmake();
            if (lost) return false;
          }
        } else {
          // A refutation good for d plies (at least: a shallower search may have stopped at
          // the lower bound without trying a move).
          const dd = Math.max(d, lowerBound(c, x) + 1);
          let slot = this.tt.find(c.h1, c.h2);
          if (slot < 0 || this.tt.no[2 * slot + x]! < dd || this.tt.best[2 * slot + x]! < 0) {
            if (this.search(x, dd, 0)) return false;
            slot = this.tt.find(c.h1, c.h2);
          }
          // Where the defender can force a win itself, its winning move refutes.
          const refute =
            slot < 0
              ? -1
              : this.tt.yes[2 * slot + 1 - x]! > 0
                ? this.tt.best[2 * slot + 1 - x]!
                : this.tt.best[2 * slot + x]!;
          if (refute < 0) return false;
          c.make(refute);
          const lost = this.wins(x);
          if (!lost && c.result === fast.R_NONE) push();
          c.unmake();
          if (lost) return false;
        }
      }
      // Closed: from every position reached, the same strategy keeps x from winning.
      for (let j = 0; j < halves.length; j += 2) this.tt.no[2 * this.tt.slot(halves[j]!, halves[j + 1]!) + x] = NEVER;
      return true;
    } finally {
      read(c, home, 0);
      c.ply = homePly;
    }
  }

  /** Is the current position known to be a forced win for x? */
  private isYes(x: number): boolean {
    return this.yesDepth(x) !== Infinity;
  }
}

/**
 * Fewest plies before x can have gone out: x sheds at most one card a ply, in turns of
 * at most two plies (beat, then a second card), with the other seat moving in between.
 */
function lowerBound(c: Core, x: number): number {
  const h = c.count[x]!;
  if (c.toMove === x) {
    const turns = c.secondDue ? 1 + Math.ceil((h - 1) / 2) : Math.ceil(h / 2);
    return h + turns - 1;
  }
  return h + Math.ceil(h / 2);
}

/**
 * Legal moves, the table's move first, then plays before picking up: beats and
 * non-trumps low to high (greedy's taste, which proves and refutes fastest).
 */
function orderMoves(c: Core, buf: Uint8Array, first: number): number {
  const k = c.legalMoves(buf);
  const trump = c.trump[c.toMove]!;
  // Insertion sort: at most 19 moves.
  for (let i = 1; i < k; i++) {
    const m = buf[i]!;
    const s = orderKey(m, first, trump);
    let j = i - 1;
    while (j >= 0 && orderKey(buf[j]!, first, trump) > s) {
      buf[j + 1] = buf[j]!;
      j--;
    }
    buf[j + 1] = m;
  }
  return k;
}

function orderKey(m: number, first: number, trump: number): number {
  if (m === first) return -1;
  if (m === PICKUP) return 1e4;
  return greedyKey(m, trump);
}

/** Stores the core's (unfinished) duel position at `at`. */
function write(c: Core, snaps: Uint8Array, at: number): void {
  for (let i = 0; i < 8; i++) {
    snaps[at + 2 * i] = c.hands[i]! & 0xff;
    snaps[at + 2 * i + 1] = c.hands[i]! >> 8;
  }
  snaps[at + 16] = c.toMove;
  snaps[at + 17] = c.secondDue;
  snaps[at + 18] = c.pileLen;
  snaps.set(c.pile.subarray(0, c.pileLen), at + 19);
}

/** Puts the position stored at `at` into the core (an unfinished hand; turns and places kept). */
function read(c: Core, snaps: Uint8Array, at: number): void {
  for (let i = 0; i < 8; i++) c.hands[i] = snaps[at + 2 * i]! | (snaps[at + 2 * i + 1]! << 8);
  for (let s = 0; s < 2; s++) {
    let k = 0;
    for (let suit = 0; suit < 4; suit++) for (let m = c.hands[s * 4 + suit]!; m; m &= m - 1) k++;
    c.count[s] = k;
  }
  c.toMove = snaps[at + 16]!;
  c.secondDue = snaps[at + 17]!;
  c.pileLen = snaps[at + 18]!;
  c.pile.set(snaps.subarray(at + 19, at + 19 + c.pileLen));
  c.result = fast.R_NONE;
  c.loser = -1;
  c.rehash();
}
