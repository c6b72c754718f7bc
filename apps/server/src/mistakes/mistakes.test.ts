import { checkAttempt, firstSolution } from "@yourtrumps/ai";
import { expect, it, vi } from "vitest";
import { sql } from "kysely";
import type { ErrorAnswer } from "../http/errors.js";
import type { MistakesAnswer } from "../http/mistakes.js";
import type { NewPlayerAnswer } from "../http/players.js";
import { PuzzlePool } from "../http/puzzle-pool.js";
import { PuzzleSource } from "../http/puzzle-source.js";
import type { AttemptAnswer, PuzzleAnswer } from "../http/puzzles.js";
import { computerSeat, person, playedHand, recordOf } from "../storage/sample-hands.js";
import { blunderedDuel } from "../test-kit/blundered-duel.js";
import { boot, call } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";
import { bothDatabases } from "../test-kit/postgres.js";
import { personSeats, type MistakeStore, type Store } from "../storage/index.js";
import { MistakeFinder } from "./mistake-finder.js";
import { silentLogger } from "../logging/logger.js";
import { capturingLogger } from "../logging/capturing-logger.js";

const databases = bothDatabases();
const duel = blunderedDuel();

databases.describeEach("puzzles from a player's own mistakes", (t) => {
  const h = useServer(() => ({ store: t.store() }));
  const newPlayer = async (name: string): Promise<NewPlayerAnswer> =>
    (await call<NewPlayerAnswer>(h.base, "POST", "/api/players", { body: { name } })).body;

  it(
    "finds the blunder of a recorded duel on a worker, stores it as the player's, and serves and rates it like a shipped puzzle",
    { timeout: 120_000 },
    async () => {
      const me = await newPlayer("Blunderer");
      const seats = [computerSeat("hard"), computerSeat("hard")];
      seats[duel.seat] = person(me.id, "Blunderer");
      const gameId = `blunder-${t.kind}`;
      expect(await h.server.writer.enqueue(recordOf(duel.hand, { id: gameId, seats, mode: "computer" }))).toEqual({
        ok: true,
        result: "recorded",
      });
      await h.server.mistakes.idle();
      expect(h.server.mistakes.status()).toMatchObject({ searched: 1, failed: 0 });

      const listed = await call<MistakesAnswer>(h.base, "GET", `/api/players/${me.id}/mistakes`);
      expect(listed.status).toBe(200);
      const mine = listed.body.mistakes.find((m) => m.moveIndex === duel.moveIndex);
      expect(mine).toMatchObject({
        puzzleId: duel.puzzle.id,
        gameId,
        goal: duel.puzzle.goal,
        themes: duel.puzzle.themes,
        rating: duel.puzzle.rating,
      });
      expect(listed.body.mistakes.every((m) => m.gameId === gameId)).toBe(true);

      // Served like a shipped one, and an attempt on it is checked and rated the same way.
      const served = await call<PuzzleAnswer>(h.base, "GET", `/api/puzzles/${duel.puzzle.id}`, { token: me.token });
      expect(served.status).toBe(200);
      expect(served.body).toMatchObject({
        id: duel.puzzle.id,
        position: duel.puzzle.position,
        solution: duel.puzzle.solution,
        estimate: duel.puzzle.rating,
      });
      const solve = firstSolution(served.body.solution);
      expect(checkAttempt(duel.puzzle, solve)).toEqual({ result: "solved" });
      const attempts = `/api/puzzles/${duel.puzzle.id}/attempts`;
      expect(
        (
          await call<ErrorAnswer>(h.base, "POST", attempts, {
            token: me.token,
            body: { moves: "6S", result: "solved" },
          })
        ).status,
      ).toBe(400);
      const solved = await call<AttemptAnswer>(h.base, "POST", attempts, {
        token: me.token,
        body: { moves: solve, result: "solved" },
      });
      expect(solved.status).toBe(200);
      expect(solved.body).toMatchObject({ solved: true, repeat: false, rated: true });

      // The same record again adds nothing; nobody else has these mistakes.
      expect(await h.server.writer.enqueue(recordOf(duel.hand, { id: gameId, seats, mode: "computer" }))).toEqual({
        ok: true,
        result: "duplicate",
      });
      expect((await call<MistakesAnswer>(h.base, "GET", `/api/players/${me.id}/mistakes`)).body.mistakes).toHaveLength(
        listed.body.mistakes.length,
      );
      const other = await newPlayer("Other");
      expect((await call<MistakesAnswer>(h.base, "GET", `/api/players/${other.id}/mistakes`)).body.mistakes).toEqual(
        [],
      );

      // The stored puzzle is in the pool "next" picks from (here the only one: no shipped set).
      const source = new PuzzleSource(h.store.mistakes, new PuzzlePool(""));
      expect((await source.next(1500, { playerId: other.id, served: new Set() }, new Map()))?.id).toBe(duel.puzzle.id);
      expect(await source.next(1500, { playerId: me.id, served: new Set() }, new Map())).toBeUndefined(); // served to me already
      expect(
        await source.next(1500, { playerId: null, exclude: new Set([duel.puzzle.id]) }, new Map()),
      ).toBeUndefined();
    },
  );

  it("answers unknown players and puzzles with 404", async () => {
    expect(
      (await call<ErrorAnswer>(h.base, "GET", "/api/players/00000000-0000-4000-8000-000000000000/mistakes")).status,
    ).toBe(404);
    expect((await call<ErrorAnswer>(h.base, "GET", "/api/players/nobody/mistakes")).status).toBe(404);
    expect((await call<ErrorAnswer>(h.base, "GET", "/api/puzzles/zzzzzzz0")).status).toBe(404);
    expect(
      (await call<ErrorAnswer>(h.base, "POST", "/api/players/00000000-0000-4000-8000-000000000000/mistakes")).status,
    ).toBe(405);
  });

  it("looks for none in a hand of three players, or a duel with no person in it", async () => {
    const me = await newPlayer("Three");
    const three = recordOf(playedHand(3, 7), {
      id: `three-${t.kind}`,
      seats: [person(me.id), computerSeat(), computerSeat()],
      mode: "computer",
    });
    expect(personSeats(three)).toEqual([]);
    const searched = h.server.mistakes.status().searched;
    expect(await h.server.writer.enqueue(three)).toMatchObject({ ok: true });
    expect(personSeats(recordOf(duel.hand, { id: "x", seats: [computerSeat(), computerSeat()] }))).toEqual([]);
    await h.server.mistakes.idle();
    expect(h.server.mistakes.status().searched).toBe(searched);
    expect((await call<MistakesAnswer>(h.base, "GET", `/api/players/${me.id}/mistakes`)).body.mistakes).toEqual([]);
  });
});

/** Until `test` holds (the finder's claims and searches run on their own). */
async function until(test: () => boolean | Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await test())) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: ms, interval: 10 },
  );
}

/** The hands still queued for their search, oldest first, with who holds them. */
async function queuedHands(store: Store): Promise<{ game_id: string; claimed_by: string | null }[]> {
  return store.db.selectFrom("mistake_searches").select(["game_id", "claimed_by"]).orderBy("seq").execute();
}

databases.describeEach("the mistake search's queue, in the database", (t) => {
  it("queues a recorded duel with a person in the record's own transaction, and only such a hand", async () => {
    const store = t.store();
    const me = await store.createPlayer("Queued");
    await store.recordHand(
      recordOf(playedHand(2, 40), { id: `q-duel-${t.kind}`, seats: [person(me.id), computerSeat()], mode: "computer" }),
    );
    await store.recordHand(
      recordOf(playedHand(3, 41), {
        id: `q-three-${t.kind}`,
        seats: [person(me.id), computerSeat(), computerSeat()],
        mode: "computer",
      }),
    );
    await store.recordHand(
      recordOf(playedHand(2, 42), {
        id: `q-computers-${t.kind}`,
        seats: [computerSeat(), computerSeat()],
        mode: "computer",
      }),
    );
    expect(
      await store.recordHand(
        recordOf(playedHand(2, 40), {
          id: `q-duel-${t.kind}`,
          seats: [person(me.id), computerSeat()],
          mode: "computer",
        }),
      ),
    ).toBe("duplicate");
    expect(await queuedHands(store)).toEqual([{ game_id: `q-duel-${t.kind}`, claimed_by: null }]);
    const finder = new MistakeFinder(store.mistakes, { log: silentLogger() });
    finder.resume();
    await finder.idle();
    expect(finder.status()).toMatchObject({ queued: 0, batch: 0, running: false, searched: 1, failed: 0 });
    expect(await queuedHands(store)).toEqual([]);
    await finder.close();
  }, 60_000);

  it("never skips a burst: every hand waits in the database, at most a batch is held, all are searched oldest first", async () => {
    const store = t.store();
    const me = await store.createPlayer("Burst");
    const order: string[] = [];
    const noting: MistakeStore = {
      ...store.mistakes,
      add: (gameId, found) => (order.push(gameId), store.mistakes.add(gameId, found)),
    };
    const finder = new MistakeFinder(noting, { batch: 3, log: silentLogger() });
    try {
      const records = Array.from({ length: 9 }, (_, i) =>
        recordOf(playedHand(2, 100 + i), {
          id: `burst-${t.kind}-${i}`,
          seats: [person(me.id), computerSeat()],
          mode: "computer",
        }),
      );
      for (const r of records) {
        await store.recordHand(r);
        expect(finder.offer(r)).toBe(true);
        expect(finder.status().batch).toBeLessThanOrEqual(3);
      }
      finder.resume();
      await finder.idle();
      expect(finder.status()).toMatchObject({ queued: 0, batch: 0, running: false, searched: 9, failed: 0 });
      expect(order).toEqual(records.map((r) => r.id));
      expect(await queuedHands(store)).toEqual([]);
    } finally {
      await finder.close();
    }
  }, 120_000);

  it("survives the finder's end: hands claimed and not searched are found by the next finder on the same database; another process's live claim is left alone", async () => {
    const store = t.store();
    const me = await store.createPlayer("Crashed");
    const seats = [computerSeat("hard"), computerSeat("hard")];
    seats[duel.seat] = person(me.id, "Crashed");
    const gameId = `crash-${t.kind}`;
    await store.recordHand(recordOf(duel.hand, { id: gameId, seats, mode: "computer" }));

    // This process claims the hand but never gets to search it (the tables are busy), then stops.
    const before = new MistakeFinder(store.mistakes, {
      owner: "process-a",
      busy: () => true,
      busyWaitMs: 60_000,
      log: silentLogger(),
    });
    before.resume();
    await until(() => before.status().batch === 1, "the claim");
    await before.close();
    expect(await queuedHands(store)).toEqual([{ game_id: gameId, claimed_by: "process-a" }]);
    expect(await store.mistakes.ofPlayer(me.id)).toEqual([]);

    // Another process leaves it while process-a's lease runs.
    const other = new MistakeFinder(store.mistakes, { owner: "process-b", log: silentLogger() });
    other.resume();
    await other.idle();
    expect(other.status()).toMatchObject({ searched: 0, queued: 1 });
    await other.close();

    // process-a started again takes its own claim back at once and finds the blunder.
    const after = new MistakeFinder(store.mistakes, { owner: "process-a", log: silentLogger() });
    after.resume();
    await after.idle();
    expect(after.status()).toMatchObject({ searched: 1, failed: 0, queued: 0 });
    expect((await store.mistakes.ofPlayer(me.id)).map((m) => [m.puzzleId, m.gameId, m.moveIndex])).toContainEqual([
      duel.puzzle.id,
      gameId,
      duel.moveIndex,
    ]);
    expect(await queuedHands(store)).toEqual([]);
    await after.close();
  }, 120_000);

  it("a server stopped before the search leaves the hand queued; the next server on the same database finds its mistakes", async () => {
    const store = t.store();
    const me = await store.createPlayer("Restarted");
    const seats = [computerSeat("hard"), computerSeat("hard")];
    seats[duel.seat] = person(me.id, "Restarted");
    const gameId = `restart-${t.kind}`;
    const first = await boot({ store, mistakes: { busy: () => true, busyWaitMs: 60_000 } }); // the tables never leave the search a moment
    try {
      expect(await first.server.writer.enqueue(recordOf(duel.hand, { id: gameId, seats, mode: "computer" }))).toEqual({
        ok: true,
        result: "recorded",
      });
      await until(() => first.server.mistakes.status().batch === 1, "the claim");
    } finally {
      await first.close();
    }
    expect((await queuedHands(store)).map((q) => q.game_id)).toEqual([gameId]);
    const second = await boot({ store });
    try {
      await second.server.mistakes.idle();
      expect(second.server.mistakes.status()).toMatchObject({ searched: 1, queued: 0 });
      const listed = await call<MistakesAnswer>(second.base, "GET", `/api/players/${me.id}/mistakes`);
      expect(listed.body.mistakes).toContainEqual(
        expect.objectContaining({ puzzleId: duel.puzzle.id, gameId, moveIndex: duel.moveIndex }),
      );
    } finally {
      await second.close();
    }
  }, 120_000);

  it("takes over a crashed process's hands once its lease has lapsed", async () => {
    const store = t.store();
    const me = await store.createPlayer("Lapsed");
    const record = recordOf(playedHand(2, 77), {
      id: `lapsed-${t.kind}`,
      seats: [computerSeat(), person(me.id)],
      mode: "computer",
    });
    await store.recordHand(record);
    const crashed = new MistakeFinder(store.mistakes, {
      owner: "gone",
      leaseMs: 50,
      busy: () => true,
      busyWaitMs: 60_000,
      log: silentLogger(),
    });
    crashed.resume();
    await until(() => crashed.status().batch === 1, "the claim");
    await crashed.close();
    // The crashed process's lease lapses by the database's clock, the one the heir's claim reads.
    const leased = async (): Promise<number> =>
      (
        await sql<{ n: number }>`select count(*)::int as n from mistake_searches
          where claimed_by = 'gone' and claimed_until >= now()`.execute(store.db)
      ).rows[0]!.n;
    await expect.poll(leased, { timeout: 5000, interval: 20 }).toBe(0);
    const heir = new MistakeFinder(store.mistakes, { owner: "heir", log: silentLogger() });
    heir.resume();
    await heir.idle();
    expect(heir.status()).toMatchObject({ searched: 1, queued: 0 });
    expect(await queuedHands(store)).toEqual([]);
    await heir.close();
  }, 60_000);

  it("keeps a hand whose mistakes could not be stored, and stores them after a wait", async () => {
    const store = t.store();
    const me = await store.createPlayer("Retried");
    const seats = [computerSeat("hard"), computerSeat("hard")];
    seats[duel.seat] = person(me.id, "Retried");
    const gameId = `retry-${t.kind}`;
    await store.recordHand(recordOf(duel.hand, { id: gameId, seats, mode: "computer" }));
    let failures = 1;
    const flaky: MistakeStore = {
      ...store.mistakes,
      add: (id, found) =>
        failures-- > 0 ? Promise.reject(new Error("the database went away")) : store.mistakes.add(id, found),
    };
    const { log, lines } = capturingLogger();
    const finder = new MistakeFinder(flaky, { retryMinMs: 20, retryMaxMs: 40, log });
    finder.resume();
    await until(() => finder.status().retrying, "the failed store");
    expect(await queuedHands(store)).toHaveLength(1);
    await finder.idle();
    expect(finder.status()).toMatchObject({ searched: 1, failed: 0, retrying: false, queued: 0 });
    expect(lines.some((l) => l.includes(`hand ${gameId} not stored`))).toBe(true);
    expect((await store.mistakes.ofPlayer(me.id)).map((m) => m.puzzleId)).toContain(duel.puzzle.id);
    await finder.close();
  }, 120_000);
});
