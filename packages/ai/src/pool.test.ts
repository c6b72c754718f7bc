import { newHand, viewFor } from "@yourtrumps/engine";
import { afterAll, describe, expect, it } from "vitest";
import { AiPool } from "./pool.js";
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
    const moves = await Promise.all(views.flatMap((v) => (["easy", "medium", "hard"] as const).map((level) => pool.chooseMove(v, { level, seed: 1, iterations: 200 }))));
    moves.forEach((m, i) => expect(views[Math.floor(i / 3)]!.legal).toContainEqual(m));
    const { chooseMove } = await import("./index.js");
    expect(moves[2]).toEqual(chooseMove(views[0]!, { level: "hard", seed: 1, iterations: 200 }));
  });

  it("analyses positions", async () => {
    const h = newHand({ players: 2, seed: 4 });
    const a = await pool.analyse(viewFor(h, h.toMove), { iterations: 300 });
    expect(viewFor(h, h.toMove).legal).toContainEqual(a.move);
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
