import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LiveBatch, LiveTables } from "../storage/index.js";
import { TableJournal } from "./table-journal.js";
import { silentLogger } from "../logging/logger.js";

/** A database that takes every batch at once and remembers it. */
function recording(): { live: LiveTables; batches: LiveBatch[] } {
  const batches: LiveBatch[] = [];
  const live: LiveTables = {
    write: (batch) => {
      batches.push(batch);
      return Promise.resolve([]);
    },
    claim: () => Promise.resolve([]),
    renew: () => Promise.resolve(),
    release: () => Promise.resolve(0),
    count: () => Promise.resolve({ tables: 0, unowned: 0 }),
  };
  return { live, batches };
}

const move = (roomId: string, ply: number) => ({ roomId, handId: "h", ply, move: "TS", atMs: 0 });

describe("the tables' journal groups its writes", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a lone move waits out the group's time, then goes with whatever came meanwhile", async () => {
    const { live, batches } = recording();
    const journal = new TableJournal(live, "me", {
      batchMs: 100,
      fullGroup: 64,
      leaseMs: 1000,
      log: silentLogger(),
      lost: () => {},
    });
    journal.move(move("a", 0));
    let committed = false;
    void journal.committed().then((inTime) => (committed = inTime));
    await vi.advanceTimersByTimeAsync(0); // the first group of a quiet journal starts at once
    expect(batches).toHaveLength(1);
    journal.move(move("a", 1));
    void journal.committed();
    await vi.advanceTimersByTimeAsync(60);
    journal.move(move("b", 0));
    expect(batches).toHaveLength(1); // still gathering
    await vi.advanceTimersByTimeAsync(40);
    expect(batches).toHaveLength(2);
    expect(batches[1]!.moves.map((m) => `${m.roomId}${m.ply}`)).toEqual(["a1", "b0"]);
    expect(committed).toBe(true);
  });

  it("a full group starts at once, without waiting out the time", async () => {
    const { live, batches } = recording();
    const journal = new TableJournal(live, "me", {
      batchMs: 100,
      fullGroup: 3,
      leaseMs: 1000,
      log: silentLogger(),
      lost: () => {},
    });
    journal.move(move("a", 0));
    await journal.committed();
    journal.move(move("a", 1));
    const second = journal.committed();
    await vi.advanceTimersByTimeAsync(10);
    expect(batches).toHaveLength(1);
    journal.move(move("b", 0));
    journal.save("c", () => ({ snapshot: { v: 1 }, handId: null }));
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toHaveLength(2); // three writes: no more waiting
    expect(await second).toBe(true);
    expect(batches[1]!.save.map((t) => t.roomId)).toEqual(["c"]);
  });

  it("a group the database refused goes again first, marked as possibly written", async () => {
    const { live: accepting, batches } = recording();
    let refuse = true;
    const live: LiveTables = {
      ...accepting,
      write: (batch, owner, leaseMs) => {
        if (!refuse) return accepting.write(batch, owner, leaseMs);
        refuse = false;
        return Promise.reject(new Error("connection lost"));
      },
    };
    const journal = new TableJournal(live, "me", { batchMs: 0, leaseMs: 1000, log: silentLogger(), lost: () => {} });
    journal.move(move("a", 0));
    void journal.committed();
    await vi.advanceTimersByTimeAsync(0);
    journal.move(move("a", 1));
    await vi.advanceTimersByTimeAsync(1000); // the retry's backoff
    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatchObject({ again: true });
    expect(batches[0]!.moves.map((m) => m.ply)).toEqual([0, 1]);
    expect(journal.status().db).toBe("up");
  });
});
