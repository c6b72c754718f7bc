import { describe, expect, it } from "vitest";
import { defaultTrumps } from "./trumps.js";

describe("defaultTrumps (R3)", () => {
  it("keeps every pick and gives the others the first free suits in S, H, D, C", () => {
    expect(defaultTrumps([null, null])).toEqual(["S", "H"]);
    expect(defaultTrumps(["S", null])).toEqual(["S", "H"]);
    expect(defaultTrumps([null, "S"])).toEqual(["H", "S"]);
    expect(defaultTrumps([null, "H", null, null])).toEqual(["S", "H", "D", "C"]);
    expect(defaultTrumps(["C", null, "S"])).toEqual(["C", "H", "S"]);
  });
  it("refuses two seats with one suit", () => {
    expect(() => defaultTrumps(["S", "S"])).toThrow(RangeError);
  });
});
