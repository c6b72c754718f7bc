import { describe, expect, it } from "vitest";
import { legalMoves } from "./rules.js";
import { fromPosition } from "./setup.js";
import { pickupOffer, playKind, secondDueAfter } from "./turn.js";

describe("playKind (R8, R9, R11)", () => {
  it("an empty pile is led on, a second card follows a beat, anything else is beaten", () => {
    expect(playKind(0, false)).toBe("lead");
    expect(playKind(3, false)).toBe("beat");
    expect(playKind(3, true)).toBe("second");
  });
  it("a beat owes a second card unless it was the last card (R11, R14)", () => {
    expect(secondDueAfter("beat", false)).toBe(true);
    expect(secondDueAfter("beat", true)).toBe(false);
    expect(secondDueAfter("lead", false)).toBe(false);
    expect(secondDueAfter("second", false)).toBe(false);
  });
});

describe("pickupOffer (R9, R12)", () => {
  it("takes 3 under a non-trump, 5 under the mover's own trump, everything under its ace", () => {
    const pile = ["7D", "8C", "JS", "QC", "KD", "9H"] as const;
    expect(pickupOffer([...pile, "KC"], "H", false)).toEqual({ count: 3, wholePile: false });
    expect(pickupOffer([...pile], "H", false)).toEqual({ count: 5, wholePile: false });
    expect(pickupOffer([...pile, "AH"], "H", false)).toEqual({ count: 7, wholePile: true });
    expect(pickupOffer([...pile, "AH"], "S", false)).toEqual({ count: 3, wholePile: false }); // someone else's ace is a plain card
    expect(pickupOffer(["9C"], "S", false)).toEqual({ count: 1, wholePile: false });
  });
  it("is null exactly when the engine offers no pickup", () => {
    expect(pickupOffer([], "S", false)).toBeNull();
    expect(pickupOffer(["9C"], "S", true)).toBeNull();
    for (const [pile, secondDue] of [
      [[], false],
      [["9C"], false],
      [["9C"], true],
      [["AS", "9S"], false],
    ] as const) {
      const h = fromPosition({
        trumps: ["S", "H"],
        hands: [["TC", "6H"], ["7D"]],
        pile: [...pile],
        toMove: 0,
        secondDue,
      });
      expect(pickupOffer(h.pile, "S", secondDue) !== null).toBe(legalMoves(h).some((m) => m.type === "pickup"));
    }
  });
});
