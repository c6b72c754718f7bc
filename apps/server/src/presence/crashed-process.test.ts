/**
 * A process that dies without a goodbye (SIGKILL: no onLeave, no shutdown) leaves nothing behind in
 * the shared presence for long: two real server processes on real Redis and PostgreSQL, a player
 * online, two people playing and a seek open on the one killed; within 30 s the survivor counts
 * nobody online from it, lists none of its seeks, and its playing marks are taken back.
 */
import type { ChildProcess } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { ColyseusSDK, type Room } from "@colyseus/sdk";
import { Redis } from "ioredis";
import { PRESENCE_ROOM, type LiveAnswer } from "@yourtrumps/protocol";
import type { NewPlayerAnswer } from "../http/players.js";
import { call, pickTrumps } from "../test-kit/harness.js";
import { startPostgres, type PostgresServer } from "../test-kit/postgres.js";
import { freePort, startRedis, startServerProcess, stop } from "../test-kit/processes.js";
import { eventually } from "../test-kit/tables.js";
import { WRITERS_KEY, playingOf } from "./process-keys.js";

let postgres: PostgresServer | undefined;
let redisClient: Redis | undefined;
const children: ChildProcess[] = [];
afterAll(async () => {
  redisClient?.disconnect();
  await Promise.all(children.filter((c) => c.exitCode === null && c.signalCode === null).map((c) => stop(c)));
  await postgres?.destroy();
});

function quiet(room: Room): Room {
  room.reconnection.enabled = false;
  room.onMessage("*", () => {});
  return room;
}

describe("a process killed without a goodbye", () => {
  it("leaves no one online, no seek and no playing mark behind on the processes that live on, within 30 s", async () => {
    const redis = await startRedis();
    children.push(redis.child);
    redisClient = new Redis(redis.url);
    postgres = await startPostgres();
    const databaseUrl = await postgres.createDatabase("crashed_process");
    const ports = [await freePort(), await freePort()] as const;
    const start = (port: number): ReturnType<typeof startServerProcess> =>
      startServerProcess({
        PORT: String(port),
        REDIS_URL: redis.url,
        DATABASE_URL: databaseUrl,
        PUBLIC_ADDRESS: `127.0.0.1:${port}`,
        FILL_AFTER_SECONDS: "600",
      });
    // The survivor starts once everything is set up: the matchmaker puts a new room in the process with the fewest.
    const doomed = await start(ports[0]);
    children.push(doomed.child);
    const doomedBase = `http://127.0.0.1:${ports[0]}`;
    const survivorBase = `http://127.0.0.1:${ports[1]}`;
    const sdk = new ColyseusSDK(`ws://127.0.0.1:${ports[0]}`);
    const newPlayer = async (name: string): Promise<NewPlayerAnswer> =>
      (await call<NewPlayerAnswer>(doomedBase, "POST", "/api/players", { body: { name } })).body;
    const [ann, bo] = [await newPlayer("Ann"), await newPlayer("Bo")];

    // On the doomed process: Ann's page online, Ann and Bo playing each other, Cy's seek open.
    quiet(await sdk.create(PRESENCE_ROOM, { token: ann.token }));
    const table = quiet(await sdk.create("table", { mode: "private", players: 2, token: ann.token }));
    await table.waitForInitialState();
    const code = (table.state as { code: string }).code;
    const other = quiet(await sdk.join("table", { mode: "private", code, token: bo.token }));
    await pickTrumps([table, other]);
    const seek = quiet(await sdk.create("table", { mode: "quick", players: 3, name: "Cy" }));
    children.push((await start(ports[1])).child);
    const live = async (): Promise<LiveAnswer> => (await call<LiveAnswer>(survivorBase, "GET", "/api/live")).body;
    await eventually(live, (l) => l.online === 1 && l.seeks.some((s) => s.roomId === seek.roomId), 10_000, "seen");
    await eventually(
      async () =>
        (await call<{ players: Record<string, string> }>(survivorBase, "GET", `/api/presence?ids=${ann.id}`)).body,
      (p) => p.players[ann.id] === "playing",
      10_000,
      "Ann playing",
    );
    const writers = await redisClient.smembers(WRITERS_KEY);
    expect(writers).toHaveLength(1); // only the doomed process has written presence yet
    const doomedId = writers[0]!;
    expect(await redisClient.hgetall(playingOf(doomedId))).toEqual({ [ann.id]: table.roomId, [bo.id]: table.roomId });

    doomed.child.kill("SIGKILL");
    const after = await eventually(live, (l) => l.online === 0 && l.seeks.length === 0, 30_000, "nothing left");
    expect(after).toMatchObject({ online: 0, seeks: [] });
    // The doomed process's marks are taken back (a table another process restores marks its players anew, under its own id).
    await eventually(
      async () => ({
        writers: await redisClient!.smembers(WRITERS_KEY),
        marks: await redisClient!.exists(playingOf(doomedId)),
      }),
      (r) => !r.writers.includes(doomedId) && r.marks === 0,
      30_000,
      "marks taken back",
    );
  }, 120_000);
});
