import { describe, expect, it } from "vitest";
import { announce } from "./announce.js";
import { duel } from "./fixtures.js";
import { keyAction } from "./keyboard.js";
import { planSteps } from "./plan.js";
import { buildView } from "./view.js";

describe("keyAction", () => {
  const v = buildView(duel({ pile: ["9C"] }), "me"); // legal: TC, 6H, pickup

  it("arrows cycle through the legal cards only", () => {
    expect(keyAction(v, null, "ArrowRight")).toEqual({ kind: "select", card: "TC" });
    expect(keyAction(v, "TC", "ArrowRight")).toEqual({ kind: "select", card: "6H" });
    expect(keyAction(v, "6H", "ArrowRight")).toEqual({ kind: "select", card: "TC" });
    expect(keyAction(v, null, "ArrowLeft")).toEqual({ kind: "select", card: "6H" });
  });

  it("Enter plays the chosen legal card, P picks up, H hints at computer tables", () => {
    expect(keyAction(v, "TC", "Enter")).toEqual({ kind: "move", move: { type: "play", card: "TC" } });
    expect(keyAction(v, "8C", "Enter")).toEqual({ kind: "none" });
    expect(keyAction(v, "TC", "p")).toEqual({ kind: "move", move: { type: "pickup" } });
    expect(keyAction(v, null, "h")).toEqual({ kind: "hint" });
  });

  it("does nothing on the opponent's turn", () => {
    const wait = buildView(duel({ pile: ["9C"], toMove: 1 }), "me");
    expect(keyAction(wait, null, "ArrowRight")).toEqual({ kind: "none" });
    expect(keyAction(wait, null, "P")).toEqual({ kind: "none" });
  });
});

describe("announce", () => {
  it("speaks each move in the chosen language, then whose turn it is", () => {
    const prev = buildView(duel({ toMove: 1, pile: ["8C"] }, ["TC"], 5), "me");
    const next = buildView(duel({ toMove: 0, pile: ["8C", "9C", "6D"], seq: 3 }, ["TC"], 3), "me");
    const steps = planSteps(prev, next);
    expect(announce("en", prev, next, steps)).toEqual(["Bot beats with nine of clubs.", "Bot plays six of diamonds.", "Your turn."]);
    expect(announce("ru", prev, next, steps)[0]).toBe("Bot бьёт: девятка, трефы.");
  });
});

describe("announce the trump choice", () => {
  it("asks once for a trump suit", () => {
    const s = duel({ phase: "choosing" });
    s.seats[0]!.trump = null;
    const v = buildView(s, "me");
    expect(announce("nb", null, v, [])).toEqual(["Velg trumffargen din"]);
    expect(announce("nb", v, v, [])).toEqual([]);
  });
});

describe("resultLine", () => {
  it("names the loser, and says only 'You lost.' when it is me", async () => {
    const { resultLine } = await import("./announce.js");
    const won = buildView(duel({ phase: "over", result: { places: [1, 2], loser: 1, reason: "out" } }), "me");
    expect(resultLine("en", won)).toBe("You won! Bot was left holding cards.");
    const lost = buildView(duel({ phase: "over", result: { places: [2, 1], loser: 0, reason: "out" } }), "me");
    expect(resultLine("en", lost)).toBe("You lost.");
    const drawn = buildView(duel({ phase: "over", result: { places: [1, 1], loser: null, reason: "repetition" } }), "me");
    expect(resultLine("tr", drawn)).toBe("Berabere. Aynı durum üç kez oluştu.");
  });
});
