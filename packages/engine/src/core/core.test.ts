import { afterAll, describe, expect, it } from "vitest";
import { ALL_CARDS, cardIndex } from "../cards.js";
import { Rng } from "../rng.js";
import { applyMove, legalMoves } from "../rules.js";
import { countPositions, positionKey } from "../position-key.js";
import { fromPosition, newHand } from "../setup.js";
import type { Hand, Move, Suit } from "../types.js";
import { Core, PICKUP, R_NONE } from "./core.js";
import { randomPlayout } from "./playout.js";

const toCore = (m: Move): number => (m.type === "pickup" ? PICKUP : cardIndex(m.card));
const fromCore = (c: number): Move => (c === PICKUP ? { type: "pickup" } : { type: "play", card: ALL_CARDS[c]! });

function publicSnapshot(h: Hand) {
  return {
    hands: h.hands.map((x) => [...x].sort((a, b) => cardIndex(a) - cardIndex(b))),
    pile: h.pile,
    toMove: h.toMove,
    secondDue: h.secondDue,
    turns: h.turns,
    places: h.places,
    result: h.result,
  };
}

function coreMoves(core: Core): Move[] {
  const buf = new Uint8Array(37);
  const k = core.legalMoves(buf);
  return Array.from(buf.subarray(0, k), fromCore);
}

/** A random start: a full seeded deal, or a small random position (ends of all kinds are common there). */
function randomStart(players: 2 | 3 | 4, g: number): Hand {
  if (g % 3 === 0) return newHand({ players, seed: `diff/${players}/${g}`, maxTurns: 100 + (g % 5) * 20 });
  const rng = new Rng(`pos/${players}/${g}`);
  const deck = rng.shuffle(ALL_CARDS.slice());
  const hands = Array.from({ length: players }, () => deck.splice(0, 1 + rng.int(g % 2 ? 3 : 6)));
  const pile = deck.splice(0, rng.int(6));
  return fromPosition({
    trumps: rng.shuffle(["S", "H", "D", "C"] as Suit[]).slice(0, players),
    hands,
    pile,
    toMove: rng.int(players),
    secondDue: pile.length > 0 && rng.int(4) === 0,
    maxTurns: 150,
  });
}

/** Random play that beats more often than it picks up, so hands also end by going out. */
function pick(moves: Move[], rng: Rng): Move {
  const plays = moves.filter((m) => m.type === "play");
  return plays.length > 0 && rng.next() < 0.8 ? plays[rng.int(plays.length)]! : moves[rng.int(moves.length)]!;
}

describe("fast core agrees with the reference rules", () => {
  const reasons = new Set<string>();
  afterAll(() => {
    // the random sample reached every kind of end, so the comparison covered them
    expect([...reasons].sort()).toEqual(["last-card-draw", "out", "repetition", "turn-limit"]);
  });

  for (const players of [2, 3, 4] as const) {
    it(`on random ${players}-player hands, move by move (legal moves, state, result, hash, R16 counts)`, () => {
      for (let g = 0; g < 600; g++) {
        const rng = new Rng(`diff/${players}/${g}`);
        let h = randomStart(players, g);
        const core = new Core().load(h);
        const fresh = new Core();
        const check = g % 3 !== 0 || g < 30; // full deals are long: check the hash on a few
        while (h.result === null) {
          const moves = legalMoves(h);
          expect(coreMoves(core)).toEqual(moves);
          const m = pick(moves, rng);
          const r = applyMove(h, m);
          if (!r.ok) throw new Error(r.error.message);
          h = r.hand;
          core.make(toCore(m));
          expect(core.snapshot()).toEqual(publicSnapshot(h));
          if (h.result === null && check) {
            fresh.load(h); // the incremental hash equals a from-scratch load of the same hand
            expect([core.h1, core.h2]).toEqual([fresh.h1, fresh.h2]);
            expect(core.occurrences()).toBe(
              countPositions(h.history)[positionKey(h.hands, h.pile, h.toMove, h.secondDue)],
            );
            expect(fresh.occurrences()).toBe(core.occurrences());
          }
        }
        expect(coreMoves(core)).toEqual([]);
        reasons.add(h.result.reason);
      }
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
