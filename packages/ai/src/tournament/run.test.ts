import { describe, expect, it } from "vitest";
import { playGame } from "./game.js";
import { runTournament, schedule } from "./run.js";

describe("duplicate tournaments", () => {
  it("plays every deal once per seating: swapped in the duel, rotated with 3–4 players", () => {
    const duel = schedule({ a: { kind: "hard" }, b: { kind: "greedy" }, players: 2, pairs: 3 });
    expect(duel.map((g) => [g.spec.seed, g.aSeat])).toEqual([
      [1, 0],
      [1, 1],
      [2, 0],
      [2, 1],
      [3, 0],
      [3, 1],
    ]);
    expect(duel[1]!.spec.seats.map((e) => e.kind)).toEqual(["greedy", "hard"]);
    const four = schedule({ a: { kind: "easy" }, b: { kind: "random" }, players: 4, pairs: 1 });
    expect(four.map((g) => g.spec.seats.map((e) => e.kind).join(" "))).toEqual([
      "easy random random random",
      "random easy random random",
      "random random easy random",
      "random random random easy",
    ]);
  });

  it("games are reproducible", () => {
    const spec = {
      players: 3 as const,
      seed: 8,
      seats: [{ kind: "medium" as const, iterations: 60 }, { kind: "greedy" as const }, { kind: "easy" as const }],
    };
    expect(playGame(spec)).toEqual(playGame(spec));
  });

  it("counts results on worker threads (greedy beats random)", async () => {
    const r = await runTournament({ a: { kind: "greedy" }, b: { kind: "random" }, players: 2, pairs: 20, workers: 2 });
    expect(r.games).toBe(40);
    expect(r.wins + r.draws + r.losses).toBe(40);
    expect(r.score).toBeGreaterThan(0.8);
    expect(r.low).toBeLessThan(r.score);
    expect(r.high).toBeGreaterThanOrEqual(r.score);
    // Every deal is counted once, by A's points over its two seatings.
    expect(r.byDeal.reduce((a, b) => a + b, 0)).toBe(20);
    expect(r.byDeal.reduce((a, n, k) => a + (n * k) / 2, 0)).toBe(r.wins + r.draws / 2);
  });
});
