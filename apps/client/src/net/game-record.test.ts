import { describe, expect, it } from "vitest";
import { playedRecord } from "../replay/replay-fixtures.js";
import { readGame } from "./game-record.js";

/** The record as the server answers it (`GameAnswer`'s fields). */
function answer() {
  const { record } = playedRecord();
  return {
    id: record.id,
    mode: record.mode,
    players: 2,
    options: {},
    setup: record.setup,
    seed: record.setup.seed,
    dealer: record.setup.dealer,
    trumps: record.setup.trumps,
    log: record.log,
    moveTimes: record.log.map((_, i) => i * 500),
    result: record.result,
    rated: false,
    seats: record.seats.map((s) => ({ ...s, anonymous: false, place: 1, outcome: "won" })),
    startedAt: "2026-12-01T10:00:00.000Z",
    endedAt: "2026-12-01T10:05:00.000Z",
  };
}

describe("readGame", () => {
  it("reads a recorded hand", () => {
    const g = readGame(answer());
    expect(g?.log).toEqual(answer().log);
    expect(g?.setup).toEqual(answer().setup);
    expect(g?.seats[1]).toEqual({ seat: 1, name: "Computer 2", playerId: null, computer: "easy", outcome: "won" });
    expect(g?.endedAt?.toISOString()).toBe("2026-12-01T10:05:00.000Z");
    const flagged = answer();
    flagged.seats[0] = { ...flagged.seats[0]!, marked: true };
    expect(readGame(flagged)?.seats.map((s) => s.marked)).toEqual([true, undefined]); // a moderator's mark, flagged
  });

  it("refuses a body that is not a record: a move that is not a move, a bad setup, seats that do not match", () => {
    expect(readGame({ ...answer(), log: [{ type: "play", card: "1X" }] })).toBeNull();
    expect(readGame({ ...answer(), setup: { ...answer().setup, players: 5 } })).toBeNull();
    expect(readGame({ ...answer(), seats: [] })).toBeNull();
    expect(readGame({ ...answer(), result: { reason: "surrender" } })).toBeNull();
    expect(readGame(null)).toBeNull();
  });
});
