import { SUITS } from "@yourtrumps/engine";
import { describe, expect, it } from "vitest";
import { suitColour } from "./suits.js";

describe("suitColour", () => {
  it("two colours in the classic deck, four in the four-colour deck", () => {
    expect(new Set(SUITS.map((s) => suitColour(s, false))).size).toBe(2);
    expect(new Set(SUITS.map((s) => suitColour(s, true))).size).toBe(4);
    expect(suitColour("H", false)).toBe(suitColour("D", false)); // red suits differ by shape only
  });
});
