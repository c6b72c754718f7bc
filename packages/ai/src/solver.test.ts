import { Core, core as fast, viewFor } from "@yourtrumps/engine";
import type { Hand } from "@yourtrumps/engine";
import { describe, expect, it } from "vitest";
import { chooseMoveSync } from "./levels.js";
import { solveView } from "./solve-view.js";
import { play, randomDuelPosition } from "./test-helpers.js";

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

describe("the exact duel solver", () => {
  it("agrees with the plain game tree (real R16 repetitions) on tiny positions", () => {
    let compared = 0;
    const values = new Set<number>();
    for (let g = 0; g < 400 && compared < 60; g++) {
      const h = randomDuelPosition(`brute/${g}`, 3 + (g % 4));
      let truth: number;
      try {
        truth = bruteForce(h, 200_000);
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
      const after = play(h, move);
      let value: number;
      if (after.result) value = after.result.loser === null ? 0 : after.result.loser === h.toMove ? -1 : 1;
      else {
        const s = solveView(viewFor(after, after.toMove), 36, 2_000_000);
        expect(s).not.toBeNull();
        value = after.toMove === h.toMove ? s!.value : -s!.value || 0;
      }
      expect(value, `position ${g}`).toBe(before.value);
      checked++;
    }
    expect(checked).toBe(40);
  });
});

describe("the exhaustive graph solver", () => {
  it("agrees with the prover wherever both finish", async () => {
    const { Core: CoreClass } = await import("@yourtrumps/engine");
    const { DuelProver } = await import("./search/prover.js");
    const { solveByGraph } = await import("./search/retro.js");
    let compared = 0;
    for (let g = 0; g < 60; g++) {
      const h = randomDuelPosition(`graph/${g}`, 3 + (g % 6));
      const load = () => new CoreClass().load({ ...h, history: [] });
      const p = new DuelProver(load(), new Set(), 500_000).solve();
      const r = solveByGraph(load(), new Set(), 500_000);
      if (!p || !r) continue;
      expect(r.value, `position ${g}`).toBe(p.value);
      if (p.value === -1) expect(r.keep).toEqual(p.keep);
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(50);
  });
});
