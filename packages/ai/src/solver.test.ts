import { Core, core as fast, viewFor } from "@yourtrumps/engine";
import type { Hand } from "@yourtrumps/engine";
import { describe, expect, it } from "vitest";
import { chooseBaseline } from "./baselines.js";
import { chooseMoveSync } from "./levels.js";
import { probeView, solveView } from "./solve-view.js";
import { toCoreMove } from "./coding.js";
import { ProofTable } from "./search/table.js";
import { play, playedDuelPosition, randomDuelPosition, valueOfMove } from "./test-helpers.js";

class TooBig extends Error {}

/**
 * The plain game tree under the real rules (the core counts R16 repetitions along the
 * path, so the third occurrence ends the hand): no cache, no cleverness. Value for the
 * seat to move at the root: 1 win, 0 draw, -1 loss.
 */
function bruteForce(h: Hand, cap: number): number {
  const core = new Core(h.maxTurns).load(h);
  const me = core.toMove;
  let nodes = 0;
  const buf = new Uint8Array(37 * 400);
  const value = (depth: number): number => {
    if (core.result !== fast.R_NONE) return core.loser < 0 ? 0 : core.loser === me ? -1 : 1;
    if (++nodes > cap || depth >= 399) throw new TooBig();
    const moves = buf.subarray(37 * depth, 37 * depth + 37);
    const k = core.legalMoves(moves);
    const maximize = core.toMove === me;
    let best = maximize ? -2 : 2;
    for (let i = 0; i < k; i++) {
      core.make(moves[i]!);
      const v = value(depth + 1);
      core.unmake();
      best = maximize ? Math.max(best, v) : Math.min(best, v);
      if (best === (maximize ? 1 : -1)) break;
    }
    return best;
  };
  return value(0);
}

/**
 * Solves positions the plain tree can finish within `cap` nodes (up to `want` of them,
 * trying `tries` seeds) and expects the same value; returns how many and which values.
 */
function compareWithTree(
  position: (g: number) => Hand | null,
  tries: number,
  want: number,
  cap: number,
): { compared: number; values: Set<number> } {
  let compared = 0;
  const values = new Set<number>();
  for (let g = 0; g < tries && compared < want; g++) {
    const h = position(g);
    if (!h) continue;
    let truth: number;
    try {
      truth = bruteForce(h, cap);
    } catch (e) {
      if (e instanceof TooBig) continue;
      throw e;
    }
    const solved = solveView(viewFor(h, h.toMove), 36, 1_000_000);
    expect(solved, `position ${g}`).not.toBeNull();
    expect(solved!.value, `position ${g}`).toBe(truth);
    values.add(truth);
    compared++;
  }
  return { compared, values };
}

describe("the exact duel solver", () => {
  it("agrees with the plain game tree (real R16 repetitions) on tiny positions", () => {
    const { compared, values } = compareWithTree(
      (g) => randomDuelPosition(`brute/${g}`, 3 + (g % 4)),
      400,
      60,
      200_000,
    );
    expect(compared).toBeGreaterThanOrEqual(40);
    expect(values.size).toBe(3); // wins, draws and losses all occurred
  });

  it("hard's move keeps the exact value (a fresh solve after the move agrees)", () => {
    let checked = 0;
    for (let g = 0; checked < 40 && g < 200; g++) {
      const h = randomDuelPosition(`keep/${g}`, 4 + (g % 6));
      const v = viewFor(h, h.toMove);
      const before = solveView(v, 36, 2_000_000);
      if (!before || v.legal.length < 2) continue;
      const move = chooseMoveSync(v, { level: "hard", seed: g, iterations: 300 });
      const value = valueOfMove(h, move, 2_000_000);
      expect(value).not.toBeNull();
      expect(value, `position ${g}`).toBe(before.value);
      checked++;
    }
    expect(checked).toBe(40);
  });
});

describe("the exact solver on endgames reached in play (deep pile)", () => {
  it("agrees with the plain game tree where that finishes", () => {
    const { compared, values } = compareWithTree(
      (g) => playedDuelPosition(`played-brute/${g}`, 2 + (g % 4)),
      3000,
      40,
      100_000,
    );
    expect(compared).toBe(40);
    expect(values.has(1) && values.has(-1)).toBe(true);
  });

  it("hard's move keeps the exact value wherever the solver finishes", () => {
    let checked = 0;
    for (let g = 0; checked < 30 && g < 400; g++) {
      const h = playedDuelPosition(`played-keep/${g}`, 3 + (g % 8));
      if (!h) continue;
      const v = viewFor(h, h.toMove);
      const before = solveView(v, 36, 200_000);
      if (!before || v.legal.length < 2) continue;
      // A fresh solve can be harder than the root's (its table starts empty): skip those.
      const value = valueOfMove(
        h,
        chooseMoveSync(v, { level: "hard", seed: g, iterations: 200, solveNodes: 200_000 }),
        300_000,
      );
      if (value === null) continue;
      expect(value, `position ${g}`).toBe(before.value);
      checked++;
    }
    expect(checked).toBe(30);
  });
});

describe("when the root stays open (deep-pile endgames)", () => {
  it("the moves the solver proves won or lost on the way are exactly that", () => {
    let lost = 0;
    for (let g = 0; g < 300 && lost < 25; g++) {
      const h = playedDuelPosition(`open-proofs/${g}`, 3 + (g % 10));
      if (!h) continue;
      const v = viewFor(h, h.toMove);
      const p = probeView(v, 36, 4_000, Infinity, 0.5);
      if (!p || p.solved) continue;
      for (const m of v.legal) {
        const c = toCoreMove(m);
        if (!p.won.includes(c) && !p.lost.includes(c)) continue;
        const value = valueOfMove(h, m, 1_000_000);
        if (value === null) continue;
        expect(value, `position ${g}, ${JSON.stringify(m)}`).toBe(p.won.includes(c) ? 1 : -1);
        if (value === -1) lost++;
      }
    }
    expect(lost).toBeGreaterThanOrEqual(25);
  });

  it("hard never plays a move a fresh solve proves lost while some move is not", () => {
    let checked = 0;
    for (let g = 0; g < 400 && checked < 8; g++) {
      const h = playedDuelPosition(`open-hard/${g}`, 3 + (g % 10));
      if (!h) continue;
      const v = viewFor(h, h.toMove);
      if (v.legal.length < 2 || solveView(v, 36, 30_000)) continue;
      const values = v.legal.map((m) => valueOfMove(h, m, 30_000));
      const lost = values.filter((x) => x === -1).length;
      if (lost === 0 || lost === values.length) continue;
      checked++;
      const m = chooseMoveSync(v, { level: "hard", seed: g, iterations: 200, solveNodes: 30_000 });
      const i = v.legal.findIndex((l) => toCoreMove(l) === toCoreMove(m));
      expect(values[i], `position ${g}: hard played ${JSON.stringify(m)}`).not.toBe(-1);
    }
    expect(checked).toBe(8);
  });
});

describe("the solver's limits", () => {
  it("gives up past its deadline (timed play) and finishes without one", () => {
    const h = randomDuelPosition("exactness/119", 2 + (119 % 11)); // needs about 240,000 positions
    const v = viewFor(h, h.toMove);
    expect(solveView(v, 36, 1_000_000, 0)).toBeNull();
    expect(solveView(v, 36, 1_000)).toBeNull();
    expect(solveView(v, 36, 1_000_000)?.value).toBe(1);
  });
});

describe("the solver's table", () => {
  it("keeps every entry when it grows", () => {
    const t = new ProofTable(4);
    for (let i = 0; i < 1000; i++) {
      const s = t.slot(i * 7919, -i);
      t.no[2 * s + (i & 1)] = i % 900;
      t.best[2 * s] = i % 37;
    }
    expect(t.size).toBe(1000);
    for (let i = 0; i < 1000; i++) {
      const s = t.find(i * 7919, -i);
      expect(s).toBeGreaterThanOrEqual(0);
      expect(t.no[2 * s + (i & 1)]).toBe(i % 900);
      expect(t.best[2 * s]).toBe(i % 37);
    }
    expect(t.find(5, 5)).toBe(-1);
  });
});

describe("hard in a lost duel endgame", () => {
  it("holds out: never a move greedy punishes at once when another move survives greedy's answer", () => {
    const greedyEndsIt = (h: Hand, seat: number): boolean => {
      if (h.result) return h.result.loser === seat;
      const reply = play(h, chooseBaseline(viewFor(h, h.toMove), "greedy"));
      return reply.result !== null && reply.result.loser === seat;
    };
    let checked = 0;
    for (let g = 0; g < 4000 && checked < 40; g++) {
      const h = randomDuelPosition(`swindle/${g}`, 4 + (g % 7));
      const v = viewFor(h, h.toMove);
      const solved = solveView(v, 36, 1_000_000);
      if (!solved || solved.value !== -1 || v.legal.length < 2) continue;
      const fatal = v.legal.map((m) => greedyEndsIt(play(h, m), h.toMove));
      if (!fatal.includes(true) || !fatal.includes(false)) continue;
      checked++;
      const m = chooseMoveSync(v, { level: "hard", seed: g, iterations: 2000 });
      expect(greedyEndsIt(play(h, m), h.toMove), `position ${g}: hard played ${JSON.stringify(m)}`).toBe(false);
    }
    expect(checked).toBe(40);
  });
});
