import { describe, expect, it } from "vitest";
import { detail, standing, summary } from "../arena/arena-fixtures.js";
import { readArenaDetail, readArenaList, readArenaPaired, readArenaYou, readPlayerArenas } from "./arena-bodies.js";

describe("the arenas' answers, read field by field", () => {
  it("reads the list and an arena as the server sends them", () => {
    const list = { upcoming: [summary({ status: "created" })], running: [summary()], finished: [] };
    expect(readArenaList(JSON.parse(JSON.stringify(list)))).toEqual(list);
    const d = { ...detail(), me: standing(2, "Bo") };
    expect(readArenaDetail(JSON.parse(JSON.stringify(d)))).toEqual(d);
  });

  it("refuses a body that is not the answer, and drops lines that are not lines", () => {
    expect(readArenaList({ upcoming: [] })).toBeNull();
    expect(readArenaDetail({ id: "x", status: "paused", startsAt: 0, endsAt: 1 })).toBeNull();
    const d = readArenaDetail({ ...detail(), standings: [standing(1, "Ada"), { rank: "1" }, null], featured: {} });
    expect(d?.standings.map((s) => s.name)).toEqual(["Ada"]);
    expect(d?.featured).toBeNull();
    expect(readArenaYou({ paused: true })).toBeNull();
    expect(readArenaPaired({ roomId: "r" })).toBeNull();
    expect(readArenaPaired({ reservation: { room: {} }, roomId: "r", opponent: "Bo" })?.opponent).toBe("Bo");
  });

  it("reads a player's arenas, a trophy only for places 1–3", () => {
    expect(readPlayerArenas({})).toBeNull();
    const rows = readPlayerArenas([
      { id: "a", name: "Daily", startsAt: 5, rank: 1, score: 9, trophy: 1 },
      { id: "b", name: "Hourly", startsAt: 4, rank: 9, score: 2, trophy: 9 },
      { name: "no id" },
    ]);
    expect(rows?.map((r) => [r.id, r.trophy])).toEqual([
      ["a", 1],
      ["b", null],
    ]);
  });
});
