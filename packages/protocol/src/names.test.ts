import { describe, expect, it } from "vitest";
import { COMPUTER_NAMES, NAME_MAX, cleanName, computerSeatName, computerSeatNumber, isComputerName } from "./index.js";

describe("cleanName", () => {
  it("removes controls, bidi overrides and isolates, word joiners and zero-width spaces, and collapses spaces", () => {
    expect(cleanName("  Zoë\u0000\u202e ")).toBe("Zoë");
    expect(cleanName("\u2066Ada\u2069\u2060 \u2067Love\u200b\u2028x")).toBe("Ada Lovex");
    expect(cleanName("a \t\n  b")).toBe("a b");
    expect(cleanName(undefined)).toBe("");
  });

  it("normalises to NFC and keeps at most three combining marks on a character", () => {
    expect(cleanName("e\u0301")).toBe("é");
    expect(cleanName(`Z${"\u0336".repeat(50)}`)).toBe(`Z${"\u0336".repeat(3)}`);
    expect(cleanName("কম্পিউটার খেলোয়াড়")).toBe("কম্পিউটার খেলোয়াড়".normalize("NFC")); // Bengali's vowel signs and virama are kept
  });

  it("keeps the joiners scripts and emoji need, but never a name of nothing visible", () => {
    expect(cleanName("👩\u200d💻 Dev")).toBe("👩\u200d💻 Dev");
    expect(cleanName("\u200d\u200c\u200d")).toBe("");
  });

  it("keeps NAME_MAX characters, an emoji sequence counting as one, and at most 96 code points", () => {
    expect([...new Intl.Segmenter().segment(cleanName("x".repeat(100)))]).toHaveLength(NAME_MAX);
    expect(cleanName("👩\u200d💻".repeat(30))).toBe("👩\u200d💻".repeat(NAME_MAX)); // 3 code points each: 72
    expect(cleanName("👩\u200d👩\u200d👧".repeat(30))).toBe("👩\u200d👩\u200d👧".repeat(19)); // 5 each: 95, and a 20th would pass 96
  });

  it("gives nothing for a computer's name in any language, numbered or not, however it is spelt", () => {
    for (const name of [
      ...Object.values(COMPUTER_NAMES),
      "computer",
      "COMPUTER 2",
      " Computer  3 ",
      "Cömputer",
      "Com puter",
      "Com\u200dputer",
      "Сomputer",
      "компьютер 4",
      "BILGISAYAR",
    ]) {
      expect(cleanName(name), name).toBe("");
    }
    for (const name of ["Computer Bob", "Computers", "Ada", "Компьютерщик"]) expect(cleanName(name), name).toBe(name);
  });
});

describe("computer seat names", () => {
  it("are numbered from the second, and read back", () => {
    expect([1, 2, 3].map(computerSeatName)).toEqual(["Computer", "Computer 2", "Computer 3"]);
    expect([1, 2, 3].map((n) => computerSeatNumber(computerSeatName(n)))).toEqual([1, 2, 3]);
    expect(computerSeatNumber("Computerx")).toBeNull();
    expect(isComputerName(computerSeatName(4))).toBe(true);
  });
});
