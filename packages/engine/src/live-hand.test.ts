import { describe, expect, it } from "vitest";
import { ALL_CARDS } from "./cards.js";
import { LiveHand } from "./live-hand.js";
import { Rng } from "./rng.js";
import { applyMove, legalMoves } from "./rules.js";
import { fromPosition, newHand } from "./setup.js";
import type { Card, Hand, HandPosition, Move, PlayerCount, PositionSpec } from "./types.js";

function deepFreeze<T>(x: T): T {
  if (typeof x === "object" && x !== null) {
    Object.values(x).forEach(deepFreeze);
    Object.freeze(x);
  }
  return x;
}

/**
 * Plays `start` to its end with random legal moves through applyMove and a LiveHand
 * side by side, checking after every move that they agree exactly; returns the end.
 */
function playBoth(
  start: Hand,
  seed: number,
  pick?: (moves: Move[], rng: Rng) => Move,
  hashBits?: number,
  peekAt = Infinity,
): Hand {
  const rng = new Rng(seed);
  const live = new LiveHand(start, hashBits);
  let h = start;
  const positions: [HandPosition, string][] = [];
  while (h.result === null) {
    const moves = legalMoves(h);
    expect(legalMoves(live.position)).toEqual(moves);
    const m = pick ? pick(moves, rng) : moves[rng.int(moves.length)]!;
    const r = applyMove(h, m);
    if (!r.ok) throw new Error(r.error.message);
    expect(live.play(m)).toBeNull();
    h = r.hand;
    const { history: _history, log: _log, ...position } = h;
    expect(live.position).toEqual(position);
    expect(live.moves).toBe(h.log.length);
    positions.push([deepFreeze(live.position), JSON.stringify(live.position)]);
    if (h.log.length === peekAt) expect(JSON.stringify(live.toHand())).toBe(JSON.stringify(h)); // from here on the LiveHand keeps the keys
  }
  expect(JSON.stringify(live.toHand())).toBe(JSON.stringify(h));
  expect(live.play({ type: "pickup" })).toEqual({
    code: "hand-over",
    message: "The hand is over; no more moves can be made.",
  });
  for (const [p, json] of positions) expect(JSON.stringify(p)).toBe(json); // no position changed after it was given out
  return h;
}

describe("LiveHand", () => {
  it("plays long random hands exactly like applyMove, move by move, to the same end", () => {
    const reasons = new Map<string, number>();
    for (const players of [2, 3, 4] as PlayerCount[]) {
      for (let seed = 0; seed < 6; seed++) {
        const end = playBoth(newHand({ players, seed: `live/${seed}` }), seed);
        reasons.set(end.result!.reason, (reasons.get(end.result!.reason) ?? 0) + 1);
      }
    }
    expect(reasons.get("turn-limit")).toBeGreaterThan(0); // hands of 1000 turns
    expect([...reasons.keys()].some((r) => r === "out" || r === "last-card-draw")).toBe(true);
  });

  it("finds R16 repetition like applyMove, in random hands that favour pickups", () => {
    // Picking up whenever allowed keeps the cards circulating, so positions recur.
    const pickupFirst = (moves: Move[], rng: Rng): Move =>
      rng.int(4) > 0 ? moves[moves.length - 1]! : moves[rng.int(moves.length)]!;
    let repetitions = 0;
    for (let seed = 0; seed < 30; seed++) {
      const end = playBoth(newHand({ players: 2, seed: `cycle/${seed}` }), seed, pickupFirst);
      if (end.result!.reason === "repetition") repetitions++;
    }
    expect(repetitions).toBeGreaterThan(0);
  });

  it("stays exact when the tally's hash collides all the time (1 and 3 bits: the recount decides)", () => {
    const pickupFirst = (moves: Move[], rng: Rng): Move =>
      rng.int(4) > 0 ? moves[moves.length - 1]! : moves[rng.int(moves.length)]!;
    const reasons = new Map<string, number>();
    for (let seed = 20; seed < 30; seed++) {
      // Some of the repetition test's hands (23 repeats, after 685 moves); half of them asked for the plain hand midway, after which the LiveHand keeps the keys.
      const end = playBoth(
        newHand({ players: 2, seed: `cycle/${seed}` }),
        seed,
        pickupFirst,
        seed % 2 === 0 ? 3 : 1,
        seed % 4 < 2 ? 40 : Infinity,
      );
      reasons.set(end.result!.reason, (reasons.get(end.result!.reason) ?? 0) + 1);
    }
    for (const players of [3, 4] as PlayerCount[]) {
      const end = playBoth(newHand({ players, seed: `collide/${players}`, maxTurns: 150 }), players, undefined, 1);
      reasons.set(end.result!.reason, (reasons.get(end.result!.reason) ?? 0) + 1);
    }
    expect(reasons.get("repetition")).toBeGreaterThan(0);
    expect([...reasons.keys()].filter((r) => r !== "repetition").length).toBeGreaterThan(0); // collisions alone never end a hand
  });

  it("refuses a hash of no bits or more than 30", () => {
    const h = newHand({ players: 2, seed: 1 });
    for (const bits of [0, 31, 2.5, Number.NaN]) expect(() => new LiveHand(h, bits)).toThrow(/hashBits/);
  });

  it("ends the worked R16 cycle by repetition on the same move as applyMove", () => {
    const cycle: PositionSpec = {
      trumps: ["S", "H"],
      hands: [
        ["7H", "TC"],
        ["KC", "KH"],
      ],
      pile: ["QH", "AS", "6D"],
      toMove: 0,
      maxTurns: 200,
    };
    const cards: (Card | "pickup")[] = [
      "pickup",
      "KH",
      "AS",
      "7H",
      "pickup",
      "6D",
      "7H",
      "AS",
      "pickup",
      "KH",
      "AS",
      "7H",
      "pickup",
      "6D",
      "7H",
      "AS",
      "pickup",
    ];
    // As it comes, and with a 1-bit hash asked for the plain hand at once (so it keeps the keys and recounts from them).
    for (const [hashBits, early] of [
      [30, false],
      [1, true],
      [1, false],
    ] as const) {
      const live = new LiveHand(fromPosition(cycle), hashBits);
      if (early) live.toHand();
      cards.forEach((c, i) => {
        expect(live.position.result).toBeNull();
        expect(live.play(c === "pickup" ? { type: "pickup" } : { type: "play", card: c })).toBeNull();
        if (i < cards.length - 1) expect(live.position.result).toBeNull();
      });
      expect(live.position.result).toEqual({ reason: "repetition", loser: null, places: [1, 1] });
    }
  });

  it("continues a hand already under way (its history counts for R16) and never touches it", () => {
    let h = newHand({ players: 3, seed: "under way" });
    const rng = new Rng(7);
    for (let i = 0; i < 60 && h.result === null; i++) {
      const moves = legalMoves(h);
      const r = applyMove(h, moves[rng.int(moves.length)]!);
      if (!r.ok) throw new Error(r.error.message);
      h = r.hand;
    }
    const json = JSON.stringify(h);
    deepFreeze(h);
    playBoth(h, 3);
    expect(JSON.stringify(h)).toBe(json);
  });

  it("refuses illegal and malformed moves with applyMove's errors and changes nothing", () => {
    const live = new LiveHand(newHand({ players: 2, seed: 5 }));
    const before = live.position;
    const h = live.toHand();
    const notHeld = ALL_CARDS.find((c) => !h.hands[h.toMove]!.includes(c))!;
    for (const bad of [
      null,
      42,
      {},
      { type: "play" },
      { type: "play", card: "ZZ" },
      { type: "play", card: notHeld },
      { type: "pickup" },
      { type: "PLAY" },
    ]) {
      const r = applyMove(h, bad as Move);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(live.play(bad as Move)).toEqual(r.error);
    }
    expect(live.position).toBe(before);
    expect(live.moves).toBe(0);
    expect(JSON.stringify(live.toHand())).toBe(JSON.stringify(h));
  });

  it("logs a copy of each move, without fields a move does not have", () => {
    const live = new LiveHand(newHand({ players: 2, seed: 9 }));
    const m = legalMoves(live.position)[0]! as Move & { extra?: number };
    const sent = { ...m, extra: 1 };
    expect(live.play(sent)).toBeNull();
    sent.type = "pickup";
    expect(live.toHand().log).toEqual([m]);
  });
});
