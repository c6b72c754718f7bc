import { describe, expect, it } from "vitest";
import { duel } from "./fixtures.js";
import { planSteps } from "./plan.js";
import { buildView } from "./view.js";

const view = (...a: Parameters<typeof duel>) => buildView(duel(...a), "me");

describe("planSteps", () => {
  it("shows the first state and a reconnect without animation", () => {
    expect(planSteps(null, view())).toEqual([]);
  });

  it("plans the deal when play starts, round-robin from the first mover", () => {
    const before = view({ phase: "choosing" }, [], 0);
    const steps = planSteps(before, view({}, ["6H", "7H"], 3));
    expect(steps).toEqual([{ kind: "deal", seats: [0, 1, 0, 1, 1] }]);
  });

  it("a lead flies from my hand to the pile", () => {
    const steps = planSteps(view({}, ["TC", "8C"]), view({ toMove: 1, pile: ["8C"], seq: 2 }, ["TC"]));
    expect(steps).toEqual([{ kind: "play", seat: 0, card: "8C", beat: false }]);
  });

  it("an opponent's beat and second card in one patch become two plays", () => {
    const prev = view({ toMove: 1, pile: ["8C"] }, ["TC"], 5);
    const next = view({ toMove: 0, pile: ["8C", "9C", "6D"], seq: 3 }, ["TC"], 3);
    expect(planSteps(prev, next)).toEqual([
      { kind: "play", seat: 1, card: "9C", beat: true },
      { kind: "play", seat: 1, card: "6D", beat: false },
    ]);
  });

  it("a pickup flies the taken cards to the taker", () => {
    const prev = view({ toMove: 1, pile: ["7D", "8C", "JS", "QC", "KD"] }, ["TC"], 5);
    const next = view({ toMove: 0, pile: ["7D", "8C"], seq: 2 }, ["TC"], 8);
    expect(planSteps(prev, next)).toEqual([{ kind: "pickup", seat: 1, cards: ["JS", "QC", "KD"] }]);
  });

  it("going out and the result follow the last card", () => {
    const prev = view({ pile: ["8C"] }, ["TC"], 5);
    const next = view(
      { phase: "over", toMove: -1, pile: ["8C", "TC"], seq: 2, result: { places: [1, 2], loser: 1, reason: "out" } },
      [],
      5,
    );
    expect(planSteps(prev, next)).toEqual([
      { kind: "play", seat: 0, card: "TC", beat: true },
      { kind: "out", seat: 0 },
      { kind: "result" },
    ]);
  });

  it("a beat with a last card owes no second card: the next card answers it (R14, R15)", () => {
    const prev = view({ toMove: 1, pile: ["8C"] }, ["AC"], 1);
    const next = view(
      {
        phase: "over",
        toMove: -1,
        pile: ["8C", "9C", "AC"],
        seq: 3,
        result: { places: [1, 1], loser: null, reason: "last-card-draw" },
      },
      [],
      0,
    );
    expect(planSteps(prev, next)).toEqual([
      { kind: "play", seat: 1, card: "9C", beat: true },
      { kind: "play", seat: 0, card: "AC", beat: true },
      { kind: "out", seat: 0 },
      { kind: "out", seat: 1 },
      { kind: "result" },
    ]);
  });

  it("an unexplainable jump is shown at once", () => {
    const prev = view({ pile: ["8C", "9C"] }, ["TC"], 5);
    const next = view({ pile: ["8C", "KD"], seq: 9 }, ["TC"], 9);
    expect(planSteps(prev, next)).toEqual([]);
  });
});
