import { ArraySchema } from "@colyseus/schema";
import { describe, expect, it } from "vitest";
import { applyMove, fromPosition, legalMoves } from "@yourtrumps/engine";
import { Seat, TableState } from "../state/table-state.js";
import { clearLastMove, projectHand, projectLastMove, syncArray } from "./project.js";

describe("projection", () => {
  it("syncArray keeps the common prefix", () => {
    const a = new ArraySchema<string>("6S", "7S", "8S");
    syncArray(a, ["6S", "7S", "8S", "9S"]);
    expect(a.toArray()).toEqual(["6S", "7S", "8S", "9S"]);
    syncArray(a, ["6S"]);
    expect(a.toArray()).toEqual(["6S"]);
    syncArray(a, ["AH", "6S"]);
    expect(a.toArray()).toEqual(["AH", "6S"]);
    syncArray(a, []);
    expect(a.length).toBe(0);
  });

  it("syncArray changes only the middle between the common prefix and suffix, from a plain copy too", () => {
    const a = new ArraySchema<string>("6S", "7S", "8S", "9S");
    syncArray(a, ["6S", "8S", "9S"], ["6S", "7S", "8S", "9S"]); // a card played from the middle
    expect(a.toArray()).toEqual(["6S", "8S", "9S"]);
    syncArray(a, ["6S", "8S", "9S", "QH", "KH"]); // a pickup at the end
    expect(a.toArray()).toEqual(["6S", "8S", "9S", "QH", "KH"]);
    syncArray(a, ["6S", "JD", "TD", "KH"], ["6S", "8S", "9S", "QH", "KH"]);
    expect(a.toArray()).toEqual(["6S", "JD", "TD", "KH"]);
    syncArray(a, ["6S", "6S", "KH"]); // repeated values (not cards, but the diff must not care)
    expect(a.toArray()).toEqual(["6S", "6S", "KH"]);
  });

  it("copies a hand into the state, before and after a pickup", () => {
    // RULES.md worked example 5: seat 1 (trumps H) faces 9H on a six-card pile: takes five
    let hand = fromPosition({
      trumps: ["S", "H"],
      hands: [
        ["AS", "6C"],
        ["7C", "6D"],
      ],
      pile: ["7H", "8C", "JS", "QC", "KD", "9H"],
      toMove: 1,
    });
    const s = new TableState();
    s.seats.push(new Seat(), new Seat());
    projectHand(s, hand);
    expect(s.pile.toArray()).toEqual(["7H", "8C", "JS", "QC", "KD", "9H"]);
    expect(s.toMove).toBe(1);
    expect(s.seats.at(1).hand.toArray()).toEqual(["6D", "7C"]);
    expect(s.seats.at(0).trump).toBe("S");
    const r = applyMove(hand, { type: "pickup" });
    if (!r.ok) throw new Error(r.error.message);
    hand = r.hand;
    projectHand(s, hand);
    expect(s.pile.toArray()).toEqual(["7H"]);
    expect(s.seats.at(1).cardCount).toBe(7);
    expect([...s.seats.at(1).pickedUp.toArray()].sort()).toEqual(["8C", "9H", "JS", "KD", "QC"]);
    expect(s.toMove).toBe(0);
    expect(legalMoves(hand).length).toBeGreaterThan(0);
  });

  it("records the last move, a pickup's cards bottom → top", () => {
    const before = fromPosition({
      trumps: ["S", "H"],
      hands: [
        ["AS", "6C"],
        ["7C", "6D"],
      ],
      pile: ["7D", "8C", "JS", "QC", "KD"],
      toMove: 1,
    }); // RULES.md worked example 4
    const r = applyMove(before, { type: "pickup" });
    if (!r.ok) throw new Error(r.error.message);
    const s = new TableState();
    projectLastMove(s.lastMove, 1, { type: "pickup" }, before, r.hand, true);
    expect(s.lastMove.toJSON()).toEqual({ seat: 1, type: "pickup", card: "", taken: ["JS", "QC", "KD"], auto: true });
    clearLastMove(s.lastMove);
    expect(s.lastMove.toJSON()).toEqual({ seat: -1, type: "", card: "", taken: [], auto: false });
  });
});
