import { fromPosition, viewFor } from "@yourtrumps/engine";
import type { Move } from "@yourtrumps/engine";
import { describe, expect, it } from "vitest";
import { judgeMove } from "./review.js";
import { exactValueOfMove, solveView } from "./solve-view.js";
import { midGame, playedEndgames } from "./test-helpers.js";

const same = (a: Move, b: Move) => JSON.stringify(a) === JSON.stringify(b);

describe("judgeMove", () => {
  it("gives a small duel endgame's exact values: a move that keeps the value changes nothing, any other is worth its own solve", () => {
    let proven = 0;
    for (const h of playedEndgames("review", 4, 6)) {
      const legal = viewFor(h, h.toMove).legal;
      for (const move of legal) {
        const j = judgeMove(h, move, { solveNodes: 100_000 });
        const exact = exactValueOfMove(h, move, 100_000);
        if (exact === null || solveView(viewFor(h, h.toMove), 12, 100_000) === null) continue; // too big to prove within the budget
        proven++;
        expect(j.exact).toBe(true);
        expect(j.seat).toBe(h.toMove);
        expect(j.choices).toBe(legal.length);
        expect(j.keep?.some((m) => same(m, j.best))).toBe(true);
        const kept = j.keep!.some((m) => same(m, move));
        if (kept) expect(j.after).toBe(j.before);
        else expect(j.after).toBeLessThanOrEqual(j.before);
        if (j.only) {
          expect(kept).toBe(true);
          for (const other of legal.filter((m) => !same(m, move)))
            expect(exactValueOfMove(h, other, 100_000)).toBeLessThan(j.before);
        }
        expect(j.after).toBe(exact);
      }
    }
    expect(proven).toBeGreaterThan(4);
  });

  it("judges a 3-player move with the mover's view only: hands it cannot see do not change the verdict", () => {
    const h = midGame(3, 11, 6);
    const [, a, b] = [h.toMove, (h.toMove + 1) % 3, (h.toMove + 2) % 3];
    const hands = h.hands.map((cards) => cards.slice());
    const swapped = hands.map((cards) => cards.slice());
    [swapped[a]![0], swapped[b]![0]] = [hands[b]![0]!, hands[a]![0]!];
    const spec = { trumps: h.trumps, pile: h.pile, toMove: h.toMove, secondDue: h.secondDue };
    const one = fromPosition({ ...spec, hands });
    const other = fromPosition({ ...spec, hands: swapped });
    expect(one.hands).not.toEqual(other.hands);
    expect(viewFor(one, one.toMove)).toEqual(viewFor(other, other.toMove));
    const move = viewFor(one, one.toMove).legal[0]!;
    const j = judgeMove(one, move, { iterations: 300 });
    expect(judgeMove(other, move, { iterations: 300 })).toEqual(j);
    expect(j.exact).toBe(false);
    expect(j.keep).toBeNull();
    expect(Math.abs(j.before)).toBeLessThanOrEqual(1);
  });

  it("values a move that ends the hand by its end: going out wins the duel", () => {
    const h = fromPosition({ trumps: ["S", "H"], hands: [["7C"], ["8D", "9D"]], pile: [], toMove: 0 });
    const j = judgeMove(h, { type: "play", card: "7C" });
    expect(j.after).toBe(1);
    expect(j.before).toBe(1);
  });
});
