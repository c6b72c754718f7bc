import { viewFor } from "@yourtrumps/engine";
import type { Hand } from "@yourtrumps/engine";
import { describe, expect, it } from "vitest";
import { fromCoreMove } from "../coding.js";
import { committedEvaluation } from "../eval/model.js";
import { coreFromDuelView } from "../position.js";
import { exactValueOfMove } from "../solve-view.js";
import { playedEndgames, randomDuelPosition } from "../test-helpers.js";
import { mcts } from "./mcts.js";
import { isOver } from "./outcome.js";

describe("mcts with implicit minimax backups", () => {
  it("scores each new root move by the evaluation of the position it reaches", () => {
    const evaluation = committedEvaluation();
    const out = new Float64Array(2);
    for (const h of playedEndgames("mcts/10", 4, 10)) {
      const core = coreFromDuelView(viewFor(h, h.toMove));
      const k = viewFor(h, h.toMove).legal.length;
      const r = mcts(core, { iterations: k, seed: 1, evaluation, minimax: 0.5, solver: false });
      expect(r.stats).toHaveLength(k);
      for (const s of r.stats) {
        core.make(s.move);
        if (!isOver(core)) {
          evaluation.rewards(core, out);
          expect(s.minimax).toBeCloseTo(out[h.toMove]!, 12);
        }
        core.unmake();
      }
    }
  });

  it("backs up the exact value of every root move once the whole tree is searched (no solver, ends only)", () => {
    let compared = 0;
    const small: Hand[] = [];
    for (let i = 0; small.length < 8; i++) {
      const h = randomDuelPosition(`mcts/whole/${i}`, 6);
      if (viewFor(h, h.toMove).legal.length > 1) small.push(h);
    }
    for (const h of small) {
      const core = coreFromDuelView(viewFor(h, h.toMove));
      const r = mcts(core, {
        iterations: 200_000,
        seed: 3,
        evaluation: committedEvaluation(),
        minimax: 1,
        exploration: 0.5,
        solver: false,
      });
      for (const s of r.stats) {
        const exact = exactValueOfMove(h, fromCoreMove(s.move), 1_000_000);
        expect(exact).not.toBeNull();
        expect(s.minimax).toBe((exact! + 1) / 2);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(12);
  });

  it("leaves the search as it was without the weight", () => {
    const h = playedEndgames("mcts/12", 1, 12)[0]!;
    const core = coreFromDuelView(viewFor(h, h.toMove));
    const plain = mcts(core, { iterations: 2_000, seed: 9, evaluation: committedEvaluation(), playoutPlies: 8 });
    const zero = mcts(core, {
      iterations: 2_000,
      seed: 9,
      evaluation: committedEvaluation(),
      playoutPlies: 8,
      minimax: 0,
    });
    expect(zero.stats).toEqual(plain.stats);
    expect(plain.stats.every((s) => s.minimax === undefined)).toBe(true);
  });
});
