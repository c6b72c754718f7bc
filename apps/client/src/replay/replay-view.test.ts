import { describe, expect, it } from "vitest";
import { layoutTable, NO_HIGHLIGHTS } from "../model/layout.js";
import { planSteps } from "../model/plan.js";
import { replayRecord } from "./replay.js";
import { playedRecord } from "./replay-fixtures.js";
import { replayView } from "./replay-view.js";

function replayed(players: 2 | 3 | 4 = 2) {
  const { record } = playedRecord(players);
  const r = replayRecord(record);
  if (!r.ok) throw new Error(JSON.stringify(r.failure));
  return r.replay;
}

describe("replayView", () => {
  it("shows every hand face up from the bottom seat, names as recorded, nothing to press", () => {
    const { record, positions } = replayed(3);
    const view = replayView(record, positions[4]!, 4, 1);
    expect(view.mySeat).toBe(1);
    expect(view.seats.map((s) => s.seat)).toEqual([1, 2, 0]);
    expect(view.hand.map((h) => h.card).sort()).toEqual(positions[4]!.hands[1]!.slice().sort());
    for (const s of view.seats.filter((x) => !x.isMe))
      expect(s.shown?.slice().sort()).toEqual(positions[4]!.hands[s.seat]!.slice().sort());
    expect(view.seats.find((s) => s.seat === 0)?.name).toBe("Anna");
    expect(view).toMatchObject({ replay: true, myTurn: false, legal: [], pickup: null, hintAvailable: false });
    const layout = layoutTable(view, 1366, 768);
    expect(layout.buttons).toEqual([]);
    for (const spot of layout.seats.filter((s) => s.seat !== 1))
      expect(spot.faces).toHaveLength(positions[4]!.hands[spot.seat]!.length);
  });

  it("lifts the better card wherever it lies: in the bottom hand or an opponent's fan", () => {
    const { record, positions } = replayed();
    const view = replayView(record, positions[0]!, 0, 0);
    const mine = view.hand[3]!.card;
    const theirs = view.seats[1]!.shown![2]!;
    const plain = layoutTable(view, 1366, 768);
    const liftedMine = layoutTable(view, 1366, 768, { ...NO_HIGHLIGHTS, hint: mine });
    expect(liftedMine.hand[3]!.y).toBeLessThan(plain.hand[3]!.y);
    expect(liftedMine.hand[3]!.hinted).toBe(true);
    const liftedTheirs = layoutTable(view, 1366, 768, { ...NO_HIGHLIGHTS, hint: theirs });
    const spot = liftedTheirs.seats.find((s) => s.seat === 1)!;
    expect(spot.hinted).toBe(2);
    expect(spot.backs[2]!.y).toBeLessThan(plain.seats.find((s) => s.seat === 1)!.backs[2]!.y);
  });

  it("plans one move forward and the same move backward as card flights", () => {
    const { record, positions } = replayed();
    const views = positions.slice(0, 6).map((p, i) => replayView(record, p, i, 0));
    for (let i = 0; i + 1 < views.length; i++) {
      const forward = planSteps(views[i]!, views[i + 1]!);
      const backward = planSteps(views[i + 1]!, views[i]!);
      expect(forward.length).toBeGreaterThan(0);
      expect(backward.length).toBeGreaterThan(0);
      const move = record.log[i]!;
      if (move.type === "play") {
        expect(forward[0]).toMatchObject({ kind: "play", card: move.card, seat: positions[i]!.toMove });
        expect(backward[0]).toMatchObject({ kind: "pickup", cards: [move.card], seat: positions[i]!.toMove }); // back from the pile to the hand
      }
    }
  });
});

describe("a replay on a phone", () => {
  it("keeps the pile's count below the others' face-up cards, however short the canvas", () => {
    const { record, positions } = replayed(4);
    const view = replayView(record, positions[2]!, 2, 0);
    for (const [width, height] of [
      [390, 844],
      [390, 480],
      [320, 420],
    ] as const) {
      const layout = layoutTable(view, width, height);
      const facesBottom = Math.max(
        ...layout.seats
          .filter((s) => s.pos !== "bottom")
          .flatMap((s) => s.backs.map((b) => b.y + (layout.cardH * 0.62) / 2)),
      );
      const countTop = layout.pileCentre.y - layout.cardH / 2 - 26;
      expect(countTop).toBeGreaterThan(facesBottom);
    }
  });
});
