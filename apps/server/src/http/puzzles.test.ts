import { legalMoves } from "@yourtrumps/engine";
import { firstSolution, puzzleHand, toPuzzleMove } from "@yourtrumps/ai";
import { expect, it } from "vitest";
import { call } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";
import { bothDatabases } from "../test-kit/postgres.js";
import type { ErrorAnswer } from "./errors.js";
import type { NewPlayerAnswer } from "./players.js";
import type { AttemptAnswer, PuzzleAnswer } from "./puzzles.js";

/** A legal first move outside the tree: it gives the result away. */
function wrongFirst(p: PuzzleAnswer): string {
  return legalMoves(puzzleHand(p.position))
    .map(toPuzzleMove)
    .find((m) => !("accept" in p.solution && m in p.solution.accept))!;
}

const databases = bothDatabases();

databases.describeEach("the puzzle API", (t) => {
  const h = useServer(() => ({ store: t.store() }));
  const newPlayer = async (name: string): Promise<NewPlayerAnswer> =>
    (await call<NewPlayerAnswer>(h.base, "POST", "/api/players", { body: { name } })).body;

  it("serves a puzzle with its position in plain terms, its goal, themes, rating and solution; unknown ids 404", async () => {
    const daily = await call<PuzzleAnswer>(h.base, "GET", "/api/puzzles/daily");
    expect(daily.status).toBe(200);
    expect(daily.body.daily).toBe(new Date().toISOString().slice(0, 10));
    const { position } = daily.body;
    expect(Object.keys(position).sort()).toEqual(["hands", "pile", "secondDue", "toMove", "trumps"]);
    expect(position.hands).toHaveLength(2);
    expect(legalMoves(puzzleHand(position)).length).toBe(daily.body.legal);
    expect((await call<PuzzleAnswer>(h.base, "GET", "/api/puzzles/daily")).body.id).toBe(daily.body.id); // the same for everyone today
    const same = await call<PuzzleAnswer>(h.base, "GET", `/api/puzzles/${daily.body.id}`);
    expect(same.body).toMatchObject({
      id: daily.body.id,
      position,
      solution: daily.body.solution,
      themes: daily.body.themes,
      rating: daily.body.estimate,
    });
    for (const id of ["zzzzzzzz", "nope", "%2E%2E"])
      expect((await call<ErrorAnswer>(h.base, "GET", `/api/puzzles/${id}`)).status).toBe(404);
    expect(
      (
        await call<ErrorAnswer>(h.base, "POST", "/api/puzzles/zzzzzzzz/attempts", {
          body: { moves: ["6S"], result: "solved" },
        })
      ).status,
    ).toBe(404);
  });

  it("rates a checked solve and a checked failure, once each, and refuses what does not add up", async () => {
    const me = await newPlayer("Solver");
    const served = (await call<PuzzleAnswer>(h.base, "GET", "/api/puzzles/next?rating=1500", { token: me.token })).body;
    const attempts = `/api/puzzles/${served.id}/attempts`;
    const solve = firstSolution(served.solution);
    expect(
      (await call<ErrorAnswer>(h.base, "POST", attempts, { body: { moves: solve, result: "solved" } })).status,
    ).toBe(401);
    for (const body of [
      {},
      { moves: [], result: "solved" },
      { moves: ["ZZ"], result: "solved" },
      { moves: solve, result: "won" },
      { moves: "6S", result: "failed" },
    ]) {
      expect((await call<ErrorAnswer>(h.base, "POST", attempts, { token: me.token, body })).status).toBe(400);
    }
    // Claims the moves do not bear out: a solve that is a failure, a failure that is a solve, moves that stop halfway.
    const wrong = wrongFirst(served);
    expect(
      (
        await call<ErrorAnswer>(h.base, "POST", attempts, {
          token: me.token,
          body: { moves: [wrong], result: "solved" },
        })
      ).status,
    ).toBe(422);
    expect(
      (await call<ErrorAnswer>(h.base, "POST", attempts, { token: me.token, body: { moves: solve, result: "failed" } }))
        .status,
    ).toBe(422);
    expect(
      (
        await call<ErrorAnswer>(h.base, "POST", attempts, {
          token: me.token,
          body: { moves: solve.slice(0, -1), result: "solved" },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await call<ErrorAnswer>(h.base, "POST", attempts, {
          token: me.token,
          body: { moves: [...solve, solve[0]], result: "solved" },
        })
      ).status,
    ).toBe(422);

    const solved = await call<AttemptAnswer>(h.base, "POST", attempts, {
      token: me.token,
      body: { moves: solve, result: "solved" },
    });
    expect(solved.status).toBe(200);
    expect(solved.body).toMatchObject({ solved: true, repeat: false, rated: true });
    expect(solved.body.player.after).toBeGreaterThan(solved.body.player.before);
    expect(solved.body.puzzle.after).toBeLessThan(solved.body.puzzle.before);
    expect(solved.body.puzzle.before - solved.body.puzzle.after).toBeLessThanOrEqual(20); // the puzzle's change is capped
    const again = await call<AttemptAnswer>(h.base, "POST", attempts, {
      token: me.token,
      body: { moves: solve, result: "solved" },
    });
    expect(again.body).toEqual({ ...solved.body, repeat: true }); // idempotent: the first attempt is the rated one

    // Another player cannot post on a puzzle never served to them.
    const other = await newPlayer("Other");
    expect(
      (
        await call<ErrorAnswer>(h.base, "POST", attempts, {
          token: other.token,
          body: { moves: solve, result: "solved" },
        })
      ).status,
    ).toBe(400);

    // "Next" never serves it again; a failure there resets the streak.
    const next = (await call<PuzzleAnswer>(h.base, "GET", "/api/puzzles/next", { token: me.token })).body;
    expect(next.id).not.toBe(served.id);
    const failed = await call<AttemptAnswer>(h.base, "POST", `/api/puzzles/${next.id}/attempts`, {
      token: me.token,
      body: { moves: [wrongFirst(next)], result: "failed" },
    });
    expect(failed.body).toMatchObject({ solved: false, repeat: false });
    expect(failed.body.player.after).toBeLessThan(failed.body.player.before);
    const record = await call(h.base, "GET", `/api/players/${me.id}/puzzles`);
    expect(record.body).toMatchObject({
      solved: 1,
      failed: 1,
      streak: 0,
      bestInARow: 1,
      bestStreak: 0,
      provisional: true,
      rating: failed.body.player.after,
    });
    expect((await call(h.base, "GET", "/api/players/00000000-0000-4000-8000-000000000000/puzzles")).status).toBe(404);
    expect((await call<{ players: unknown[] }>(h.base, "GET", "/api/puzzles/leaderboard")).body.players).toEqual([]); // provisional ratings stay off it
  });

  it(
    "counts a Streak run itself: served for the run, rising, first-try solves in a row, ended by a failure; the best is the player's bestStreak",
    { timeout: 30_000 },
    async () => {
      const me = await newPlayer("Streaker");
      const next = (query: string) =>
        call<PuzzleAnswer & ErrorAnswer>(h.base, "GET", `/api/puzzles/next${query}`, { token: me.token });
      const attempt = (p: PuzzleAnswer, moves: string[], result: "solved" | "failed") =>
        call<AttemptAnswer>(h.base, "POST", `/api/puzzles/${p.id}/attempts`, {
          token: me.token,
          body: { moves, result },
        });
      const servedCount = async () => (await h.store.puzzles.served(me.id)).size;

      // A bogus flag, a streak without an identity, a run to continue that was never started: 400, nothing served or kept.
      for (const query of ["?streak=yes", "?streak=", "?streak=start&streak=start", "?streak=continue"])
        expect((await next(query)).status, query).toBe(400);
      expect((await call(h.base, "GET", "/api/puzzles/next?streak=start")).status).toBe(400);
      expect(await servedCount()).toBe(0);
      expect(await h.store.puzzles.streak(me.id)).toBeNull();

      // A solve outside the Streak counts in the solves in a row, not in the run.
      const plain = (await next("")).body;
      expect(plain.streak).toBeUndefined();
      expect((await attempt(plain, firstSolution(plain.solution), "solved")).body.streak).toBeUndefined();

      const first = await next("?streak=start");
      expect(first.status).toBe(200);
      expect(first.body.streak).toEqual({ count: 0, best: 0, over: false });
      expect((await next("?streak=continue")).status).toBe(400); // its puzzle is not tried yet: no skipping
      expect(await servedCount()).toBe(2);
      expect((await attempt(first.body, firstSolution(first.body.solution), "solved")).body.streak).toEqual({
        count: 1,
        best: 1,
        over: false,
      });

      // The server's floor, not the page's: a low `above` still gets a harder one.
      const second = await next("?streak=continue&above=0");
      expect(second.status).toBe(200);
      expect(second.body.rating).toBeGreaterThan(first.body.rating);
      expect(second.body.streak).toEqual({ count: 1, best: 1, over: false });
      expect((await attempt(second.body, firstSolution(second.body.solution), "solved")).body.streak).toEqual({
        count: 2,
        best: 2,
        over: false,
      });

      const third = (await next("?streak=continue")).body;
      expect(third.rating).toBeGreaterThan(second.body.rating);
      expect((await attempt(third, [wrongFirst(third)], "failed")).body.streak).toEqual({
        count: 0,
        best: 2,
        over: true,
      });
      const before = await servedCount();
      expect((await next("?streak=continue")).status).toBe(400); // the run is over
      expect(await servedCount()).toBe(before);

      const record = (await call(h.base, "GET", `/api/players/${me.id}/puzzles`)).body;
      expect(record).toMatchObject({ solved: 3, failed: 1, streak: 0, bestInARow: 3, bestStreak: 2 });

      // A new run starts from nothing and keeps the best.
      const again = (await next("?streak=start")).body;
      expect(again.streak).toEqual({ count: 0, best: 2, over: false });
      expect((await attempt(again, firstSolution(again.solution), "solved")).body.streak).toEqual({
        count: 1,
        best: 2,
        over: false,
      });
      expect((await call(h.base, "GET", `/api/players/${me.id}/puzzles`)).body).toMatchObject({ bestStreak: 2 });
    },
  );

  it("serves without an identity, unrated, near the rating asked and skipping the ids it is told were seen", async () => {
    const first = (await call<PuzzleAnswer>(h.base, "GET", "/api/puzzles/next?rating=600")).body;
    const second = (await call<PuzzleAnswer>(h.base, "GET", `/api/puzzles/next?rating=600&exclude=${first.id}`)).body;
    expect(second.id).not.toBe(first.id);
    // A streak's next puzzle is rated above the last one.
    const harder = (await call<PuzzleAnswer>(h.base, "GET", `/api/puzzles/next?rating=600&above=${first.rating}`)).body;
    expect(harder.rating).toBeGreaterThan(first.rating);
    expect((await call<ErrorAnswer>(h.base, "GET", "/api/puzzles/next?above=4000")).status).toBe(404);
    expect((await call<ErrorAnswer>(h.base, "GET", "/api/puzzles/next?rating=lots")).status).toBe(400);
    expect((await call<ErrorAnswer>(h.base, "GET", "/api/puzzles/next", { token: "not-a-token" })).status).toBe(401);
  });
});
