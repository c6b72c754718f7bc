import type { Card } from "@yourtrumps/engine";
import { describe, expect, it } from "vitest";
import type { TableSnapshot } from "../net/snapshot.js";
import { duel } from "../model/fixtures.js";
import { planSteps } from "../model/plan.js";
import { buildView, type TableView } from "../model/view.js";
import { cuesFor } from "./cues.js";

const view = (over: Partial<TableSnapshot> = {}, hand?: Card[], theirs?: number): TableView =>
  buildView(duel(over, hand, theirs), "me");
const cues = (prev: TableView | null, next: TableView) => cuesFor(prev, next, planSteps(prev, next));

describe("sound cues", () => {
  it("says nothing for the first state: a reload or a reconnect makes no noise", () => {
    expect(cues(null, view())).toEqual([]);
  });

  it("a lead is a card; the opponent's beat and second card a beat and a card, then my turn", () => {
    expect(cues(view({}, ["TC", "8C"]), view({ toMove: 1, pile: ["8C"], seq: 2 }, ["TC"]))).toEqual(["play"]);
    expect(
      cues(
        view({ toMove: 1, pile: ["8C"] }, ["TC"], 5),
        view({ toMove: 0, pile: ["8C", "9C", "6D"], seq: 3 }, ["TC"], 3),
      ),
    ).toEqual(["beat", "play", "yourTurn"]);
  });

  it("a pickup riffles", () => {
    expect(
      cues(
        view({ toMove: 1, pile: ["7D", "8C", "JS", "QC", "KD"] }, ["TC"], 5),
        view({ toMove: 1, pile: ["7D", "8C"], seq: 2 }, ["TC"], 8),
      ),
    ).toEqual(["pickup"]);
  });

  it("the result sounds as won, lost or drawn for me", () => {
    const before = view({ toMove: 1, pile: ["8C"] }, ["TC"], 1);
    const over = (loser: number | null) =>
      view({ phase: "over", toMove: -1, seq: 3, result: { places: [1, 2], loser, reason: "out" } }, ["TC"], 1);
    expect(cues(before, over(1)).at(-1)).toBe("win");
    expect(cues(before, over(0)).at(-1)).toBe("lose");
    expect(cues(before, over(null)).at(-1)).toBe("draw");
  });
});
