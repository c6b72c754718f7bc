/**
 * The exhaustive duel solver: retrograde analysis of the whole reachable game graph.
 * Slower and hungrier than the prover (prover.ts) but complete at any depth, so it
 * decides the positions the prover gives up on, as long as the graph fits.
 *
 * Same idea as the prover: a position is a win for X exactly when X can force the other
 * player to lose while avoiding positions already seen twice (R16 draws on arrival); a
 * forced win never repeats a position. That is a reachability game, decided by the
 * classic attractor computation: walk every reachable position once (breadth first),
 * then propagate wins backwards from the ends. The turn limit is ignored.
 */
import { core as fast } from "@yourtrumps/engine";
import type { Core } from "@yourtrumps/engine";
import type { DuelSolution } from "./prover.js";
import { keyOf } from "./prover.js";

const SNAP = 56; // bytes per stored position: 8 hand masks (16), mover, secondDue, pile length, pile (36)
const WIN0 = -1; // edge to an end seat 0 wins
const WIN1 = -2; // edge to an end seat 1 wins
const DRAW = -3; // edge to a drawn end, or to a position already seen twice (R16)

/**
 * Solves the duel position in `core` (loaded with no R16 history: the positions seen
 * twice are `blocked`). Null when the graph has more than `maxStates` positions. The
 * core is left in an unspecified state.
 */
export function solveByGraph(core: Core, blocked: ReadonlySet<number>, maxStates = 1_000_000): DuelSolution | null {
  core.maxTurns = 0x3fffffff; // the graph ignores the turn limit
  let snaps = new Uint8Array(SNAP * 1024);
  const index = new Map<number, number>();
  let n = 0;
  const add = (): number => {
    if (n * SNAP >= snaps.length) {
      const bigger = new Uint8Array(snaps.length * 2);
      bigger.set(snaps);
      snaps = bigger;
    }
    write(core, snaps, n * SNAP);
    index.set(keyOf(core), n);
    return n++;
  };
  add();
  const start: number[] = []; // first edge of each position
  const edges: number[] = []; // child position, or WIN0 / WIN1 / DRAW
  const moves: number[] = []; // the move of each edge
  const buf = new Uint8Array(37);
  for (let i = 0; i < n; i++) {
    if (n > maxStates) return null;
    read(core, snaps, i * SNAP);
    start.push(edges.length);
    const k = core.legalMoves(buf);
    for (let j = 0; j < k; j++) {
      const m = buf[j]!;
      core.make(m);
      let code: number;
      if (core.result !== fast.R_NONE) code = core.loser === 1 ? WIN0 : core.loser === 0 ? WIN1 : DRAW;
      else {
        const key = keyOf(core);
        code = blocked.has(key) ? DRAW : (index.get(key) ?? add());
      }
      core.unmake();
      edges.push(code);
      moves.push(m);
    }
  }
  start.push(edges.length);
  const mover = new Uint8Array(n);
  for (let i = 0; i < n; i++) mover[i] = snaps[i * SNAP + 16]!;
  const preds = predecessors(n, start, edges);
  const me = mover[0]!;
  const mine = attractor(me, n, mover, start, edges, preds);
  const theirs = attractor(1 - me, n, mover, start, edges, preds);
  const value: -1 | 0 | 1 = mine[0]! >= 0 ? 1 : theirs[0]! >= 0 ? -1 : 0;
  const myWin = me === 0 ? WIN0 : WIN1;
  const keep: number[] = [];
  for (let e = start[0]!; e < start[1]!; e++) {
    const c = edges[e]!;
    let ok: boolean;
    // A win must make progress (a position proven earlier, so never back through the root).
    if (value === 1) ok = c === myWin || (c >= 0 && mine[c]! >= 0 && mine[c]! < mine[0]!);
    else if (value === 0) ok = c === DRAW || (c >= 0 && theirs[c]! < 0);
    else ok = true;
    if (ok) keep.push(moves[e]!);
  }
  return { value, keep, nodes: n };
}

/** Predecessor lists in compressed form. */
function predecessors(n: number, start: number[], edges: number[]): { off: Int32Array; src: Int32Array } {
  const off = new Int32Array(n + 1);
  for (const c of edges) if (c >= 0) off[c + 1]!++;
  for (let i = 0; i < n; i++) off[i + 1]! += off[i]!;
  const fill = off.slice(0, n);
  const src = new Int32Array(off[n]!);
  for (let i = 0; i < n; i++) for (let e = start[i]!; e < start[i + 1]!; e++) if (edges[e]! >= 0) src[fill[edges[e]!]!++] = i;
  return { off, src };
}

/**
 * X's attractor: for each position, the order in which it was proven a forced win for X
 * (−1 if it is not one). Moving to an earlier-proven position always makes progress.
 */
function attractor(x: number, n: number, mover: Uint8Array, start: number[], edges: number[], preds: { off: Int32Array; src: Int32Array }): Int32Array {
  const win = x === 0 ? WIN0 : WIN1;
  const est = new Int32Array(n).fill(-1);
  const remaining = new Int32Array(n);
  const queue = new Int32Array(n);
  let tail = 0;
  for (let i = 0; i < n; i++) {
    let any = false;
    let left = 0;
    for (let e = start[i]!; e < start[i + 1]!; e++) {
      if (edges[e] === win) any = true;
      else left++;
    }
    remaining[i] = left;
    if (mover[i] === x ? any : left === 0) {
      est[i] = tail;
      queue[tail++] = i;
    }
  }
  for (let head = 0; head < tail; head++) {
    const s = queue[head]!;
    for (let j = preds.off[s]!; j < preds.off[s + 1]!; j++) {
      const p = preds.src[j]!;
      if (est[p]! >= 0) continue;
      if (mover[p] === x || --remaining[p]! === 0) {
        est[p] = tail;
        queue[tail++] = p;
      }
    }
  }
  return est;
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

/** Puts the position stored at `at` into the core (no history, no turns played). */
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
  c.turns = 0;
  c.result = fast.R_NONE;
  c.loser = -1;
  c.places.fill(0);
  c.outCount = 0;
  c.rehash();
}
