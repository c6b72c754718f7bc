import { dailyPuzzle, parsePuzzleLine, UNRATED_AIM } from "@yourtrumps/ai";
import { SHIPPED_PUZZLES } from "@yourtrumps/ai/puzzles/shipped";
import { describe, expect, it } from "vitest";
import { Api } from "../net/api.js";
import { memoryStorage } from "../net/test-storage.js";
import { PuzzleSource, SEEN_KEY, readServed } from "./puzzle-source.js";

const shipped = SHIPPED_PUZZLES.split("\n").map(parsePuzzleLine);
const NOW = new Date("2026-12-02T12:00:00Z");

/** Offline: the shipped set, whatever the token. No request may be sent (the API's address answers nothing). */
function offline(storage = memoryStorage()): PuzzleSource {
  return new PuzzleSource({ api: new Api("http://127.0.0.1:9"), token: () => "a token", online: () => false, storage, pick: () => 0, now: () => NOW });
}

describe("where the page's puzzles come from, offline", () => {
  it("serves a shipped puzzle by id, unrated, and the daily one the shared choice names", async () => {
    const source = offline();
    expect(source.rated).toBe(false);
    const one = await source.get(shipped[3]!.id);
    expect(one).toEqual({ puzzle: shipped[3], rated: false, daily: null });
    const daily = await source.get("daily");
    expect(daily.puzzle.id).toBe(dailyPuzzle(shipped, "2026-12-02")!.id);
    expect(daily.daily).toBe("2026-12-02");
    await expect(source.get("zzzzzzzz")).rejects.toThrow();
  });

  it("gives Next near the unrated aim, never one seen before (kept in storage), rising above a streak's floor", async () => {
    const storage = memoryStorage();
    const source = offline(storage);
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add((await source.next())!.puzzle.id);
    expect(ids.size).toBe(5);
    expect(JSON.parse(storage.getItem(SEEN_KEY)!)).toEqual([...ids]);
    const again = await offline(storage).next(); // another page, the same storage
    expect(ids.has(again!.puzzle.id)).toBe(false);
    const first = (await offline().next())!.puzzle;
    expect(Math.abs(first.rating - UNRATED_AIM)).toBe(Math.min(...shipped.map((p) => Math.abs(p.rating - UNRATED_AIM))));
    expect((await source.next(1600))!.puzzle.rating).toBeGreaterThan(1600);
    expect(await source.next(4000)).toBeNull();
    expect(await source.attempt({ puzzle: first, rated: false, daily: null }, { moves: ["pickup"], result: "failed" })).toBeNull(); // unrated: nothing posted
  });
});

describe("a puzzle answer from the server", () => {
  it("is read through the format's one check", () => {
    const p = shipped[0]!;
    expect(readServed({ ...p, estimate: p.rating, daily: "2026-12-02" })).toEqual({ puzzle: p, rated: true, daily: "2026-12-02" });
    expect(readServed({ ...p, goal: "lose" })).toBeNull();
    expect(readServed({ ...p, position: { ...p.position, hands: [["XX"], []] } })).toBeNull();
    expect(readServed({ ...p, solution: { reply: "6S", next: null } })).toBeNull();
    expect(readServed(null)).toBeNull();
    expect(readServed({ id: p.id })).toBeNull();
  });
});
