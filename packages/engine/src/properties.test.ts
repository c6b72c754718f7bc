/** Property tests (fast-check) over random hands of 2, 3 and 4 players. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALL_CARDS } from "./cards.js";
import { replay } from "./replay.js";
import { applyMove, legalMoves } from "./rules.js";
import { newHand } from "./setup.js";
import type { Hand, Move, PlayerCount } from "./types.js";
import { viewFor } from "./view.js";

const arbGame = fc.record({
  players: fc.constantFrom<PlayerCount>(2, 3, 4),
  seed: fc.oneof(fc.integer(), fc.string({ maxLength: 12 })),
  choices: fc.array(fc.nat({ max: 1000 }), { minLength: 1, maxLength: 40 }),
  steps: fc.nat({ max: 160 }),
});

/** Plays `steps` moves chosen by `choices` (cycled); stops early at the end of the hand. */
function playOut(h: Hand, choices: number[], steps: number, each?: (before: Hand, m: Move, after: Hand) => void): Hand {
  for (let i = 0; i < steps && h.result === null; i++) {
    const moves = legalMoves(h);
    const m = moves[choices[i % choices.length]! % moves.length]!;
    const r = applyMove(h, m);
    if (!r.ok) throw new Error(r.error.message);
    each?.(h, m, r.hand);
    h = r.hand;
  }
  return h;
}

function deepFreeze<T>(x: T): T {
  if (typeof x === "object" && x !== null) {
    Object.values(x).forEach(deepFreeze);
    Object.freeze(x);
  }
  return x;
}

describe("properties", () => {
  it("all 36 cards are always somewhere exactly once", () => {
    fc.assert(
      fc.property(arbGame, ({ players, seed, choices, steps }) => {
        playOut(newHand({ players, seed }), choices, steps, (_b, _m, h) => {
          expect([...h.hands.flat(), ...h.pile].sort()).toEqual([...ALL_CARDS].sort());
          h.pickedUp.forEach((known, s) => known.forEach((c) => expect(h.hands[s]).toContain(c)));
          expect(h.hands.map((x) => x.length).filter((n) => n > 0).length).toBeGreaterThan(h.result ? -1 : 1);
        });
      }),
      { numRuns: 60 },
    );
  });

  it("inputs are never mutated (applyMove works on deep-frozen hands)", () => {
    fc.assert(
      fc.property(arbGame, ({ players, seed, choices, steps }) => {
        const h = playOut(newHand({ players, seed }), choices, steps % 40);
        const copy = JSON.stringify(h);
        deepFreeze(h);
        for (const m of legalMoves(h)) {
          const move = deepFreeze({ ...m });
          expect(applyMove(h, move).ok).toBe(true);
          viewFor(h, h.players - 1);
        }
        applyMove(h, { type: "play", card: "ZZ" } as unknown as Move); // not a card: refused without touching h
        expect(JSON.stringify(h)).toBe(copy);
      }),
      { numRuns: 60 },
    );
  });

  it("illegal and malformed moves are rejected with a code and a message, never thrown", () => {
    const junk = fc.oneof(
      fc.anything(),
      fc.record({
        type: fc.constantFrom("play", "pickup", "PLAY", ""),
        card: fc.oneof(fc.constantFrom(...ALL_CARDS), fc.string(), fc.integer()),
      }),
    );
    fc.assert(
      fc.property(arbGame, junk, ({ players, seed, choices, steps }, m) => {
        const h = playOut(newHand({ players, seed }), choices, steps % 60);
        const legal = legalMoves(h).map((x) => JSON.stringify(x));
        const r = applyMove(h, m as Move);
        const asMove =
          typeof m === "object" && m !== null
            ? JSON.stringify(
                (m as Move).type === "pickup"
                  ? { type: "pickup" }
                  : { type: (m as { type: unknown }).type, card: (m as { card: unknown }).card },
              )
            : "";
        if (legal.includes(asMove)) expect(r.ok).toBe(true);
        else {
          expect(r.ok).toBe(false);
          if (!r.ok) {
            expect(r.error.code).toMatch(/^[a-z-]+$/);
            expect(r.error.message.length).toBeGreaterThan(10);
          }
        }
      }),
      { numRuns: 300 },
    );
    for (const bad of [
      null,
      undefined,
      {},
      42,
      "pickup",
      [],
      { type: "play" },
      { type: "play", card: "ZZ" },
      { type: "play", card: "ts" },
    ]) {
      const r = applyMove(newHand({ players: 2, seed: 1 }), bad as Move);
      expect(r).toMatchObject({ ok: false, error: { code: "malformed" } });
    }
    for (const badHand of [null, undefined, {}, 7, "x", { hands: [] }]) {
      expect(applyMove(badHand as unknown as Hand, { type: "pickup" })).toMatchObject({
        ok: false,
        error: { code: "bad-hand" },
      });
    }
  });

  it("the same seed and the same moves give the same hand, and replay rebuilds it exactly", () => {
    fc.assert(
      fc.property(arbGame, ({ players, seed, choices, steps }) => {
        const a = playOut(newHand({ players, seed }), choices, steps);
        const b = playOut(newHand({ players, seed }), choices, steps);
        expect(JSON.stringify(a)).toBe(JSON.stringify(b));
        expect(JSON.stringify(replay(a.setup, a.log))).toBe(JSON.stringify(a));
        expect(JSON.stringify(replay({ players, seed }, a.log))).toBe(JSON.stringify(a));
      }),
      { numRuns: 40 },
    );
  });

  it("every randomly played hand ends by R14–R16 within maxTurns", () => {
    fc.assert(
      fc.property(arbGame, ({ players, seed, choices }) => {
        const h = playOut(newHand({ players, seed, maxTurns: 100 }), choices, 100_000);
        expect(h.result).not.toBeNull();
        expect(h.turns).toBeLessThanOrEqual(100);
        expect(["out", "last-card-draw", "repetition", "turn-limit"]).toContain(h.result!.reason);
        expect(legalMoves(h)).toEqual([]);
        expect(applyMove(h, { type: "pickup" })).toMatchObject({ ok: false, error: { code: "hand-over" } });
        const places = h.result!.places;
        expect(places).toHaveLength(players);
        if (h.result!.loser !== null) expect(places[h.result!.loser]).toBe(Math.max(...places));
      }),
      { numRuns: 30 },
    );
  });

  it("a JSON round-trip of a hand changes nothing", () => {
    fc.assert(
      fc.property(arbGame, ({ players, seed, choices, steps }) => {
        const h = playOut(newHand({ players, seed }), choices, steps);
        const back = JSON.parse(JSON.stringify(h)) as Hand;
        expect(back).toEqual(h);
        expect(legalMoves(back)).toEqual(legalMoves(h));
        const m = legalMoves(h)[0];
        if (m) expect(JSON.stringify(applyMove(back, m))).toBe(JSON.stringify(applyMove(h, m)));
      }),
      { numRuns: 60 },
    );
  });
});
