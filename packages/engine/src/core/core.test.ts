import { describe, expect, it } from "vitest";
import { ALL_CARDS, cardIndex } from "../cards.js";
import { Rng } from "../rng.js";
import { applyMove, legalMoves } from "../rules.js";
import { positionKey } from "../position-key.js";
import { newHand } from "../setup.js";
import type { Hand, Move } from "../types.js";
import { Core, PICKUP, R_NONE } from "./core.js";
import { randomPlayout } from "./playout.js";

const toCore = (m: Move): number => (m.type === "pickup" ? PICKUP : cardIndex(m.card));
const fromCore = (c: number): Move => (c === PICKUP ? { type: "pickup" } : { type: "play", card: ALL_CARDS[c]! });

function publicSnapshot(h: Hand) {
  return { hands: h.hands.map((x) => [...x].sort((a, b) => cardIndex(a) - cardIndex(b))), pile: h.pile, toMove: h.toMove, secondDue: h.secondDue, turns: h.turns, places: h.places, result: h.result };
}

function coreMoves(core: Core): Move[] {
  const buf = new Uint8Array(37);
  const k = core.legalMoves(buf);
  return Array.from(buf.subarray(0, k), fromCore);
}

describe("fast core agrees with the reference rules", () => {
  for (const players of [2, 3, 4] as const) {
    it(`on random ${players}-player hands, move by move (legal moves, state, result, hash)`, () => {
      const reasons = new Set<string>();
      for (let g = 0; g < 30; g++) {
        const rng = new Rng(`diff/${players}/${g}`);
        let h = newHand({ players, seed: `diff/${players}/${g}`, maxTurns: 100 + (g % 5) * 20 });
        const core = new Core().load(h);
        const fresh = new Core();
        while (h.result === null) {
          const moves = legalMoves(h);
          expect(coreMoves(core)).toEqual(moves);
          const m = moves[rng.int(moves.length)]!;
          const r = applyMove(h, m);
          if (!r.ok) throw new Error(r.error.message);
          h = r.hand;
          core.make(toCore(m));
          expect(core.snapshot()).toEqual(publicSnapshot(h));
          if (h.result === null) {
            // the incremental hash equals a from-scratch load of the same hand
            fresh.load(h);
            expect([core.h1, core.h2]).toEqual([fresh.h1, fresh.h2]);
            expect(core.occurrences()).toBe(h.positions[positionKey(h.hands, h.pile, h.toMove, h.secondDue)]);
            expect(fresh.occurrences()).toBe(core.occurrences());
          }
        }
        expect(coreMoves(core)).toEqual([]);
        reasons.add(h.result.reason);
      }
      // the sample reaches the ends that matter, so the comparison covered them
      expect(reasons).toContain("out");
      expect(reasons).toContain("repetition");
    });

    it(`unmake restores every ${players}-player position exactly`, () => {
      for (let g = 0; g < 40; g++) {
        const h = newHand({ players, seed: `undo/${players}/${g}`, maxTurns: 300 });
        const core = new Core().load(h);
        const before = core.snapshot();
        const [h1, h2] = [core.h1, core.h2];
        const trail: ReturnType<Core["snapshot"]>[] = [];
        const buf = new Uint8Array(37);
        let x = g + 1;
        while (core.result === R_NONE) {
          trail.push(core.snapshot());
          const k = core.legalMoves(buf);
          x = (x * 1103515245 + 12345) >>> 0;
          core.make(buf[x % k]!);
        }
        while (trail.length > 0) {
          core.unmake();
          expect(core.snapshot()).toEqual(trail.pop());
        }
        expect(core.snapshot()).toEqual(before);
        expect([core.h1, core.h2]).toEqual([h1, h2]);
        expect(core.ply).toBe(0);
        // a second playout from the restored position repeats the first exactly
        const n1 = randomPlayout(core, 7);
        const end1 = core.snapshot();
        for (let i = 0; i < n1; i++) core.unmake();
        expect(randomPlayout(core, 7)).toBe(n1);
        expect(core.snapshot()).toEqual(end1);
      }
    });
  }

  it("copyFrom clones a position, including its repetition history", () => {
    const h = newHand({ players: 3, seed: "copy" });
    const a = new Core().load(h);
    randomPlayout(a, 3);
    for (let i = 0; i < 10; i++) a.unmake();
    const b = new Core().copyFrom(a);
    expect(b.snapshot()).toEqual(a.snapshot());
    expect(randomPlayout(b, 11)).toBe(randomPlayout(a, 11));
    expect(b.snapshot()).toEqual(a.snapshot());
  });
});
