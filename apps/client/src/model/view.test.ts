import type { Card } from "@yourtrumps/engine";
import { describe, expect, it } from "vitest";
import { duel } from "./fixtures.js";
import { buildView, sortHand } from "./view.js";

describe("buildView", () => {
  it("worked example 1: legal cards come from the engine and pick-up says 3", () => {
    const v = buildView(duel({ pile: ["9C"] }), "me");
    expect(v.prompt).toBe("beat");
    expect(
      v.hand
        .filter((h) => h.legal)
        .map((h) => h.card)
        .sort(),
    ).toEqual(["6H", "TC"]);
    expect(v.pickup).toEqual({ count: 1, wholePile: false }); // a one-card pile
    expect(v.myTurn).toBe(true);
    const five = buildView(duel({ pile: ["7D", "8C", "JS", "QC", "KD"] }), "me");
    expect(five.pickup).toEqual({ count: 3, wholePile: false });
  });

  it("pick-up takes 5 under my own trump and all under my trump ace (R12)", () => {
    const pile: Card[] = ["7H", "8C", "JS", "QC", "KD", "9S", "9H"];
    expect(buildView(duel({ pile }), "me").pickup).toEqual({ count: 5, wholePile: false });
    expect(buildView(duel({ pile: [...pile.slice(0, -1), "AH"] }), "me").pickup).toEqual({ count: 7, wholePile: true });
  });

  it("an empty pile asks for a lead: every card, no pick-up; the hint only at computer tables (R8)", () => {
    const v = buildView(duel(), "me");
    expect(v.prompt).toBe("lead");
    expect(v.hand.every((h) => h.legal)).toBe(true);
    expect(v.pickup).toBeNull();
    expect(v.hintAvailable).toBe(true);
    expect(buildView(duel({ mode: "private" }), "me").hintAvailable).toBe(false);
  });

  it("a second card due: every card is legal and no pick-up (R11)", () => {
    const v = buildView(duel({ pile: ["9C", "TC"], secondDue: true }), "me");
    expect(v.prompt).toBe("second");
    expect(v.hand.every((h) => h.legal)).toBe(true);
    expect(v.pickup).toBeNull();
  });

  it("nothing is legal on the opponent's turn", () => {
    const v = buildView(duel({ pile: ["9C"], toMove: 1 }), "me");
    expect(v.prompt).toBe("wait");
    expect(v.myTurn).toBe(false);
    expect(v.pickup).toBeNull();
    expect(v.hintAvailable).toBe(false);
    expect(v.legal).toEqual([]);
    expect(v.hand.some((h) => h.legal)).toBe(false);
    expect(v.seats.find((s) => s.seat === 1)?.toMove).toBe(true);
  });

  it("puts me at the bottom and the others clockwise", () => {
    const s = duel();
    const three = { ...s, seats: [s.seats[1]!, { ...s.seats[1]!, sessionId: "x", name: "X" }, s.seats[0]!] };
    const v = buildView(three, "me");
    expect(v.mySeat).toBe(2);
    expect(v.seats.map((x) => [x.seat, x.pos])).toEqual([
      [2, "bottom"],
      [0, "left"],
      [1, "right"],
    ]);
  });

  it("offers only free suits while choosing trumps (R3)", () => {
    const s = duel({ phase: "choosing" });
    s.seats[0]!.trump = null;
    const v = buildView(s, "me");
    expect(v.prompt).toBe("chooseTrump");
    expect(v.freeSuits).toEqual(["H", "D", "C"]);
  });

  it("carries the record id, each seat's rating and, once the rated hand is on record, its change", () => {
    const s = duel({ phase: "over", handId: "hand-7", result: { places: [1, 2], loser: 1, reason: "out" } });
    s.seats[0] = { ...s.seats[0]!, playerId: "p-ann", rating: 1500, provisional: true, ratingAfter: null };
    s.seats[1] = {
      ...s.seats[1]!,
      isAI: false,
      playerId: "p-bob",
      rating: 1620,
      provisional: false,
      ratingAfter: null,
    };
    const before = buildView(s, "me");
    expect(before.handId).toBe("hand-7");
    expect(before.seats.map((x) => [x.rating, x.provisional, x.ratingChange])).toEqual([
      [1500, true, null],
      [1620, false, null],
    ]);
    s.seats[0].ratingAfter = 1588;
    s.seats[1].ratingAfter = 1612;
    expect(buildView(s, "me").seats.map((x) => x.ratingChange)).toEqual([88, -8]);
  });

  it("anonymous and computer seats have no rating and no change", () => {
    const v = buildView(duel({ phase: "over", result: { places: [1, 2], loser: 1, reason: "out" } }), "me");
    expect(v.seats.map((x) => [x.rating, x.provisional, x.ratingChange])).toEqual([
      [null, false, null],
      [null, false, null],
    ]);
  });

  it("sorts the hand by suit with my trumps last", () => {
    expect(sortHand(["AH", "6S", "TC", "7H", "KS"], "H")).toEqual(["6S", "KS", "TC", "7H", "AH"]);
    const v = buildView(duel(), "me");
    expect(v.hand.map((h) => [h.card, h.trump])).toEqual([
      ["7D", false],
      ["8C", false],
      ["TC", false],
      ["6H", true],
    ]);
  });
});
