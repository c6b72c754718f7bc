import { expect, it, vi } from "vitest";
import { bothDatabases } from "../test-kit/postgres.js";
import { RecordWriter } from "./record-writer.js";
import { person, playedHand, recordOf } from "../storage/sample-hands.js";
import { silentLogger } from "../logging/logger.js";
import { capturingLogger } from "../logging/capturing-logger.js";

const databases = bothDatabases();
const duel = playedHand(2, 2);

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  await vi.waitFor(() => expect(condition(), "condition met in time").toBe(true), { timeout: timeoutMs, interval: 10 });
}

databases.describeEach("the record writer", (t) => {
  it("writes in the background and tells the caller when the record is committed", async () => {
    const store = t.store();
    const writer = new RecordWriter((r) => store.recordHand(r));
    const [a, b] = [await store.createPlayer(), await store.createPlayer()];
    const record = recordOf(duel, { id: `w-${t.kind}-1`, seats: [person(a.id), person(b.id)] });
    const committed = writer.enqueue(record);
    expect(writer.enqueue(record)).toBe(committed); // the same hand queued twice is one write
    expect(writer.status()).toEqual({ db: "up", queued: 1 });
    expect(await committed).toEqual({ ok: true, result: "recorded" });
    expect(writer.status()).toEqual({ db: "up", queued: 0 });
    expect(await store.getGame(record.id)).not.toBeNull();
    expect(await writer.enqueue(record)).toEqual({ ok: true, result: "duplicate" }); // a retry after the commit
    expect(await writer.flush(1000)).toBe(true);
  });

  it("drops a record that can never be written, reports it, and goes on with the next", async () => {
    const store = t.store();
    const { log, lines } = capturingLogger();
    const writer = new RecordWriter((r) => store.recordHand(r), { log });
    const a = await store.createPlayer();
    const broken = {
      ...recordOf(duel, { id: `w-${t.kind}-broken`, seats: [person(a.id), person(a.id)] }),
      moveTimes: [],
    };
    const ghost = recordOf(duel, {
      id: `w-${t.kind}-ghost`,
      seats: [person(a.id), person("00000000-0000-4000-8000-000000000000")],
    });
    const fine = recordOf(duel, {
      id: `w-${t.kind}-fine`,
      seats: [person(a.id), person((await store.createPlayer()).id)],
    });
    const outcomes = await Promise.all([writer.enqueue(broken), writer.enqueue(ghost), writer.enqueue(fine)]);
    expect(outcomes.map((o) => o.ok)).toEqual([false, false, true]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/hand dropped.*handId=w-.*-broken/);
    expect(writer.status()).toEqual({ db: "up", queued: 0 });
  });
});

databases.describeOn("postgres", "the record writer while the database is down", (t) => {
  it("keeps records in memory, retries with backoff, reports down, and writes everything once the server is back", async () => {
    const store = t.store();
    const { log, lines } = capturingLogger();
    const writer = new RecordWriter((r) => store.recordHand(r), {
      retryMinMs: 20,
      retryMaxMs: 200,
      log,
    });
    const [a, b] = [await store.createPlayer(), await store.createPlayer()];
    const records = [1, 2, 3, 4, 5].map((i) =>
      recordOf(duel, { id: `down-${i}`, seats: [person(a.id), person(b.id)] }),
    );

    await t.server().stop();
    const committed = records.map((r) => writer.enqueue(r));
    expect(writer.status().queued).toBe(5); // enqueue never waits for the database: each record is queued as it returns
    await until(() => writer.status().db === "down");
    expect(writer.status()).toEqual({ db: "down", queued: 5 });
    expect(await writer.flush(300)).toBe(false); // still down: shutdown would lose these five
    expect(lines.filter((l) => l.startsWith("database down"))).toHaveLength(1); // one line per outage, not per retry

    await t.server().start();
    expect(await writer.flush(15_000)).toBe(true);
    expect(await Promise.all(committed)).toEqual(records.map(() => ({ ok: true, result: "recorded" })));
    expect(writer.status()).toEqual({ db: "up", queued: 0 });
    expect(lines.at(-1)).toMatch(/database up again/);
    expect(lines.filter((l) => l.startsWith("database down"))).toHaveLength(1); // every retry of the outage failed, none logged
    for (const r of records) expect(await store.getGame(r.id)).not.toBeNull();
    expect((await store.getPlayer(a.id))?.ratings.duel.games).toBe(5); // each applied once, retries or not
  });

  it("resolves the records still queued as not written when it is closed", async () => {
    const store = t.store();
    const writer = new RecordWriter((r) => store.recordHand(r), {
      retryMinMs: 20,
      retryMaxMs: 100,
      log: silentLogger(),
    });
    const a = await store.createPlayer();
    await t.server().stop();
    try {
      const pending = writer.enqueue(recordOf(duel, { id: "closed-1", seats: [person(a.id), person(a.id)] }));
      await until(() => writer.status().db === "down");
      writer.close();
      expect(await pending).toMatchObject({ ok: false });
      expect(writer.status().queued).toBe(0);
    } finally {
      await t.server().start();
    }
  });
});
