import { describe, expect, it } from "vitest";
import { CODE_ALPHABET, CODE_LENGTH, newTableCode } from "./table-code.js";

describe("table codes", () => {
  it("are drawn from the unambiguous alphabet, every letter of it reachable", () => {
    const codes = Array.from({ length: 2000 }, () => newTableCode());
    for (const code of codes) expect(code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`));
    expect(new Set(codes).size).toBe(codes.length); // 2,000 of 8.9·10^8: a repeat would mean a broken source
    expect(new Set(codes.join("")).size).toBe(CODE_ALPHABET.length); // one of 31 missing from 12,000 letters: a chance of about 10^-169
  });
});
