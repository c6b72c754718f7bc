import { describe, expect, it } from "vitest";
import { replay } from "./replay.js";
import { SetupError, fromPosition, newHand } from "./setup.js";
import type { PositionSpec } from "./types.js";

describe("fromPosition", () => {
  const ok: PositionSpec = { trumps: ["S", "H"], hands: [["6S", "7C"], ["6H"]], pile: ["9D"], toMove: 1 };
  it("sets up a position that counts as the first occurrence", () => {
    const h = fromPosition(ok);
    expect(h.history).toHaveLength(1);
    expect(h.turns).toBe(0);
    expect(replay(h.setup, [])).toEqual(h);
  });
  it("refuses positions that cannot be", () => {
    const bad: unknown[] = [
      null,
      { ...ok, trumps: ["S", "S"] },
      { ...ok, hands: [["6S"], ["6S"]] },
      { ...ok, hands: [["6S"], ["XX"]] },
      { ...ok, hands: [["6S"], []] },
      { ...ok, toMove: 2 },
      { ...ok, hands: [["6S", "7C"], ["6H"], []], toMove: 2, trumps: ["S", "H", "D"] },
      { ...ok, pile: [], secondDue: true },
      { ...ok, maxTurns: 0 },
      { ...ok, hands: [["6S"]], trumps: ["S"] },
      { ...ok, pile: "9D" },
    ];
    for (const p of bad) expect(() => fromPosition(p as PositionSpec), JSON.stringify(p)).toThrow(SetupError);
  });
  it("does not keep references to its input", () => {
    const spec = structuredClone(ok);
    const h = fromPosition(spec);
    spec.hands[0]!.push("AC");
    spec.pile.pop();
    expect(h.hands[0]).toEqual(["6S", "7C"]);
    expect(h.pile).toEqual(["9D"]);
  });
});

describe("newHand options", () => {
  it("refuses bogus options with a readable error", () => {
    for (const o of [
      null,
      {},
      { players: 2 },
      { players: 2, seed: Number.NaN },
      { players: 2, seed: {} },
      { players: 2, seed: 1, sixesToOwner: "yes" },
      { players: 2, seed: 1, dealer: -1 },
    ]) {
      expect(() => newHand(o as never)).toThrow(SetupError);
    }
  });
  it("a given dealer does not change the shuffle", () => {
    const a = newHand({ players: 2, seed: 5, dealer: 0, sixesToOwner: false });
    const b = newHand({ players: 2, seed: 5, dealer: 1, sixesToOwner: false });
    expect([...a.hands[0]!, ...a.hands[1]!].sort()).toEqual([...b.hands[0]!, ...b.hands[1]!].sort());
    expect(a.hands[1]).toEqual(b.hands[0]); // the same cards, dealt from the other side
  });
});

describe("replay", () => {
  it("names the first illegal move", () => {
    expect(() => replay({ players: 2, seed: 1 }, [{ type: "pickup" }])).toThrow(/move 1/);
  });
});
