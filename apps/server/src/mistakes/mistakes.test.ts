import { checkAttempt, firstSolution } from "@yourtrumps/ai";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ErrorAnswer } from "../http/errors.js";
import type { MistakesAnswer } from "../http/mistakes.js";
import type { NewPlayerAnswer } from "../http/players.js";
import { PuzzlePool } from "../http/puzzle-pool.js";
import { PuzzleSource } from "../http/puzzle-source.js";
import type { AttemptAnswer, PuzzleAnswer } from "../http/puzzles.js";
import { computerSeat, person, playedHand, recordOf } from "../storage/sample-hands.js";
import { blunderedDuel } from "../test-kit/blundered-duel.js";
import { boot, call, type Harness } from "../test-kit/harness.js";
import { bothDatabases } from "../test-kit/postgres.js";
import { MistakeFinder, personSeats } from "./mistake-finder.js";

const databases = bothDatabases();
const duel = blunderedDuel();

databases.describeEach("puzzles from a player's own mistakes", (t) => {
  let h: Harness;
  beforeAll(async () => {
    h = await boot({ store: t.store() });
  });
  afterAll(() => h.close());
  const newPlayer = async (name: string): Promise<NewPlayerAnswer> => (await call<NewPlayerAnswer>(h.base, "POST", "/api/players", { body: { name } })).body;

  it("finds the blunder of a recorded duel on a worker, stores it as the player's, and serves and rates it like a shipped puzzle", { timeout: 120_000 }, async () => {
    const me = await newPlayer("Blunderer");
    const seats = [computerSeat("hard"), computerSeat("hard")];
    seats[duel.seat] = person(me.id, "Blunderer");
    const gameId = `blunder-${t.kind}`;
    expect(await h.server.writer.enqueue(recordOf(duel.hand, { id: gameId, seats, mode: "computer" }))).toEqual({ ok: true, result: "recorded" });
    await h.server.mistakes.idle();
    expect(h.server.mistakes.status()).toMatchObject({ searched: 1, failed: 0 });

    const listed = await call<MistakesAnswer>(h.base, "GET", `/api/players/${me.id}/mistakes`);
    expect(listed.status).toBe(200);
    const mine = listed.body.mistakes.find((m) => m.moveIndex === duel.moveIndex);
    expect(mine).toMatchObject({ puzzleId: duel.puzzle.id, gameId, goal: duel.puzzle.goal, themes: duel.puzzle.themes, rating: duel.puzzle.rating });
    expect(listed.body.mistakes.every((m) => m.gameId === gameId)).toBe(true);

    // Served like a shipped one, and an attempt on it is checked and rated the same way.
    const served = await call<PuzzleAnswer>(h.base, "GET", `/api/puzzles/${duel.puzzle.id}`, { token: me.token });
    expect(served.status).toBe(200);
    expect(served.body).toMatchObject({ id: duel.puzzle.id, position: duel.puzzle.position, solution: duel.puzzle.solution, estimate: duel.puzzle.rating });
    const solve = firstSolution(served.body.solution);
    expect(checkAttempt(duel.puzzle, solve)).toEqual({ result: "solved" });
    const attempts = `/api/puzzles/${duel.puzzle.id}/attempts`;
    expect((await call<ErrorAnswer>(h.base, "POST", attempts, { token: me.token, body: { moves: "6S", result: "solved" } })).status).toBe(400);
    const solved = await call<AttemptAnswer>(h.base, "POST", attempts, { token: me.token, body: { moves: solve, result: "solved" } });
    expect(solved.status).toBe(200);
    expect(solved.body).toMatchObject({ solved: true, repeat: false, rated: true });

    // The same record again adds nothing; nobody else has these mistakes.
    expect(await h.server.writer.enqueue(recordOf(duel.hand, { id: gameId, seats, mode: "computer" }))).toEqual({ ok: true, result: "duplicate" });
    expect((await call<MistakesAnswer>(h.base, "GET", `/api/players/${me.id}/mistakes`)).body.mistakes).toHaveLength(listed.body.mistakes.length);
    const other = await newPlayer("Other");
    expect((await call<MistakesAnswer>(h.base, "GET", `/api/players/${other.id}/mistakes`)).body.mistakes).toEqual([]);

    // The stored puzzle is in the pool "next" picks from (here the only one: no shipped set).
    const source = new PuzzleSource(h.store.mistakes, new PuzzlePool(""));
    expect((await source.next(1500, { playerId: other.id, served: new Set() }, new Map()))?.id).toBe(duel.puzzle.id);
    expect(await source.next(1500, { playerId: me.id, served: new Set() }, new Map())).toBeUndefined(); // served to me already
    expect(await source.next(1500, { playerId: null, exclude: new Set([duel.puzzle.id]) }, new Map())).toBeUndefined();
  });

  it("answers unknown players and puzzles with 404", async () => {
    expect((await call<ErrorAnswer>(h.base, "GET", "/api/players/00000000-0000-4000-8000-000000000000/mistakes")).status).toBe(404);
    expect((await call<ErrorAnswer>(h.base, "GET", "/api/players/nobody/mistakes")).status).toBe(404);
    expect((await call<ErrorAnswer>(h.base, "GET", "/api/puzzles/zzzzzzz0")).status).toBe(404);
    expect((await call<ErrorAnswer>(h.base, "POST", "/api/players/00000000-0000-4000-8000-000000000000/mistakes")).status).toBe(405);
  });

  it("looks for none in a hand of three players, or a duel with no person in it", async () => {
    const me = await newPlayer("Three");
    const three = recordOf(playedHand(3, 7), { id: `three-${t.kind}`, seats: [person(me.id), computerSeat(), computerSeat()], mode: "computer" });
    expect(personSeats(three)).toEqual([]);
    const searched = h.server.mistakes.status().searched;
    expect(await h.server.writer.enqueue(three)).toMatchObject({ ok: true });
    expect(personSeats(recordOf(duel.hand, { id: "x", seats: [computerSeat(), computerSeat()] }))).toEqual([]);
    await h.server.mistakes.idle();
    expect(h.server.mistakes.status().searched).toBe(searched);
    expect((await call<MistakesAnswer>(h.base, "GET", `/api/players/${me.id}/mistakes`)).body.mistakes).toEqual([]);
  });
});

databases.describeOn("pglite", "the mistake search's queue", (t) => {
  it("stays bounded under a burst of hands: one runs, maxQueued wait, the rest are skipped and counted", { timeout: 60_000 }, async () => {
    const store = t.store();
    const me = await store.createPlayer("Burst");
    const lines: string[] = [];
    const finder = new MistakeFinder(store.mistakes, { maxQueued: 3, log: (line) => lines.push(line) });
    try {
      const records = Array.from({ length: 20 }, (_, i) => recordOf(playedHand(2, 100 + i), { id: `burst-${i}`, seats: [person(me.id), computerSeat()], mode: "computer" }));
      for (const r of records) await store.recordHand(r);
      const taken = records.map((r) => finder.offer(r));
      expect(taken.filter(Boolean)).toHaveLength(4); // one running, three waiting
      expect(finder.status()).toMatchObject({ queued: 3, running: true, skipped: 16 });
      expect(lines).toHaveLength(1); // one line for the burst, not one per hand
      await finder.idle();
      expect(finder.status()).toMatchObject({ queued: 0, running: false, searched: 4, failed: 0 });
    } finally {
      await finder.close();
    }
  });
});
