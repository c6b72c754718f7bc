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
  return new PuzzleSource({
    api: new Api("http://127.0.0.1:9"),
    token: () => "a token",
    online: () => false,
    storage,
    pick: () => 0,
    now: () => NOW,
  });
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
    expect(Math.abs(first.rating - UNRATED_AIM)).toBe(
      Math.min(...shipped.map((p) => Math.abs(p.rating - UNRATED_AIM))),
    );
    expect((await source.next({ above: 1600 }))!.puzzle.rating).toBeGreaterThan(1600);
    expect(await source.next({ above: 4000, streak: "continue" })).toBeNull(); // offline a streak's ask is only its floor
    expect(
      await source.attempt({ puzzle: first, rated: false, daily: null }, { moves: ["pickup"], result: "failed" }),
    ).toBeNull(); // unrated: nothing posted
  });
});

describe("a puzzle answer from the server", () => {
  it("is read through the format's one check", () => {
    const p = shipped[0]!;
    expect(readServed({ ...p, estimate: p.rating, daily: "2026-12-02" })).toEqual({
      puzzle: p,
      rated: true,
      daily: "2026-12-02",
    });
    expect(readServed({ ...p, goal: "lose" })).toBeNull();
    expect(readServed({ ...p, position: { ...p.position, hands: [["XX"], []] } })).toBeNull();
    expect(readServed({ ...p, solution: { reply: "6S", next: null } })).toBeNull();
    expect(readServed(null)).toBeNull();
    expect(readServed({ id: p.id })).toBeNull();
  });
});

describe("a Streak's puzzles from the server", () => {
  /** Online with an identity, the server a stand-in that notes the paths asked and answers `answer(path)`. */
  function online(answer: (path: string) => { status: number; body: unknown }) {
    const asked: string[] = [];
    const api = new Api("http://server", (url) => {
      const path = url.slice("http://server".length);
      asked.push(path);
      const a = answer(path);
      return Promise.resolve(
        new Response(JSON.stringify(a.body), { status: a.status, headers: { "Content-Type": "application/json" } }),
      );
    });
    return {
      asked,
      source: new PuzzleSource({
        api,
        token: () => "a token",
        online: () => true,
        storage: memoryStorage(),
        pick: () => 0,
        now: () => NOW,
      }),
    };
  }
  const p = shipped[5]!;

  it("asks for the run's puzzle by its flag and the floor, and reads the run the server counted", async () => {
    const { asked, source } = online(() => ({
      status: 200,
      body: { ...p, estimate: p.rating, streak: { count: 2, best: 7, over: false } },
    }));
    expect(await source.next({ streak: "start" })).toEqual({
      puzzle: p,
      rated: true,
      daily: null,
      streak: { count: 2, best: 7, over: false },
    });
    await source.next({ streak: "continue", above: 1612.6 });
    await source.next();
    expect(asked).toEqual([
      "/api/puzzles/next?streak=start",
      "/api/puzzles/next?above=1612&streak=continue",
      "/api/puzzles/next",
    ]);
  });

  it("reads the run after a first try, and none from an answer without it", async () => {
    const ratedTry = {
      solved: true,
      repeat: false,
      rated: true,
      player: { before: 1500, after: 1520 },
      puzzle: { before: 1500, after: 1490 },
    };
    let withRun = true;
    const { source } = online(() => ({
      status: 200,
      body: withRun ? { ...ratedTry, streak: { count: 3, best: 3, over: false } } : ratedTry,
    }));
    const served = { puzzle: p, rated: true, daily: null };
    expect(await source.attempt(served, { moves: ["pickup"], result: "solved" })).toEqual({
      before: 1500,
      after: 1520,
      streak: { count: 3, best: 3, over: false },
    });
    withRun = false;
    expect(await source.attempt(served, { moves: ["pickup"], result: "solved" })).toEqual({
      before: 1500,
      after: 1520,
      streak: null,
    });
  });

  it("falls back to the shipped set, uncounted, when the server refuses the run (a 400 for a run it cannot continue)", async () => {
    const { source } = online(() => ({ status: 400, body: { error: "bad query field streak" } }));
    const served = await source.next({ streak: "continue", above: 1700 });
    expect(served?.rated).toBe(false);
    expect(served?.streak).toBeUndefined();
    expect(served!.puzzle.rating).toBeGreaterThan(1700);
  });
});
