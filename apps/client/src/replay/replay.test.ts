import { describe, expect, it } from "vitest";
import { replayRecord, replaySeat, viewerSeat } from "./replay.js";
import { seatNames } from "./review-words.js";
import { playedRecord } from "./replay-fixtures.js";

describe("replayRecord", () => {
  it("rebuilds every position with the engine, the end equal to the hand that was played", () => {
    for (const players of [2, 3, 4] as const) {
      const { record, end } = playedRecord(players);
      const r = replayRecord(record);
      if (!r.ok) throw new Error(JSON.stringify(r.failure));
      expect(r.replay.positions).toHaveLength(record.log.length + 1);
      expect(r.replay.positions.at(-1)).toEqual(end);
      expect(r.replay.positions[0]!.log).toEqual([]);
    }
  });

  it("names the first move that is not legal in a tampered log", () => {
    const { record } = playedRecord();
    const log = record.log.slice();
    const i = log.findIndex((m, k) => k > 3 && m.type === "play");
    log[i] = log[i - 2]!.type === "play" ? log[i - 2]! : { type: "play", card: "AS" }; // a card already on the pile, or out of hand
    const r = replayRecord({ ...record, log });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.failure).toMatchObject({ kind: "illegal-move", move: i + 1 });
  });

  it("refuses moves that do not end the hand as recorded: cut short, or another result", () => {
    const { record } = playedRecord();
    const cut = replayRecord({ ...record, log: record.log.slice(0, -1) });
    expect(!cut.ok && cut.failure.kind).toBe("wrong-end");
    const loser = record.result.loser === 0 ? 1 : 0;
    const other = replayRecord({
      ...record,
      result: { ...record.result, loser, places: record.result.places.slice().reverse() },
    });
    expect(!other.ok && other.failure.kind).toBe("wrong-end");
  });

  it("replays a hand called off mid-play as abandoned", () => {
    const { record } = playedRecord();
    const log = record.log.slice(0, 10);
    const r = replayRecord({ ...record, log, result: { reason: "abandoned", loser: null, places: [1, 1] } });
    expect(r.ok).toBe(true);
  });

  it("says a deal the engine refuses is damaged", () => {
    const { record } = playedRecord();
    const r = replayRecord({ ...record, setup: { ...record.setup, dealer: 7 } });
    expect(!r.ok && r.failure.kind).toBe("bad-setup");
  });
});

describe("replaySeat", () => {
  it("puts the viewer's own seat at the bottom, else the first person's", () => {
    const { record } = playedRecord(3);
    const seats = record.seats.map((s, i) => ({
      ...s,
      playerId: i === 2 ? "p-me" : null,
      computer: i === 1 ? null : ("easy" as const),
    }));
    expect(replaySeat({ ...record, seats }, "p-me")).toBe(2);
    expect(replaySeat({ ...record, seats }, "someone-else")).toBe(1);
    expect(replaySeat({ ...record, seats }, null)).toBe(1);
  });
});

describe("the review's names", () => {
  it("calls the viewer's own seat You, in their language, and the others by name", () => {
    const { record } = playedRecord();
    const guest = { ...record, seats: record.seats.map((s, i) => (i === 0 ? { ...s, name: "Guest 64B0" } : s)) };
    const you = viewerSeat(guest, "p-anna");
    expect(you).toBe(0);
    expect(seatNames("en", guest.seats, you)).toEqual(["You", "Computer 2"]);
    expect(seatNames("ru", guest.seats, you)[0]).toBe("Вы");
    expect(viewerSeat(guest, "someone-else")).toBeNull();
    expect(seatNames("en", guest.seats, viewerSeat(guest, null))).toEqual(["Guest 64B0", "Computer 2"]);
    const marked = guest.seats.map((s, i) => (i === 0 ? { ...s, marked: true as const } : s));
    expect(seatNames("en", marked, null)).toEqual(["Guest 64B0 (marked)", "Computer 2"]);
  });
});
