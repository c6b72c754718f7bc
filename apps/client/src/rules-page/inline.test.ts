import { describe, expect, it } from "vitest";
import { cardsNamed, inline, tokensOf } from "./inline.js";
import type { El } from "./node.js";
import { textOf } from "./node.js";
import { RULES_TEXT } from "./text/index.js";

const en = RULES_TEXT.en;

describe("inline tokens", () => {
  it("turns {card} into a labelled chip, {suit} into a symbol and **x** into bold", () => {
    const out = inline("Beat {TC} with a {H} — **a draw**.", en);
    expect(out[0]).toBe("Beat ");
    const chip = out[1] as El;
    expect(chip.attrs).toMatchObject({ role: "img", "aria-label": "ten of clubs" });
    expect(textOf(chip)).toBe("10♣\uFE0E");
    expect((out[3] as El).attrs["aria-label"]).toBe("hearts");
    expect((out[5] as El).tag).toBe("strong");
    expect(textOf(out[5]!)).toBe("a draw");
    expect(out[6]).toBe(".");
  });

  it("refuses an unknown token instead of printing braces", () => {
    expect(() => inline("a {XY} b", en)).toThrow(/unknown token \{XY\}/);
  });

  it("lists tokens and the cards among them", () => {
    expect(tokensOf("{9C} on {S} and {AH}")).toEqual(["9C", "S", "AH"]);
    expect(cardsNamed("{9C} on {S} and {AH}")).toEqual(["9C", "AH"]);
  });
});
