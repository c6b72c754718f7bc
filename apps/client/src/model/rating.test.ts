import { describe, expect, it } from "vitest";
import { ratingChangeText, ratingText } from "./rating.js";

describe("rating text", () => {
  it("is a whole number with a ? while provisional", () => {
    expect(ratingText(1500, true)).toBe("1500?");
    expect(ratingText(1562.6, false)).toBe("1563");
  });
  it("shows a change with its sign, a real minus sign for a loss", () => {
    expect(ratingChangeText(12)).toBe("+12");
    expect(ratingChangeText(-8)).toBe("\u22128");
    expect(ratingChangeText(0.3)).toBe("±0");
    expect(ratingChangeText(-0.6)).toBe("\u22121");
  });
});
