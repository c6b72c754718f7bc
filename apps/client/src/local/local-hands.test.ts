import { describe, expect, it } from "vitest";
import { replayRecord } from "../replay/replay.js";
import { playedRecord } from "../replay/replay-fixtures.js";
import type { HistoryEntry } from "../net/api-bodies.js";
import { memoryStorage } from "../net/test-storage.js";
import {
  historyWithLocal,
  keepLocalHand,
  localHistory,
  localRecord,
  LOCAL_HANDS_KEPT,
  LOCAL_HANDS_KEY,
  markUploaded,
} from "./local-hands.js";
import type { FinishedLocalHand } from "./local-table.js";

/** A finished local hand: a seeded duel played to its end by the engine. */
function finished(id: string, endedAt: number, seed = 5): FinishedLocalHand {
  const { record } = playedRecord(2, seed);
  return {
    hand: {
      id,
      setup: record.setup,
      log: record.log,
      moveTimes: record.log.map((_, i) => i * 100),
      startedAt: endedAt - 60_000,
    },
    names: ["Ann", "Computer"],
    level: "hard",
    endedAt,
  };
}

const serverEntry = (id: string, endedAt: number): HistoryEntry => ({
  id,
  mode: "quick",
  players: 2,
  seat: 0,
  place: 1,
  outcome: "won",
  opponents: [{ name: "Bob", computer: null }],
  endedAt: new Date(endedAt),
  ratingDelta: 12,
});

describe("the hands played in the page", () => {
  it("replays a kept hand as a record the replay page reads, with the engine's result, and knows no other id", () => {
    const storage = memoryStorage();
    const f = finished("h1", 1_700_000_000_000);
    keepLocalHand(storage, f);
    const record = localRecord(storage, "h1");
    expect(record).not.toBeNull();
    expect(record!.log).toEqual(f.hand.log);
    expect(record!.setup).toEqual(f.hand.setup);
    expect(record!.seats.map((s) => [s.name, s.computer])).toEqual([
      ["Ann", null],
      ["Computer", "hard"],
    ]);
    expect(record!.endedAt?.getTime()).toBe(1_700_000_000_000);
    const replayed = replayRecord(record!);
    expect(replayed.ok).toBe(true); // the replay page's own check: legal moves, the recorded end
    expect(localRecord(storage, "other")).toBeNull();
  });

  it("keeps the last LOCAL_HANDS_KEPT hands only, and drops a damaged entry instead of failing", () => {
    const storage = memoryStorage();
    for (let i = 0; i < LOCAL_HANDS_KEPT + 3; i++) keepLocalHand(storage, finished(`h${i}`, 1000 + i));
    expect(localRecord(storage, "h0")).toBeNull();
    expect(localRecord(storage, "h2")).toBeNull();
    expect(localRecord(storage, "h3")).not.toBeNull();
    expect(localHistory(storage, true)).toHaveLength(LOCAL_HANDS_KEPT);
    expect(localHistory(storage, true)[0]!.id).toBe(`h${LOCAL_HANDS_KEPT + 2}`); // newest first
    const kept = JSON.parse(storage.getItem(LOCAL_HANDS_KEY)!) as { moves: string[] }[];
    kept[kept.length - 1]!.moves.reverse(); // no longer legal
    storage.setItem(LOCAL_HANDS_KEY, JSON.stringify(kept));
    expect(localRecord(storage, `h${LOCAL_HANDS_KEPT + 2}`)).toBeNull();
    expect(localHistory(storage, true)).toHaveLength(LOCAL_HANDS_KEPT - 1);
  });

  it("lists in My games the hands the server does not have yet, by date among the server's; all of them when the server cannot be asked", async () => {
    const storage = memoryStorage();
    keepLocalHand(storage, finished("old-local", 1000));
    keepLocalHand(storage, finished("new-local", 5000));
    keepLocalHand(storage, finished("uploaded", 4000));
    markUploaded(storage, "uploaded");
    const server = () =>
      Promise.resolve({ games: [serverEntry("uploaded", 4000), serverEntry("online", 3000)], next: "c1" });
    const first = await historyWithLocal(storage, null, server);
    expect(first.games.map((g) => g.id)).toEqual(["new-local", "uploaded", "online", "old-local"]);
    expect(first).toMatchObject({ next: "c1", localOnly: false });
    expect(first.games[0]).toMatchObject({
      mode: "computer",
      players: 2,
      seat: 0,
      outcome: null,
      ratingDelta: null,
      opponents: [{ name: "Computer", computer: "hard" }],
    });
    expect((await historyWithLocal(storage, "c1", server)).games.map((g) => g.id)).toEqual(["uploaded", "online"]); // later pages are the server's
    const offline = await historyWithLocal(storage, null, null);
    expect(offline).toMatchObject({ next: null, localOnly: true });
    expect(offline.games.map((g) => g.id)).toEqual(["new-local", "uploaded", "old-local"]);
    const failing = await historyWithLocal(storage, null, () => Promise.reject(new Error("503")));
    expect(failing.localOnly).toBe(true);
    await expect(historyWithLocal(memoryStorage(), null, () => Promise.reject(new Error("503")))).rejects.toThrow(
      "503",
    ); // nothing to show instead: the page says it failed
  });
});
