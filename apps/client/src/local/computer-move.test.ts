import type { Move } from "@yourtrumps/engine";
import { describe, expect, it } from "vitest";
import { computerMove } from "./computer-move.js";

const pickup: Move = { type: "pickup" };
const ace: Move = { type: "play", card: "AS" };

describe("a computer move that never stalls the table", () => {
  it("takes the worker's answer at once when it is legal", async () => {
    const logged: string[] = [];
    await expect(
      computerMove({
        ask: () => Promise.resolve(ace),
        easy: () => Promise.reject(new Error("unused")),
        legal: () => true,
        log: (m) => logged.push(m),
        deadlineMs: 1000,
      }),
    ).resolves.toEqual(ace);
    expect(logged).toEqual([]);
  });

  it("asks once more after a failure, then falls back to the easy level, logging each step", async () => {
    const logged: string[] = [];
    let asked = 0;
    const move = await computerMove({
      ask: () => (++asked, Promise.reject(new Error("worker gone"))),
      easy: () => Promise.resolve(pickup),
      legal: () => true,
      log: (m) => logged.push(m),
      deadlineMs: 1000,
    });
    expect(move).toEqual(pickup);
    expect(asked).toBe(2);
    expect(logged).toEqual([
      "computer move failed (attempt 1 of 2): worker gone",
      "computer move failed (attempt 2 of 2): worker gone",
      "the easy level plays this move instead",
    ]);
  });

  it("counts an ask not answered by the deadline as failed (a dead worker never answers)", async () => {
    const logged: string[] = [];
    const move = await computerMove({
      ask: () => new Promise<Move>(() => {}),
      easy: () => Promise.resolve(pickup),
      legal: () => true,
      log: (m) => logged.push(m),
      deadlineMs: 20,
    });
    expect(move).toEqual(pickup);
    expect(logged[1]).toBe("computer move failed (attempt 2 of 2): no answer in 20 ms");
  });

  it("counts an answer the engine refuses as a failure, and rejects when the easy level's move is refused too", async () => {
    const logged: string[] = [];
    const sources = {
      ask: () => Promise.resolve(ace),
      easy: () => Promise.resolve(ace),
      legal: (m: Move) => m.type === "pickup",
      log: (m: string) => logged.push(m),
      deadlineMs: 1000,
    };
    await expect(computerMove(sources)).rejects.toThrow(/the engine refuses/);
    expect(logged[0]).toMatch(/attempt 1 of 2\): the engine refuses/);
    await expect(computerMove({ ...sources, easy: () => Promise.resolve(pickup) })).resolves.toEqual(pickup);
  });
});
