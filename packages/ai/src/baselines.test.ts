import { fromPosition, viewFor } from "@yourtrumps/engine";
import type { Card, Move } from "@yourtrumps/engine";
import { describe, expect, it } from "vitest";
import { chooseBaseline, greedyMove, randomMove } from "./baselines.js";
import { midGame } from "./test-helpers.js";

/** Seat 0 trumps S, seat 1 trumps H; seat 1 to move facing `pile`. */
function greedyFor(hand: Card[], pile: Card[], secondDue = false): Move {
  const h = fromPosition({ trumps: ["S", "H"], hands: [["AD", "KD"], hand], pile, toMove: 1, secondDue });
  return greedyMove(viewFor(h, 1));
}

describe("greedy follows its fixed policy exactly", () => {
  it("beats with the lowest card that beats", () => {
    expect(greedyFor(["TC", "QC", "AC", "6H"], ["9C"])).toEqual({ type: "play", card: "TC" });
  });
  it("prefers a non-trump to a trump, even a higher one", () => {
    expect(greedyFor(["AC", "6H"], ["9C"])).toEqual({ type: "play", card: "AC" });
  });
  it("beats with the lowest trump when only trumps beat", () => {
    expect(greedyFor(["8C", "9H", "7H"], ["9C"])).toEqual({ type: "play", card: "7H" });
  });
  it("against its own trump only a higher trump beats", () => {
    expect(greedyFor(["TH", "AH", "AS"], ["9H"])).toEqual({ type: "play", card: "TH" });
  });
  it("picks up only when nothing beats", () => {
    expect(greedyFor(["8C", "7D", "KS"], ["9C"])).toEqual({ type: "pickup" });
  });
  it("leads the lowest non-trump, suits in order S H D C on equal ranks", () => {
    expect(greedyFor(["8C", "7D", "6H", "7S"], [])).toEqual({ type: "play", card: "7S" });
  });
  it("plays the lowest non-trump as a second card", () => {
    expect(greedyFor(["QC", "9D", "6H"], ["9C", "TC"], true)).toEqual({ type: "play", card: "9D" });
  });
  it("leads the lowest trump when only trumps remain", () => {
    expect(greedyFor(["QH", "7H"], [])).toEqual({ type: "play", card: "7H" });
  });
});

describe("random", () => {
  it("always plays a legal move and depends on the seed", () => {
    const seen = new Set<string>();
    for (let s = 0; s < 30; s++) {
      const h = midGame(2, s, 5);
      if (h.result) continue;
      const v = viewFor(h, h.toMove);
      const m = randomMove(v, s);
      expect(v.legal).toContainEqual(m);
      expect(randomMove(v, s)).toEqual(m);
      for (let seed = 0; seed < 8; seed++) seen.add(JSON.stringify(chooseBaseline(v, "random", seed)));
    }
    expect(seen.size).toBeGreaterThan(5);
  });
});
