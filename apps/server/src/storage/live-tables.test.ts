import { sql } from "kysely";
import { expect, it } from "vitest";
import { bothDatabases } from "../test-kit/postgres.js";
import type { LiveTables } from "./live-tables.js";

const databases = bothDatabases();
const LEASE = 60_000;

/** `n` tables of `owner`, each with two moves of its hand, written as the journal writes them. */
async function tables(live: LiveTables, owner: string, prefix: string, n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, (_, i) => `${prefix}-${String.fromCharCode(97 + i)}${i % 2 ? "_X" : "-a"}`);
  await live.write(
    {
      save: ids.map((roomId) => ({ roomId, snapshot: { v: 1, roomId }, handId: "h1" })),
      moves: ids.flatMap((roomId) =>
        [0, 1].map((ply) => ({ roomId, handId: "h1", ply, move: ply ? "P" : "TS", atMs: ply * 100 })),
      ),
      drop: [],
    },
    owner,
    LEASE,
  );
  return ids;
}

databases.describeEach("the tables in play", (t) => {
  it("a restart pages through its own tables once each, with their moves in order (the cursor: claimed rows are its own again)", async () => {
    const live = t.store().live;
    const ids = await tables(live, "me", `page-${t.kind}`, 7);
    const seen: string[] = [];
    let after = "";
    for (let pages = 0; pages < 10; pages++) {
      const page = await live.claim("me", LEASE, 3, true, after);
      seen.push(...page.map((c) => c.roomId));
      for (const c of page)
        expect(c.moves).toEqual([
          { ply: 0, move: "TS", atMs: 0 },
          { ply: 1, move: "P", atMs: 100 },
        ]);
      if (page.length < 3) break;
      after = page.at(-1)!.roomId;
    }
    expect(seen.sort()).toEqual([...ids].sort());
    expect(await live.claim("other", LEASE, 100, false)).toEqual([]); // leased: nobody else takes them
  });

  it("a released table is claimed by exactly one of two processes claiming at once, and the loser's writes no longer apply", async () => {
    const live = t.store().live;
    const other = t.kind === "postgres" ? (await t.openAnother()).live : live;
    // Many rounds: a claim that commits while the other's statement runs is the case that once let both take a table.
    for (let round = 0; round < 100; round++) {
      const ids = await tables(live, "a", `race-${t.kind}-${round}`, 6);
      expect(await live.release("a")).toBeGreaterThanOrEqual(6);
      const [b, c] = await Promise.all([
        live.claim(`b${round}`, LEASE, 100, false),
        other.claim(`c${round}`, LEASE, 100, false),
      ]);
      const mine = (x: { roomId: string }[]) => x.map((r) => r.roomId).filter((id) => ids.includes(id));
      expect([...mine(b), ...mine(c)].sort()).toEqual([...ids].sort()); // every table once
      const lost = await live.write(
        { save: ids.map((roomId) => ({ roomId, snapshot: { v: 1 }, handId: "h1" })), moves: [], drop: [] },
        "a",
        LEASE,
      );
      expect(lost.sort()).toEqual([...ids].sort()); // "a" let them go: its late writes are refused, and it is told
    }
  });

  it("one statement: a new deal clears the last hand's moves but not its own, a dropped table takes its moves along, a lost table's moves are not written", async () => {
    const store = t.store();
    const live = store.live;
    const [dealt, dropped, lost] = await tables(live, "me", `one-${t.kind}`, 3);
    expect(await live.release("me", [lost!])).toBe(1);
    expect(await live.claim("else", LEASE, 100, false)).toEqual(
      expect.arrayContaining([expect.objectContaining({ roomId: lost })]),
    );
    const answer = await live.write(
      {
        save: [dealt!, lost!].map((roomId) => ({ roomId, snapshot: { v: 1, roomId }, handId: "h2" })),
        moves: [dealt!, lost!].map((roomId) => ({ roomId, handId: "h2", ply: 0, move: "QH", atMs: 5 })),
        drop: [dropped!],
      },
      "me",
      LEASE,
    );
    expect(answer).toEqual([lost]); // "else" plays it now: nothing of it was written by "me"
    const rows = await store.db
      .selectFrom("live_moves")
      .select(["room_id", "hand_id", "ply"])
      .where("room_id", "in", [dealt!, dropped!, lost!])
      .orderBy("room_id")
      .orderBy("hand_id")
      .orderBy("ply")
      .execute();
    expect(rows).toEqual([
      { room_id: dealt, hand_id: "h2", ply: 0 }, // h1's two moves are gone, the new hand's first is there
      { room_id: lost, hand_id: "h1", ply: 0 },
      { room_id: lost, hand_id: "h1", ply: 1 },
    ]);
    expect(
      await store.db.selectFrom("live_tables").select("room_id").where("room_id", "=", dropped!).execute(),
    ).toEqual([]);
  });

  it("a group written again after its answer was lost meets its own rows and goes through; a first write never does", async () => {
    const live = t.store().live;
    const [id] = await tables(live, "me", `again-${t.kind}`, 1);
    const moves = [2, 3].map((ply) => ({ roomId: id!, handId: "h1", ply, move: "TS", atMs: 300 }));
    await live.write({ save: [], moves, drop: [] }, "me", LEASE);
    await expect(live.write({ save: [], moves, drop: [] }, "me", LEASE)).rejects.toThrow(); // the same move twice is a fault, not a silent skip
    await live.write({ save: [], moves, drop: [], again: true }, "me", LEASE);
    await live.write(
      { save: [{ roomId: id!, snapshot: { v: 1 }, handId: "h1" }], moves, drop: [], again: true },
      "me",
      LEASE,
    );
    await live.release("me", [id!]);
    const [claimed] = await live.claim("me", LEASE, 1, true, `again-${t.kind}`);
    expect(claimed?.moves.map((m) => m.ply)).toEqual([0, 1, 2, 3]);
  });

  /** Moves `owner`'s last sign of life and its lease a minute back (as if it had been down that long); returns the sign, epoch ms. */
  const lastRenewedMinuteAgo = async (owner: string): Promise<number> => {
    const r = await sql<{ renewed: Date }>`update live_owners
      set renewed_at = renewed_at - interval '1 minute', lease_until = lease_until - interval '1 minute'
      where owner = ${owner} returning renewed_at as renewed`.execute(t.store().db);
    return new Date(r.rows[0]!.renewed).getTime();
  };

  it("the lease is the process's: once it lapses every table of it is anyone's, and a claim reads when the owner was last alive — a restart under the same name too", async () => {
    const live = t.store().live;
    const prefix = `lease-${t.kind}`;
    const ids = await tables(live, "gone", prefix, 3);
    await live.renew("gone", 1); // a crash: its last renewal lapses at once
    const alive = await lastRenewedMinuteAgo("gone");
    const claimed = (await live.claim("heir", LEASE, 100, false, prefix)).filter((c) => c.roomId.startsWith(prefix));
    expect(claimed.map((c) => c.roomId).sort()).toEqual([...ids].sort());
    for (const c of claimed) expect(c.lastAliveAt).toBe(alive); // not the claim's own time, a minute later
    expect(await live.claim("third", LEASE, 100, false, prefix)).toEqual([]); // the heir's lease holds them

    const again = await tables(live, "embedded", `${prefix}-same`, 2);
    const before = await lastRenewedMinuteAgo("embedded");
    const mine = await live.claim("embedded", LEASE, 100, true, `${prefix}-same`);
    expect(mine.map((c) => c.roomId).sort()).toEqual([...again].sort());
    for (const c of mine) expect(c.lastAliveAt).toBe(before); // its clocks ran while it was down
    expect(await live.claim("embedded", LEASE, 100, false, `${prefix}-same`)).toEqual([]); // a running process never claims its own tables again
  });

  it("the journal's function keeps one generic plan on a PostgreSQL server and PGlite's own choice on PGlite (each the cheaper, measured: migration 0006)", async () => {
    const r = await sql<{
      config: string[] | null;
    }>`select proconfig as config from pg_proc where proname = 'live_journal_write'`.execute(t.store().db);
    expect(r.rows).toHaveLength(1);
    expect(r.rows[0]!.config ?? []).toEqual(t.kind === "postgres" ? ["plan_cache_mode=force_generic_plan"] : []);
  });
});
