import type { Card } from "@yourtrumps/engine";
import { describe, expect, it } from "vitest";
import { duel } from "./fixtures.js";
import { BACK_SCALE, buttonAt, cardAt, layoutTable, NO_HIGHLIGHTS } from "./layout.js";
import { buildView } from "./view.js";

const EIGHTEEN: Card[] = [
  "6S",
  "7S",
  "8S",
  "9S",
  "TS",
  "JS",
  "QS",
  "KS",
  "AS",
  "6D",
  "7D",
  "8D",
  "9D",
  "TD",
  "JD",
  "QD",
  "KD",
  "AD",
];

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
    const over = layoutTable(
      buildView(duel({ phase: "over", result: { places: [1, 2], loser: 1, reason: "out" } }), "me"),
      390,
      844,
    );
    expect(over.buttons.map((b) => b.id)).toEqual(["rematch", "lobby"]);
  });

  it("rings the keyboard's trump suit and marks the chosen card and the hint", () => {
    const choosing = duel({ phase: "choosing" });
    choosing.seats[0]!.trump = null;
    const trumps = layoutTable(buildView(choosing, "me"), 390, 844, { ...NO_HIGHLIGHTS, suit: "D" }).buttons;
    expect(trumps.filter((b) => b.focused).map((b) => b.id)).toEqual(["trump-D"]);
    const v = buildView(duel({ pile: ["9C"] }), "me"); // legal: TC, 6H, pickup
    const plain = layoutTable(v, 390, 844);
    const marked = layoutTable(v, 390, 844, { card: "TC", suit: null, hint: "pickup" });
    const tc = (l: typeof plain) => l.hand.find((h) => h.card === "TC")!;
    expect(tc(marked).selected).toBe(true);
    expect(tc(marked).y).toBeLessThan(tc(plain).y); // lifted a little more
    expect(marked.buttons.find((b) => b.id === "pickup")?.hinted).toBe(true);
    expect(marked.hand.find((h) => h.card === "8C")).toMatchObject({ legal: false, dimmed: true, selected: false });
    expect(marked.hand.find((h) => h.card === "6H")).toMatchObject({ legal: true, trump: true, dimmed: false });
  });

  it("fans an opponent's backs (at most twelve) inside the seat's room, and none for me", () => {
    for (const count of [0, 1, 5, 18]) {
      const l = layoutTable(buildView(duel({}, ["TC"], count), "me"), 390, 844);
      const them = l.seats.find((s) => s.seat === 1)!;
      expect(them.backs).toHaveLength(Math.min(count, 12));
      const backW = l.cardW * BACK_SCALE;
      for (const b of them.backs) {
        expect(b.x - backW / 2).toBeGreaterThanOrEqual(them.cards.x - them.cardsWidth / 2 - 0.01);
        expect(b.x + backW / 2).toBeLessThanOrEqual(them.cards.x + them.cardsWidth / 2 + 0.01);
      }
      expect(l.seats.find((s) => s.seat === 0)!.backs).toEqual([]);
    }
  });

  it("shows the last five pile cards", () => {
    const v = buildView(duel({ pile: ["6C", "7C", "8C", "9C", "TC", "JC", "QC"], toMove: 1 }), "me");
    expect(layoutTable(v, 1366, 768).pile).toHaveLength(5);
  });

  for (const players of [3, 4] as const) {
    for (const [w, h] of [
      [390, 844],
      [1366, 768],
    ] as const) {
      it(`${players} players at ${w}×${h}: opponents' plates fit on screen without overlapping`, () => {
        const base = duel();
        const seats = Array.from({ length: players }, (_, i) => ({
          ...base.seats[1]!,
          sessionId: i === 0 ? "me" : `s${i}`,
          name: `P${i}`,
        }));
        const l = layoutTable(buildView({ ...base, seats }, "me"), w, h);
        const opponents = l.seats.filter((s) => s.pos !== "bottom");
        expect(opponents).toHaveLength(players - 1);
        for (const s of opponents) {
          expect(s.x - s.maxWidth / 2).toBeGreaterThanOrEqual(0);
          expect(s.x + s.maxWidth / 2).toBeLessThanOrEqual(w);
          const abovePile = s.cards.y + l.cardH * 0.31 < l.pileCentre.y - l.cardH / 2;
          const besidePile = Math.abs(s.cards.x - l.pileCentre.x) - s.cardsWidth / 2 > l.cardW * 1.4; // the pile fans ±1.34 card widths
          expect(abovePile || besidePile, `seat ${s.seat} backs clear of the pile`).toBe(true);
        }
        const sorted = [...opponents].filter((s) => s.y === opponents[0]!.y).sort((a, b) => a.x - b.x);
        for (let i = 1; i < sorted.length; i++)
          expect(sorted[i]!.x - sorted[i]!.maxWidth / 2).toBeGreaterThanOrEqual(
            sorted[i - 1]!.x + sorted[i - 1]!.maxWidth / 2,
          );
      });
    }
  }
});
