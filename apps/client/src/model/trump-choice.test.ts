import { describe, expect, it } from "vitest";
import { duel } from "./fixtures.js";
import { NOTATION_LETTERS } from "./keyboard.js";
import { suitLettersIn, trumpKeysLines, trumpTakenLines } from "./trump-choice.js";
import { buildView } from "./view.js";

function choosing() {
  const s = duel({ phase: "choosing" });
  s.seats[0]!.trump = null;
  return buildView(s, "me"); // free: H, D, C
}

describe("trump choice in words", () => {
  it("says the keys once, when the choice starts, with each free suit's letters", () => {
    const v = choosing();
    expect(trumpKeysLines("en", null, v, NOTATION_LETTERS)).toEqual([
      "Keys: ←/→ to pick a suit, Enter to take it, or press its letter: H hearts, D diamonds, C clubs.",
    ]);
    expect(trumpKeysLines("en", v, v, NOTATION_LETTERS)).toEqual([]);
    expect(trumpKeysLines("nb", null, v, suitLettersIn("nb"))[0]).toContain("D/R ruter, C/K kløver");
  });

  it("gives the localised letters only where they are unambiguous", () => {
    expect(suitLettersIn("ru").get("т")).toBe("C");
    expect(suitLettersIn("tr")).toBe(NOTATION_LETTERS);
    expect(suitLettersIn("en").size).toBe(4);
  });

  it("says which suit became mine, but not on a reconnect", () => {
    const before = choosing();
    const after = buildView(duel({ phase: "choosing" }), "me"); // seat 0 now holds hearts
    expect(trumpTakenLines("en", before, after)).toEqual(["Your trump suit is hearts."]);
    expect(trumpTakenLines("en", null, after)).toEqual([]);
    expect(trumpTakenLines("en", after, after)).toEqual([]);
  });
});
