import { afterAll, describe, expect, it } from "vitest";
import { createComputerPlayers } from "../computer-players.js";
import { pickTrumps, playToEnd, until } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";
import type { Harness } from "../test-kit/harness.js";
import type { ComputerPlayers } from "./computer.js";
import { capturingLogger } from "../logging/capturing-logger.js";

/** The real pools, whose searches fail while `failing` says so (a crashed worker, a bug in a level). */
function faultyPlayers(failing: (call: number) => boolean): ComputerPlayers & { calls: number } {
  const real = createComputerPlayers(1);
  const players = {
    ...real,
    calls: 0,
    chooseMove: (...args: Parameters<ComputerPlayers["chooseMove"]>) =>
      failing(players.calls++) ? Promise.reject(new Error("injected: the worker died")) : real.chooseMove(...args),
  };
  return players;
}

/** A server whose computer players fail while `failing` says so, booted before and closed after the describe block it is called in. */
function serverFailing(failing: (call: number) => boolean): {
  lines: string[];
  h: () => Harness;
  players: () => ReturnType<typeof faultyPlayers>;
} {
  const { log, lines } = capturingLogger();
  let players: ReturnType<typeof faultyPlayers> | undefined;
  afterAll(async () => {
    await players?.close(); // after the server's close (hooks after run last to first)
  });
  const h = useServer(() => {
    players = faultyPlayers(failing);
    return { aiDelayMs: 5, ai: players, log };
  });
  return { lines, h: () => h, players: () => players! };
}

describe("a computer player that fails does not stall the table", () => {
  const server = serverFailing(() => true);

  it("every search fails: each is asked for twice, then the easy level's move is played, and the hand reaches its result", async () => {
    const a = await server.h().join("joinOrCreate", { mode: "computer", level: "hard", name: "Human" });
    await until(a, (x) => x.phase === "choosing");
    await pickTrumps([a]);
    const end = await playToEnd([a]);
    expect(end.phase).toBe("over");
    expect(end.result.reason).not.toBe("");
    const failures = server.lines.filter((l) => l.includes("computer player failed at hard: injected"));
    const fallbacks = server.lines.filter((l) => l.includes("failed twice at hard; playing the easy level's move"));
    expect(fallbacks.length).toBeGreaterThan(0);
    expect(failures.length).toBe(2 * fallbacks.length); // once, then once again, for every computer move
    expect(server.players().calls).toBe(failures.length);
  });
});

describe("a search that fails once is asked again", () => {
  const server = serverFailing((call) => call === 0);

  it("the second answer is played, with no easy move in its place", async () => {
    const a = await server.h().join("joinOrCreate", { mode: "computer", level: "easy", name: "Human" });
    await until(a, (x) => x.phase === "choosing");
    await pickTrumps([a]);
    const end = await playToEnd([a]);
    expect(end.phase).toBe("over");
    expect(server.lines.filter((l) => l.includes("injected: the worker died; asking again"))).toHaveLength(1);
    expect(server.lines.some((l) => l.includes("easy level's move"))).toBe(false);
    expect(server.players().calls).toBeGreaterThan(1);
  });
});
