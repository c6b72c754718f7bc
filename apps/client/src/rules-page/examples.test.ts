import { applyMove, fromPosition } from "@yourtrumps/engine";
import type { Card } from "@yourtrumps/engine";
import { describe, expect, it } from "vitest";
import { EXAMPLE_TRUMPS, buildScenes } from "./examples.js";
import type { Panel } from "./examples.js";

const scenes = buildScenes();
const panel = (id: string, i = 0): Panel => {
  const p = scenes.find((s) => s.id === id)?.panels[i];
  if (p === undefined) throw new Error(`no panel ${id}/${i}`);
  return p;
};
const sorted = (cards: readonly Card[]): Card[] => [...cards].sort();

/** The opponent holds a card that appears nowhere else, so positions are valid. */
function position(p: Extract<Panel, { kind: "choice" }>) {
  const hands: Card[][] = [[], []];
  hands[p.mover] = [...p.hand];
  hands[1 - p.mover] = ["QD"];
  return fromPosition({
    trumps: [...EXAMPLE_TRUMPS],
    hands,
    pile: [...p.pile],
    toMove: p.mover,
    secondDue: p.secondDue,
  });
}

describe("worked examples (RULES.md)", () => {
  it("has all seven, in order", () => {
    expect(scenes.map((s) => s.id)).toEqual(["E1", "E2", "E3", "E4", "E5", "E6", "E7"]);
  });

  it("marks exactly the cards RULES.md lists as legal", () => {
    const expected: Record<string, Card[]> = { E1: ["TC", "6H"], E2: ["TH"], E3: ["6H"] };
    for (const [id, legal] of Object.entries(expected)) {
      const p = panel(id);
      if (p.kind !== "choice") throw new Error(`${id} should be a choice`);
      expect(sorted(p.legal), id).toEqual(sorted(legal));
      expect(p.canPickUp, id).toBe(true);
    }
  });

  it("agrees with applyMove card by card: a marked card is accepted, an unmarked one refused", () => {
    for (const scene of scenes) {
      for (const p of scene.panels) {
        if (p.kind !== "choice") continue;
        const start = position(p);
        for (const card of p.hand) {
          const r = applyMove(start, { type: "play", card });
          expect(r.ok, `${scene.id} ${card}`).toBe(p.legal.includes(card));
        }
        expect(applyMove(start, { type: "pickup" }).ok, `${scene.id} pickup`).toBe(p.canPickUp);
      }
    }
  });

  it("takes the cards RULES.md says and leaves the right card for the right player", () => {
    const e4 = panel("E4");
    const e5 = panel("E5");
    if (e4.kind !== "pickup" || e5.kind !== "pickup") throw new Error("E4 and E5 are pickups");
    expect(e4.taken).toEqual(["JS", "QC", "KD"]);
    expect(e4.left.at(-1)).toBe("8C");
    expect(e5.taken).toEqual(["8C", "JS", "QC", "KD", "9H"]);
    expect(e5.left).toEqual(["7H"]);
    for (const p of [e4, e5]) {
      expect(p.next).toBe(0);
      const hands: Card[][] = [["QD"], ["6S"]];
      const r = applyMove(fromPosition({ trumps: [...EXAMPLE_TRUMPS], hands, pile: [...p.pile], toMove: p.mover }), {
        type: "pickup",
      });
      if (!r.ok) throw new Error(r.error.message);
      expect(r.hand.pile).toEqual(p.left);
      expect(r.hand.toMove).toBe(p.next);
      expect(sorted(r.hand.hands[p.mover]!)).toEqual(sorted(["6S", ...p.taken]));
    }
  });

  it("E6: after beating with TC every card may follow and picking up is refused", () => {
    const before = panel("E6", 0);
    const after = panel("E6", 1);
    if (before.kind !== "choice" || after.kind !== "choice") throw new Error("E6 is two choices");
    expect(before.chosen).toBe("TC");
    expect(before.legal).toContain("TC");
    expect(after.pile).toEqual(["9C", "TC"]);
    expect(sorted(after.legal)).toEqual(sorted(after.hand));
    expect(after.canPickUp).toBe(false);
  });

  it("E7: AH alone draws on KC; AH with 7D loses", () => {
    const alone = panel("E7", 0);
    const two = panel("E7", 1);
    if (alone.kind !== "last" || two.kind !== "last") throw new Error("E7 is two last answers");
    expect(alone.pile.at(-1)).toBe("KC");
    expect(alone.result).toMatchObject({ reason: "last-card-draw", loser: null });
    expect(two.result).toMatchObject({ reason: "out", loser: 1 });
  });
});
