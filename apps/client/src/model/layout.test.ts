import { describe, expect, it } from "vitest";
import { duel } from "./fixtures.js";
import { buttonAt, cardAt, layoutTable } from "./layout.js";
import { buildView } from "./view.js";

const EIGHTEEN = ["6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD"];

describe("layoutTable", () => {
  for (const [w, h] of [
    [390, 844],
    [1366, 768],
  ] as const) {
    it(`${w}×${h}: every hand card is on screen and clicking its strip finds it`, () => {
      const v = buildView(duel({ pile: ["9C"] }, EIGHTEEN, 18), "me");
      const l = layoutTable(v, w, h);
      expect(l.hand).toHaveLength(18);
      for (const slot of l.hand) {
        expect(slot.hit.x).toBeGreaterThanOrEqual(0);
        expect(slot.hit.x + slot.hit.w).toBeLessThanOrEqual(w);
        expect(slot.hit.y + slot.hit.h).toBeLessThanOrEqual(h + 1);
        expect(cardAt(l, slot.hit.x + slot.hit.w / 2, slot.hit.y + slot.hit.h / 2)?.card).toBe(slot.card);
      }
      const pickup = l.buttons.find((b) => b.id === "pickup")!;
      expect(buttonAt(l, pickup.x + 5, pickup.y + 5)?.id).toBe("pickup");
      expect(pickup.y + pickup.h).toBeLessThan(Math.min(...l.hand.map((s) => s.hit.y)));
    });
  }

  it("offers trump buttons only for free suits, and rematch when over", () => {
    const choosing = duel({ phase: "choosing" });
    choosing.seats[0]!.trump = null;
    const ids = layoutTable(buildView(choosing, "me"), 390, 844).buttons.map((b) => b.id);
    expect(ids).toEqual(["trump-H", "trump-D", "trump-C"]);
    const over = layoutTable(buildView(duel({ phase: "over", result: { places: [1, 2], loser: 1, reason: "out" } }), "me"), 390, 844);
    expect(over.buttons.map((b) => b.id)).toEqual(["rematch", "lobby"]);
  });

  it("shows the last five pile cards", () => {
    const v = buildView(duel({ pile: ["6C", "7C", "8C", "9C", "TC", "JC", "QC"], toMove: 1 }), "me");
    expect(layoutTable(v, 1366, 768).pile).toHaveLength(5);
  });
});
