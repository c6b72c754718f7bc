/**
 * The director over an in-memory store, in fake time: a pass whose pairings the database does
 * not take (it is down) pairs nobody, and the players are paired by the pass that comes again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ArenaDirector, PASS_RETRY_MS } from "./director.js";
import type { ArenaTableInput } from "../arena-rules/table-config.js";
import { MemoryArenas, memoryArena } from "../bench/memory-arenas.js";
import { createLogger } from "../logging/logger.js";

const START = Date.UTC(2026, 0, 1, 12);

describe("the arena director", () => {
  beforeEach(() => vi.useFakeTimers({ now: START }));
  afterEach(() => vi.useRealTimers());

  it("pairs again after a pass whose pairings the database did not take", async () => {
    const store = new MemoryArenas(
      memoryArena({ id: "retryAre", name: "Retry", startsAt: START - 60_000, minutes: 60 }),
      () => Date.now(),
    );
    store.add("ann", "Ann", 1500);
    store.add("bob", "Bob", 1510);
    let down = true;
    const addPairings = store.addPairings;
    store.addPairings = (arenaId, pairs) =>
      down ? Promise.reject(new Error("the database is down")) : addPairings(arenaId, pairs);
    const tables: ArenaTableInput[] = [];
    const warnings: string[] = [];
    const director = new ArenaDirector(store.arena, {
      arenas: store,
      publish: () => {},
      subscribe: () => Promise.resolve(() => {}),
      makeTable: (table) => {
        tables.push(table);
        return Promise.resolve({ roomId: `t${tables.length}`, reservations: [null, null] });
      },
      now: () => Date.now(),
      log: createLogger({ level: "warn", destination: { write: (line: string) => void warnings.push(line) } }),
    });
    await director.start();
    for (const [id, name] of [
      ["ann", "Ann"],
      ["bob", "Bob"],
    ])
      await director.hear({ type: "present", playerId: id!, name: name!, rating: 0, ratedHands: 0 });

    await vi.advanceTimersByTimeAsync(0); // the pass: both are ready
    expect(tables).toEqual([]);
    expect(store.pairingsById.size).toBe(0);

    down = false;
    await vi.advanceTimersByTimeAsync(PASS_RETRY_MS);
    expect(tables.map((t) => t.seats.map((s) => s.playerId).sort())).toEqual([["ann", "bob"]]);
    expect(store.pairingsById.size).toBe(1);
    expect(warnings.join("")).toContain("the pass's pairings were not recorded");
    director.stop();
  });
});
