/**
 * Watching across restarts and processes, with real `node dist/main.js` processes: a
 * table restored after a SIGKILL is listed and watchable again (spectators are not kept:
 * they watch again), a private table keeps its creator's "allow watching" in its record;
 * with REDIS_URL every process lists every process's tables, and a spectator who asks
 * one process watches a table another process plays.
 */
import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { ColyseusSDK, type Room } from "@colyseus/sdk";
import { joinRefusal, type LiveAnswer } from "@yourtrumps/protocol";
import { afterAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { call, pickTrumps, seen, until } from "../test-kit/harness.js";
import { pgliteDataDir } from "../test-kit/postgres.js";
import { useProcesses } from "../test-kit/process-fixture.js";
import { freePort, startServerProcess, stop } from "../test-kit/processes.js";

const children: ChildProcess[] = [];
const running = (child: ChildProcess): boolean => child.exitCode === null && child.signalCode === null;
afterAll(async () => {
  for (const child of children.filter(running)) await stop(child);
});

/** Every server process of this file: quick computers, long clocks, no client. */
const SERVER_ENV = {
  MESSAGES_PER_SECOND: "10000",
  AI_DELAY_MS: "5",
  TURN_SECONDS: "60",
  RECONNECT_SECONDS: "30",
  FILL_AFTER_SECONDS: "60",
  CLIENT_DIST: "/nonexistent",
};

async function server(port: number, db: Record<string, string>): Promise<ChildProcess> {
  const { child } = await startServerProcess({ PORT: String(port), ...SERVER_ENV, ...db });
  children.push(child);
  return child;
}

async function manual(joining: Promise<Room>): Promise<Room> {
  const room = await joining;
  room.reconnection.enabled = false;
  await room.waitForInitialState();
  return room;
}

/** Watches `roomId`, retrying while it is not back yet; the refusal's word when refused on purpose. */
async function watchSoon(sdk: ColyseusSDK, roomId: string): Promise<Room | string> {
  return vi.waitFor(
    async () => {
      try {
        return await manual(sdk.joinById(roomId, { watch: true }));
      } catch (e) {
        const refusal = joinRefusal(e);
        if (refusal) return refusal;
        throw new Error(`could not watch ${roomId}: ${String(e)}`, { cause: e });
      }
    },
    { timeout: 10_000, interval: 250 },
  );
}

async function liveOn(port: number, roomIds: string[]): Promise<LiveAnswer> {
  let live: LiveAnswer | undefined;
  await expect
    .poll(
      async () => {
        live = (await call<LiveAnswer>(`http://127.0.0.1:${port}`, "GET", "/api/live")).body;
        return roomIds.every((id) => live!.tables.some((t) => t.roomId === id));
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return live!;
}

async function comeBack(sdk: ColyseusSDK, token: string): Promise<Room> {
  return vi.waitFor(() => manual(sdk.reconnect(token)), { timeout: 10_000, interval: 250 });
}

describe("watching after a restart", () => {
  it("a restored quick table is listed and watchable again; a private table keeps whether its creator allowed watching", async () => {
    const dataDir = await pgliteDataDir();
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const first = await server(port, { DATA_DIR: dataDir });
    const sdk = new ColyseusSDK(`ws://127.0.0.1:${port}`);
    const quick = [
      await manual(sdk.joinOrCreate("table", { mode: "quick", name: "Q1" })),
      await manual(sdk.joinOrCreate("table", { mode: "quick", name: "Q2" })),
    ];
    const open = await manual(sdk.create("table", { mode: "private", name: "O1", allowWatching: true }));
    const openFriend = await manual(
      sdk.join("table", { mode: "private", code: (await until(open, (s) => s.code !== "")).code }),
    );
    const closed = await manual(sdk.create("table", { mode: "private", name: "C1" }));
    const closedFriend = await manual(
      sdk.join("table", { mode: "private", code: (await until(closed, (s) => s.code !== "")).code }),
    );
    const tables = [quick, [open, openFriend], [closed, closedFriend]];
    for (const rooms of tables) await pickTrumps(rooms);
    const spectator = await watchSoon(sdk, quick[0]!.roomId);
    expect(typeof spectator).not.toBe("string");
    await liveOn(port, [quick[0]!.roomId]);

    await new Promise<void>((resolve) => {
      first.once("exit", () => resolve());
      first.kill("SIGKILL");
    });
    const second = await server(port, { DATA_DIR: dataDir });
    const back = await Promise.all(tables.flat().map((r) => comeBack(sdk, r.reconnectionToken)));
    const live = await liveOn(port, [quick[0]!.roomId]);
    expect(live.tables.find((t) => t.roomId === quick[0]!.roomId)!.seats.map((s) => s.name)).toEqual(["Q1", "Q2"]);
    expect(live.tables.some((t) => t.roomId === open.roomId)).toBe(false); // private: by its link only
    const again = await watchSoon(sdk, quick[0]!.roomId);
    expect(typeof again === "string" ? again : seen(again).phase).toBe("playing");
    const openAgain = await watchSoon(sdk, open.roomId);
    expect(typeof openAgain === "string" ? openAgain : seen(openAgain).phase).toBe("playing");
    expect(await watchSoon(sdk, closed.roomId)).toBe("watch-not-allowed");
    for (const room of [...back, again, openAgain]) if (typeof room !== "string") await room.leave();
    await stop(second); // before its data directory goes
  });
});

describe("watching across processes (REDIS_URL + one PostgreSQL)", () => {
  const processes = useProcesses({ database: "watch_processes", env: () => SERVER_ENV });

  it("each process lists every process's tables and TV, and a spectator asking one process watches a table the other plays", async () => {
    const ports = processes.ports as [number, number];
    const sdks = [processes.sdk(0), processes.sdk(1)];
    const duels: Room[][] = [];
    for (let i = 0; i < 4; i++) {
      // Made through either process, the second player matched through the other one.
      const a = await manual(sdks[i % 2]!.create("table", { mode: "quick", name: `A${i}` }));
      const b = await manual(sdks[(i + 1) % 2]!.joinById(a.roomId, { mode: "quick", name: `B${i}` }));
      await pickTrumps([a, b]);
      duels.push([a, b]);
    }
    const where = async (port: number): Promise<number> =>
      ((await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as { rooms: number }).rooms;
    expect((await where(ports[0])) + (await where(ports[1]))).toBe(4);
    const ids = duels.map((d) => d[0]!.roomId);
    const lists = await Promise.all(ports.map((p) => liveOn(p, ids)));
    expect(lists[0]!.tv).not.toBeNull();
    expect(lists[1]!.tv).toBe(lists[0]!.tv);
    // every table watched through both processes: for each, one of the two is not the one playing it
    const spectators: Room[] = [];
    for (const id of ids) {
      for (const sdk of sdks) {
        const watching = await watchSoon(sdk, id);
        if (typeof watching === "string") throw new Error(`refused: ${watching}`);
        expect(seen(watching).phase).toBe("playing");
        spectators.push(watching);
      }
    }
    await expect
      .poll(
        async () =>
          (await call<LiveAnswer>(`http://127.0.0.1:${ports[1]}`, "GET", "/api/live")).body.tables
            .filter((t) => ids.includes(t.roomId))
            .map((t) => t.spectators),
        { timeout: 10_000 },
      )
      .toEqual([2, 2, 2, 2]);
    for (const room of [...spectators, ...duels.flat()]) await room.leave();
  });
});
