import { describe, expect, it } from "vitest";
import { readSnapshot, SNAPSHOT_VERSION } from "./table-snapshot.js";

const seat = {
  name: "Ann",
  isAI: false,
  sessionId: "s1",
  tokenSha256: "",
  playerId: "",
  rating: 0,
  provisional: false,
  ratingAfter: 0,
  trump: "",
  wantsRematch: false,
};
const record = {
  mode: "private",
  players: 2,
  level: "medium",
  turnMs: 30_000,
  code: "K7F3QX",
  phase: "waiting",
  hands: 0,
  nextDealer: null,
  deadline: 0,
  createdAt: 1000,
  seats: [seat, { ...seat, name: "", sessionId: "" }],
  hand: null,
};

describe("a table's record", () => {
  it("of format 1 reads with watching not allowed and no start time", () => {
    const read = readSnapshot({ v: 1, ...record });
    expect(read).toMatchObject({ ok: true, snapshot: { v: SNAPSHOT_VERSION, allowWatching: false, startedAt: 0 } });
  });

  it("of format 2 keeps whether its creator allowed watching, and when it started", () => {
    expect(readSnapshot({ v: 2, ...record, allowWatching: true, startedAt: 5000 })).toMatchObject({
      ok: true,
      snapshot: { allowWatching: true, startedAt: 5000 },
    });
  });

  it("of another format is refused with a reason", () => {
    expect(readSnapshot({ v: 3, ...record })).toEqual({
      ok: false,
      reason: "its record is of format 3, this server reads 1 and 2",
    });
  });
});
