import { describe, expect, it } from "vitest";
import { CODE_ALPHABET, CODE_LENGTH, newTableCode } from "./table-code.js";

describe("table codes", () => {
  it("are drawn from the unambiguous alphabet, every letter of it reachable", () => {
    const codes = Array.from({ length: 2000 }, () => newTableCode());
    for (const code of codes) expect(code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`));
    // 2,000 of 8.9·10^8: by the birthday bound a repeat comes once in ~450 runs (a fresh-clone run met one), four or more
    // about once in 10^12; a broken source (a fixed seed, a stuck counter) repeats by the hundred.
    expect(codes.length - new Set(codes).size).toBeLessThan(4);
    expect(new Set(codes.join("")).size).toBe(CODE_ALPHABET.length); // one of 31 missing from 12,000 letters: a chance of about 10^-169
  });
});
