import { describe, expect, it } from "vitest";
import { pairCost, pairReady, rankFactor, type PairingContext, type ReadyPlayer } from "./pairing.js";

const player = (id: string, rating: number, rank: number, readySince = 0): ReadyPlayer => ({
  id,
  rating,
  rank,
  readySince,
});
const ids = (pairs: [ReadyPlayer, ReadyPlayer][]): string[] =>
  pairs.map(([a, b]) => [a.id, b.id].sort().join("-")).sort();

function context(over: Partial<PairingContext> = {}, last: Record<string, string> = {}): PairingContext {
  return {
    recentlyStarted: false,
    onlyTwoActive: false,
    lastOpponent: (id) => last[id],
    meetings: () => 0,
    ...over,
  };
}

describe("arena pairing", () => {
  it("pairs rating neighbours during the first seconds, whatever the ranks", () => {
    const ready = [player("a", 1500, 4), player("b", 1900, 1), player("c", 1520, 2), player("d", 1880, 3)];
    expect(ids(pairReady(ready, context({ recentlyStarted: true })))).toEqual(["a-c", "b-d"]);
  });

  it("never pairs last opponents during the first seconds either: the next neighbour by rating instead", () => {
    const ready = [player("a", 1500, 4), player("b", 1510, 1), player("c", 1520, 2), player("d", 1530, 3)];
    expect(ids(pairReady(ready, context({ recentlyStarted: true }, { c: "d", d: "c" })))).toEqual(["a-c", "b-d"]);
    // Three players, hands quicker than the first seconds: the one who waited (a) played b last, b just played c.
    const trio = [player("a", 1500, 1, 100), player("c", 1500, 3, 300), player("b", 1500, 2, 300)];
    const last = { a: "b", b: "c", c: "b" };
    expect(ids(pairReady(trio, context({ recentlyStarted: true }, last)))).toEqual(["a-c"]);
    expect(pairReady(trio.slice(1), context({ recentlyStarted: true }, last))).toEqual([]); // b and c: nobody else
  });

  it("works out lichess's rank factor: 2000 at the top, 300 at the bottom", () => {
    const top = player("a", 1500, 1);
    const bottom = player("b", 1500, 10);
    expect(rankFactor(top, bottom, 10)).toBe(300 + Math.floor((1700 * 9) / 10)); // 1830
    expect(rankFactor(bottom, bottom, 10)).toBe(300);
    expect(pairCost(top, bottom, 10, context())).toBe(9 * 1830);
  });

  it("matches by least total cost: ranks 1–2 and 3–4, not 1–3 and 2–4", () => {
    // Hand-worked: maxRank 4. 1–2: 1×(300+1275)=1575 + 0; 3–4: 1×(300+425)=725 → 2300.
    // 1–3: 2×1575=3150; 2–4: 2×(300+850)=2300 → 5450. 1–4: 3×1575=4725; 2–3: 1150 → 5875.
    const ready = [player("a", 1500, 1), player("b", 1500, 2), player("c", 1500, 3), player("d", 1500, 4)];
    expect(ids(pairReady(ready, context()))).toEqual(["a-b", "c-d"]);
  });

  it("never pairs a player with their last opponent when others are there", () => {
    const ready = [player("a", 1500, 1), player("b", 1500, 2), player("c", 1500, 3), player("d", 1500, 4)];
    expect(ids(pairReady(ready, context({}, { a: "b", b: "a" })))).toEqual(["a-c", "b-d"]);
  });

  it("leaves two last opponents unpaired when nobody else is ready, unless only the two are active", () => {
    const ready = [player("a", 1500, 1), player("b", 1500, 2)];
    expect(pairReady(ready, context({}, { a: "b", b: "a" }))).toEqual([]);
    expect(ids(pairReady(ready, context({ onlyTwoActive: true }, { a: "b", b: "a" })))).toEqual(["a-b"]);
  });

  it("lets the latest-ready player wait when an odd number are ready", () => {
    const ready = [player("a", 1500, 1, 100), player("b", 1500, 2, 300), player("c", 1500, 3, 200)];
    expect(ids(pairReady(ready, context()))).toEqual(["a-c"]);
  });

  it("pairs all of an odd group when leaving the latest out pairs nobody", () => {
    // a and c just met: without b nobody plays, so b (latest) is paired after all.
    const ready = [player("a", 1500, 1, 100), player("b", 1500, 2, 300), player("c", 1500, 3, 200)];
    const pairs = pairReady(ready, context({}, { a: "c", c: "a" }));
    expect(pairs).toHaveLength(1);
    expect(ids(pairs)[0]).toContain("b");
  });

  it("makes earlier meetings cost more, so new opponents are preferred", () => {
    // Hand-worked (see above): a–b + c–d cost 2300 against 5450 for a–c + b–d; four earlier meetings of
    // each of a–b and c–d add 2 × 4 × 500 = 4000, so 6300 > 5450.
    const ready = [player("a", 1500, 1), player("b", 1500, 2), player("c", 1500, 3), player("d", 1500, 4)];
    const met = (x: string, y: string): number =>
      [x, y].sort().join("") === "ab" || [x, y].sort().join("") === "cd" ? 4 : 0;
    expect(ids(pairReady(ready, context({ meetings: met })))).toEqual(["a-c", "b-d"]);
  });

  it("pairs more than a hundred ready players in two groups, everyone paired", () => {
    const ready = Array.from({ length: 150 }, (_, i) => player(`p${i}`, 1200 + i, i + 1));
    const pairs = pairReady(ready, context());
    expect(pairs).toHaveLength(75);
    expect(new Set(pairs.flat().map((p) => p.id)).size).toBe(150);
  });
});
