import { describe, expect, it } from "vitest";
import { announce } from "./announce.js";
import { duel } from "./fixtures.js";
import { keyAction, NOTATION_LETTERS, suitLetters } from "./keyboard.js";
import { planSteps } from "./plan.js";
import { buildView } from "./view.js";

describe("keyAction", () => {
  const v = buildView(duel({ pile: ["9C"] }), "me"); // legal: TC, 6H, pickup

  it("R reviews the hand once it is over and on record, and does nothing before", () => {
    const over = buildView(
      duel({ phase: "over", handId: "h1", result: { places: [1, 2], loser: 1, reason: "out" } }),
      "me",
    );
    expect(keyAction(over, { card: null, suit: null }, "r")).toEqual({ kind: "review" });
    expect(keyAction(v, { card: null, suit: null }, "R")).toEqual({ kind: "none" });
  });

  it("arrows cycle through the legal cards only", () => {
    expect(keyAction(v, { card: null, suit: null }, "ArrowRight")).toEqual({ kind: "select", card: "TC" });
    expect(keyAction(v, { card: "TC", suit: null }, "ArrowRight")).toEqual({ kind: "select", card: "6H" });
    expect(keyAction(v, { card: "6H", suit: null }, "ArrowRight")).toEqual({ kind: "select", card: "TC" });
    expect(keyAction(v, { card: null, suit: null }, "ArrowLeft")).toEqual({ kind: "select", card: "6H" });
  });

  it("Enter plays the chosen legal card, P picks up, H hints at computer tables", () => {
    expect(keyAction(v, { card: "TC", suit: null }, "Enter")).toEqual({
      kind: "move",
      move: { type: "play", card: "TC" },
    });
    expect(keyAction(v, { card: "8C", suit: null }, "Enter")).toEqual({ kind: "none" });
    expect(keyAction(v, { card: "TC", suit: null }, "p")).toEqual({ kind: "move", move: { type: "pickup" } });
    expect(keyAction(v, { card: null, suit: null }, "h")).toEqual({ kind: "hint" });
  });

  it("does nothing on the opponent's turn", () => {
    const wait = buildView(duel({ pile: ["9C"], toMove: 1 }), "me");
    expect(keyAction(wait, { card: null, suit: null }, "ArrowRight")).toEqual({ kind: "none" });
    expect(keyAction(wait, { card: null, suit: null }, "P")).toEqual({ kind: "none" });
  });
});

describe("keyAction while choosing trumps", () => {
  const choosing = duel({ phase: "choosing" });
  choosing.seats[0]!.trump = null;
  const v = buildView(choosing, "me"); // free: H, D, C (the bot holds S)
  const none = { card: null, suit: null };

  it("arrows move the highlight among the free suits, wrapping; ↑/↓ as well", () => {
    expect(keyAction(v, none, "ArrowRight")).toEqual({ kind: "highlightSuit", suit: "H" });
    expect(keyAction(v, { card: null, suit: "H" }, "ArrowRight")).toEqual({ kind: "highlightSuit", suit: "D" });
    expect(keyAction(v, { card: null, suit: "C" }, "ArrowRight")).toEqual({ kind: "highlightSuit", suit: "H" });
    expect(keyAction(v, none, "ArrowLeft")).toEqual({ kind: "highlightSuit", suit: "C" });
    expect(keyAction(v, { card: null, suit: "D" }, "ArrowUp")).toEqual({ kind: "highlightSuit", suit: "H" });
    expect(keyAction(v, { card: null, suit: "D" }, "ArrowDown")).toEqual({ kind: "highlightSuit", suit: "C" });
  });

  it("Enter or Space takes the highlighted suit; nothing is taken unhighlighted", () => {
    expect(keyAction(v, { card: null, suit: "D" }, "Enter")).toEqual({ kind: "chooseTrump", suit: "D" });
    expect(keyAction(v, { card: null, suit: "C" }, " ")).toEqual({ kind: "chooseTrump", suit: "C" });
    expect(keyAction(v, none, "Enter")).toEqual({ kind: "none" });
    expect(keyAction(v, { card: null, suit: "S" }, "Enter")).toEqual({ kind: "none" }); // taken meanwhile
  });

  it("a free suit's letter takes it at once, in either case; a taken suit's letter does nothing", () => {
    expect(keyAction(v, none, "h")).toEqual({ kind: "chooseTrump", suit: "H" });
    expect(keyAction(v, none, "D")).toEqual({ kind: "chooseTrump", suit: "D" });
    expect(keyAction(v, none, "s")).toEqual({ kind: "none" });
    expect(keyAction(v, none, "p")).toEqual({ kind: "none" }); // no pick-up or hint while choosing
  });

  it("accepts the localised letters it is given", () => {
    const nb = suitLetters({ S: "spar", H: "hjerter", D: "ruter", C: "kløver" });
    expect(keyAction(v, none, "r", nb)).toEqual({ kind: "chooseTrump", suit: "D" });
    expect(keyAction(v, none, "K", nb)).toEqual({ kind: "chooseTrump", suit: "C" });
  });
});

describe("suitLetters", () => {
  it("adds the names' first letters only when they are distinct and clash with no other suit's notation letter", () => {
    expect([...suitLetters({ S: "spades", H: "hearts", D: "diamonds", C: "clubs" })]).toEqual([...NOTATION_LETTERS]);
    expect(suitLetters({ S: "пики", H: "черви", D: "бубны", C: "трефы" }).get("ч")).toBe("H");
    expect(suitLetters({ S: "maça", H: "kupa", D: "karo", C: "sinek" })).toBe(NOTATION_LETTERS); // kupa and karo share K
    expect(suitLetters({ S: "spar", H: "hjerter", D: "ruter", C: "spenn" })).toBe(NOTATION_LETTERS); // two S
    expect(suitLetters({ S: "coeur", H: "hx", D: "dx", C: "zx" })).toBe(NOTATION_LETTERS); // spades named with C, the letter of clubs
    expect(suitLetters({ S: "ইশকাপন", H: "হরতন", D: "রুইতন", C: "চিড়িতন" }).get("হ")).toBe("H");
  });
});

describe("announce", () => {
  it("speaks each move in the chosen language, then whose turn it is", () => {
    const prev = buildView(duel({ toMove: 1, pile: ["8C"] }, ["TC"], 5), "me");
    const next = buildView(duel({ toMove: 0, pile: ["8C", "9C", "6D"], seq: 3 }, ["TC"], 3), "me");
    const steps = planSteps(prev, next);
    expect(announce("en", prev, next, steps)).toEqual([
      "Bot beats with nine of clubs.",
      "Bot plays six of diamonds.",
      "Your turn.",
    ]);
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
    const drawn = buildView(
      duel({ phase: "over", result: { places: [1, 1], loser: null, reason: "repetition" } }),
      "me",
    );
    expect(resultLine("tr", drawn)).toBe("Berabere. Aynı durum üç kez oluştu.");
  });
});
