import { newHand, rankOf, suitOf, viewFor } from "@yourtrumps/engine";
import type { Hand, PlayerCount } from "@yourtrumps/engine";
import { describe, expect, it } from "vitest";
import { analyse, chooseBaseline, chooseMove } from "./index.js";
import type { Level } from "./index.js";
import { unseenCards } from "./sample.js";
import { toCoreMove } from "./coding.js";
import { HARD_SETTINGS, PROBE_SHARE, hardSearch } from "./levels.js";
import { probeView, solveView } from "./solve-view.js";
import { midGame, play, playedDuelPosition, randomDuelPosition } from "./test-helpers.js";

const LEVELS: Level[] = ["easy", "medium", "hard"];
const budget = (level: Level): number => (level === "hard" ? 300 : 100);

describe("chooseMove", () => {
  it("plays only legal moves, at every level, in whole games of 2, 3 and 4 players", () => {
    for (const players of [2, 3, 4] as PlayerCount[]) {
      for (let g = 0; g < 3; g++) {
        let h = newHand({ players, seed: `legal/${players}/${g}` });
        let moves = 0;
        while (h.result === null && moves < 400) {
          const v = viewFor(h, h.toMove);
          const level = LEVELS[(h.toMove + g) % 3]!;
          const m = chooseMove(v, { level, seed: moves, iterations: budget(level) });
          expect(v.legal).toContainEqual(m);
          h = play(h, m);
          moves++;
        }
      }
    }
  });

  it("is deterministic for a seed and an iteration budget", () => {
    for (const players of [2, 3, 4] as PlayerCount[]) {
      const h = midGame(players, 11, 6);
      const v = viewFor(h, h.toMove);
      for (const level of LEVELS) {
        const a = chooseMove(v, { level, seed: 5, iterations: budget(level) });
        expect(chooseMove(structuredClone(v), { level, seed: 5, iterations: budget(level) })).toEqual(a);
      }
    }
  });

  it("answers with a legal move even when its time is already up (maxMs 0), at every table size", () => {
    for (const players of [2, 3, 4] as const) {
      let seed = 1;
      while (viewFor(midGame(players, seed, 10), midGame(players, seed, 10).toMove).legal.length < 3) seed++;
      const h = midGame(players, seed, 10);
      const v = viewFor(h, h.toMove);
      for (const level of ["medium", "hard"] as const) {
        const m = chooseMove(v, { level, maxMs: 0 });
        expect(v.legal).toContainEqual(m);
      }
    }
  });

  it("throws a clear error when the seat is not to move", () => {
    const h = newHand({ players: 2, seed: 1 });
    expect(() => chooseMove(viewFor(h, 1 - h.toMove), { level: "easy" })).toThrow(/no move/);
  });
});

/**
 * Another hand that gives `seat` exactly the same view (R18): the cards `seat` cannot
 * see are redistributed among the other hands, sizes and sixes kept.
 */
function sameViewOtherHands(h: Hand, seat: number, salt: number): Hand {
  const v = viewFor(h, seat);
  const hidden = new Set(unseenCards(v).filter((c) => !(rankOf(c) === "6" && h.trumps.includes(suitOf(c)))));
  const others = h.hands.map((_, s) => s).filter((s) => s !== seat);
  const pool = others.flatMap((s) => h.hands[s]!.filter((c) => hidden.has(c)));
  // Rotate the pool so (almost) every hidden card changes hands.
  const rotated = pool.slice(salt % Math.max(1, pool.length)).concat(pool.slice(0, salt % Math.max(1, pool.length)));
  const hands = h.hands.map((cards, s) => (s === seat ? cards.slice() : cards.filter((c) => !hidden.has(c))));
  let i = 0;
  for (const s of others) for (const c of h.hands[s]!) if (hidden.has(c)) hands[s]!.push(rotated[i++]!);
  return { ...h, hands };
}

describe("hard's search settings", () => {
  it("keep the implicit minimax backups for the duel, whose tree is the real position, and not for 3–4 players' sampled deals", () => {
    expect(HARD_SETTINGS.minimax).toBeGreaterThan(0);
    expect(hardSearch(HARD_SETTINGS, 2).minimax).toBe(HARD_SETTINGS.minimax);
    for (const players of [3, 4]) expect(hardSearch(HARD_SETTINGS, players).minimax).toBeUndefined();
    expect(hardSearch({ ...HARD_SETTINGS, evaluate: false }, 2).minimax).toBeUndefined();
    expect(hardSearch({ ...HARD_SETTINGS, evaluate: false }, 2).evaluation).toBeUndefined();
  });
});

describe("R18: a computer player knows only what its seat may see", () => {
  it("with 3–4 players, two deals giving the same view give the same decision for the same seed", () => {
    let differentHands = 0;
    for (const players of [3, 4] as PlayerCount[]) {
      for (let g = 0; g < 4; g++) {
        const h = midGame(players, 100 + g, 4 + g * 3);
        if (h.result !== null) continue;
        const seat = h.toMove;
        const other = sameViewOtherHands(h, seat, 1 + g);
        const v1 = viewFor(h, seat);
        const v2 = viewFor(other, seat);
        expect(v2).toEqual(v1);
        if (JSON.stringify(other.hands) !== JSON.stringify(h.hands)) differentHands++;
        for (const level of LEVELS) {
          const o = { level, seed: 9, iterations: budget(level) };
          expect(chooseMove(v2, o)).toEqual(chooseMove(v1, o));
        }
        expect(chooseBaseline(v2, "random", 3)).toEqual(chooseBaseline(v1, "random", 3));
      }
    }
    expect(differentHands).toBeGreaterThanOrEqual(6); // the test really varied the hidden hands
  });
});

describe("analyse", () => {
  it("returns the best move, a value in [-1, 1] and every legal move", async () => {
    const h = midGame(2, 3, 8);
    const v = viewFor(h, h.toMove);
    const a = await analyse(v, { iterations: 500 });
    expect(v.legal).toContainEqual(a.move);
    expect(a.value).toBeGreaterThanOrEqual(-1);
    expect(a.value).toBeLessThanOrEqual(1);
    expect(a.moves.map((m) => JSON.stringify(m.move)).sort()).toEqual(v.legal.map((m) => JSON.stringify(m)).sort());
    expect(a.iterations).toBeGreaterThan(0);
  });

  it("gives exact values in small duel endgames, matching the solver", async () => {
    for (let g = 0; g < 10; g++) {
      const h = randomDuelPosition(`analyse/${g}`, 3 + (g % 6));
      const v = viewFor(h, h.toMove);
      const a = await analyse(v, { iterations: 200 });
      expect(a.exact).toBe(true);
      expect(a.value).toBe(solveView(v)!.value);
    }
  });

  it("gives the moves the solver proves lost the value -1, last, when the root stays open", async () => {
    const h = playedDuelPosition("exactness/6/40", 5)!; // 5 cards in the hands, the rest on the pile: open within the solver's budget
    const v = viewFor(h, h.toMove);
    const p = probeView(v, 36, 20_000, Infinity, PROBE_SHARE)!;
    expect(p.solved).toBeNull();
    expect(p.lost.length).toBeGreaterThan(0);
    expect(p.lost.length).toBeLessThan(v.legal.length);
    const a = await analyse(v, { iterations: 200, solveNodes: 20_000 });
    const lost = a.moves.filter((m) => p.lost.includes(toCoreMove(m.move)));
    expect(lost.map((m) => m.value)).toEqual(p.lost.map(() => -1));
    expect(a.moves.slice(-lost.length)).toEqual(lost);
    expect(p.lost).not.toContain(toCoreMove(a.move));
  });

  it("rejects (does not throw) when the seat is not to move", async () => {
    const h = newHand({ players: 3, seed: 2 });
    await expect(analyse(viewFor(h, (h.toMove + 1) % 3))).rejects.toThrow(/no move/);
  });
});
