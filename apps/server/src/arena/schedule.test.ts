import { describe, expect, it } from "vitest";
import { scheduledArenas } from "./schedule.js";

describe("the server's own arenas", () => {
  it("at 21:30 UTC: this hour's (21:00–21:57) and the next, tomorrow's daily (today's is over)", () => {
    const now = Date.UTC(2026, 11, 5, 21, 30);
    const arenas = scheduledArenas(now, 30);
    expect(arenas.map((a) => a.scheduleKey)).toEqual([
      "hourly:2026-12-05T21",
      "hourly:2026-12-05T22",
      "daily:2026-12-06",
    ]);
    expect(arenas[0]!.startsAt).toBe(Date.UTC(2026, 11, 5, 21));
    expect(arenas[0]!.minutes).toBe(57);
  });

  it("at 21:58 UTC this hour's is over: only the next hour's", () => {
    const keys = scheduledArenas(Date.UTC(2026, 11, 5, 21, 58), 30).map((a) => a.scheduleKey);
    expect(keys.filter((k) => k.startsWith("hourly"))).toEqual(["hourly:2026-12-05T22"]);
  });

  it("at 10:00 UTC today's daily is still to come", () => {
    const keys = scheduledArenas(Date.UTC(2026, 11, 5, 10), 30).map((a) => a.scheduleKey);
    expect(keys).toContain("daily:2026-12-05");
  });
});
