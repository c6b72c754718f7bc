import { legalMoves, newHand, viewFor } from "@yourtrumps/engine";
import { afterAll, describe, expect, it } from "vitest";
import { AiCancelled, AiPool } from "./pool.js";
import { midGame } from "./test-helpers.js";

// The pool runs the compiled worker (dist/worker.js): `npm test` builds first (turbo).
describe("AiPool", () => {
  const pool = new AiPool({ size: 2 });
  afterAll(() => pool.close());

  it("returns legal moves from worker threads, the same as on the main thread for a seed", async () => {
    const views = [2, 3, 4].map((p) => {
      const h = midGame(p as 2 | 3 | 4, 21, 5);
      return viewFor(h, h.toMove);
    });
    const moves = await Promise.all(
      views.flatMap((v) =>
        (["easy", "medium", "hard"] as const).map((level) => pool.chooseMove(v, { level, seed: 1, iterations: 200 })),
      ),
    );
    moves.forEach((m, i) => expect(views[Math.floor(i / 3)]!.legal).toContainEqual(m));
    const { chooseMove } = await import("./index.js");
    expect(moves[2]).toEqual(chooseMove(views[0]!, { level: "hard", seed: 1, iterations: 200 }));
  });

  it("analyses positions", async () => {
    const h = newHand({ players: 2, seed: 4 });
    const a = await pool.analyse(viewFor(h, h.toMove), { iterations: 300 });
    expect(viewFor(h, h.toMove).legal).toContainEqual(a.move);
  });

  it("finds a played hand's mistakes on a worker, as mistakesOf does on this thread", async () => {
    const { parsePuzzleLine, puzzleHand, toPuzzleMove } = await import("./index.js");
    const { SHIPPED_PUZZLES } = await import("./puzzles/shipped.js");
    const p = parsePuzzleLine(SHIPPED_PUZZLES.split("\n")[0]!);
    const start = puzzleHand(p.position);
    const wrong = legalMoves(start).find((m) => !("accept" in p.solution && toPuzzleMove(m) in p.solution.accept))!;
    expect(await pool.mistakes(start.setup, [wrong], { seats: [p.position.toMove] })).toEqual([
      { seat: p.position.toMove, moveIndex: 0, puzzle: p },
    ]);
    expect(await pool.mistakes(start.setup, [wrong], { seats: [1 - p.position.toMove] })).toEqual([]);
  });

  it("rejects a bad request instead of throwing, and keeps working", async () => {
    const h = newHand({ players: 2, seed: 4 });
    await expect(pool.chooseMove(viewFor(h, 1 - h.toMove), { level: "hard" })).rejects.toThrow(/no move/);
    await expect(pool.chooseMove(viewFor(h, h.toMove), { level: "easy" })).resolves.toBeTruthy();
  });

  it("rejects everything after close", async () => {
    const p = new AiPool();
    const h = newHand({ players: 2, seed: 4 });
    await p.chooseMove(viewFor(h, h.toMove), { level: "easy" });
    await p.close();
    await expect(p.chooseMove(viewFor(h, h.toMove), { level: "easy" })).rejects.toThrow(/closed/);
  });
});

describe("AiPool shared by tables", () => {
  const duel = (): ReturnType<typeof viewFor> => {
    const h = midGame(2, 21, 5);
    return viewFor(h, h.toMove);
  };
  /** A pool of one worker, started (so the next job goes to it at once). */
  const started = async (): Promise<AiPool> => {
    const pool = new AiPool({ size: 1 });
    await pool.chooseMove(duel(), { level: "easy" });
    return pool;
  };

  it("serves owners round-robin: a table with a pile of jobs does not make another's wait behind all of them", async () => {
    const pool = await started();
    try {
      const view = duel();
      const order: string[] = [];
      const ask = (owner: string, n: number): Promise<unknown> =>
        pool
          .chooseMove(view, { level: "medium", seed: n, iterations: 300 }, { owner })
          .then(() => order.push(`${owner}${n}`));
      const flood = [1, 2, 3, 4, 5].map((n) => ask("A", n)); // A1 starts at once, A2…A5 wait
      const other = ask("B", 1);
      expect(pool.load()).toMatchObject({ queued: 5, owners: 2 });
      await Promise.all([...flood, other]);
      expect(order).toEqual(["A1", "A2", "B1", "A3", "A4", "A5"]); // first come, first served would put B1 last
    } finally {
      await pool.close();
    }
  });

  it("runs a background job (a hint) only when no other job waits", async () => {
    const pool = await started();
    try {
      const view = duel();
      const order: string[] = [];
      const quick = { level: "medium" as const, seed: 1, iterations: 300 };
      const busy = pool.chooseMove(view, quick, { owner: "A" }).then(() => order.push("A"));
      const hint = pool
        .analyse(view, { iterations: 300 }, { owner: "B", background: true })
        .then(() => order.push("hint"));
      const moves = ["C", "D"].map((owner) => pool.chooseMove(view, quick, { owner }).then(() => order.push(owner)));
      await Promise.all([busy, hint, ...moves]);
      expect(order).toEqual(["A", "C", "D", "hint"]);
    } finally {
      await pool.close();
    }
  });

  it("cancels an owner's jobs: queued ones never run, the running one's answer is dropped, other owners are served", async () => {
    const pool = await started();
    try {
      const view = duel();
      const a = [1, 2, 3].map((n) =>
        pool.chooseMove(view, { level: "hard", seed: n, iterations: 2000 }, { owner: "A" }),
      );
      const b = pool.chooseMove(view, { level: "medium", seed: 9, iterations: 300 }, { owner: "B" });
      expect(pool.cancel("A")).toBe(3);
      expect(pool.load()).toMatchObject({ queued: 1, owners: 1 });
      for (const job of a) await expect(job).rejects.toBeInstanceOf(AiCancelled);
      expect(view.legal).toContainEqual(await b);
      expect(pool.load()).toMatchObject({ queued: 0, running: 0, done: 3 }); // the start, A1 (run, its answer dropped) and B1: A2 and A3 never ran
      expect(pool.cancel("A")).toBe(0);
    } finally {
      await pool.close();
    }
  });

  it("caps a search at maxMs counted from the call, so a budget it could never finish still answers", async () => {
    const pool = new AiPool({ size: 1 });
    try {
      const view = duel();
      const endless = { level: "hard" as const, seed: 1, iterations: 1e12, solveNodes: 1e12 };
      const first = pool.chooseMove(view, { ...endless, maxMs: 200 }, { owner: "A" });
      const queued = pool.chooseMove(view, { ...endless, maxMs: 100 }, { owner: "B" }); // its cap runs out while it waits
      expect(view.legal).toContainEqual(await first);
      expect(view.legal).toContainEqual(await queued);
      expect(pool.load()).toMatchObject({ done: 2, capped: 2 });
    } finally {
      await pool.close();
    }
  });
});
