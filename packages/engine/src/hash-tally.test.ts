import { describe, expect, it } from "vitest";
import { HashTally } from "./hash-tally.js";
import { Rng } from "./rng.js";

describe("HashTally", () => {
  it("counts like a Map through many growths, hashes 0 and 2³⁰ − 1 included", () => {
    const tally = new HashTally();
    const map = new Map<number, number>();
    const rng = new Rng(1);
    const hashes = [
      0,
      2 ** 30 - 1,
      ...Array.from({ length: 3000 }, () => rng.int(2 ** 30)),
      ...Array.from({ length: 3000 }, () => rng.int(500)),
    ];
    for (const h of hashes) {
      const n = (map.get(h) ?? 0) + 1;
      map.set(h, n);
      expect(tally.add(h)).toBe(n);
    }
    for (const [h, n] of map) expect(tally.get(h)).toBe(n);
    expect(tally.get(2 ** 30 - 2)).toBe(map.get(2 ** 30 - 2) ?? 0);
  });
});
