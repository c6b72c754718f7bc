/**
 * Server processes sharing one Redis and one PostgreSQL database, as a deployment of several
 * runs them: `useProcesses({ database, env })` starts a redis-server, a PostgreSQL with the
 * database `database`, and `count` processes of `node dist/main.js` (PORT, REDIS_URL,
 * DATABASE_URL and PUBLIC_ADDRESS set, then `env`) before the block's first test, and stops
 * them all after its last. Its fields are read when a test runs.
 */
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, expect, vi } from "vitest";
import { ColyseusSDK, type Room } from "@colyseus/sdk";
import { Redis } from "ioredis";
import type { HealthAnswer } from "../http/health.js";
import { call } from "./harness.js";
import { startPostgres, type PostgresServer } from "./postgres.js";
import { freePort, startRedis, startServerProcess, stop } from "./processes.js";

export interface ProcessesOptions {
  database: string; // the PostgreSQL database the processes share
  count?: number; // processes; default 2
  env?: (port: number, index: number) => Record<string, string> | Promise<Record<string, string>>; // each process's own variables
}

export interface SharedProcesses {
  redisUrl: string;
  databaseUrl: string;
  ports: number[];
  bases: string[]; // http://127.0.0.1:<port>, each process's HTTP API
  children: ChildProcess[]; // the server processes, in the order of `ports`
  sdk(index: number): ColyseusSDK; // a client of the process `index`
  kept(room: Room): Room; // a room to leave after the block (reconnection off, every message heard)
  roomCountsShared(): Promise<void>;
}

/** Starts the processes for the enclosing file or `describe` block, and stops them after it. */
export function useProcesses(o: ProcessesOptions): SharedProcesses {
  let redis: { url: string; child: ChildProcess } | undefined;
  let postgres: PostgresServer | undefined;
  let databaseUrl: string | undefined;
  const ports: number[] = [];
  const children: ChildProcess[] = [];
  const rooms: Room[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    postgres = await startPostgres();
    databaseUrl = await postgres.createDatabase(o.database);
    for (let i = 0; i < (o.count ?? 2); i++) ports.push(await freePort());
    const redisUrl = redis.url;
    const url = databaseUrl;
    const started = await Promise.all(
      ports.map(async (port, i) =>
        startServerProcess({
          PORT: String(port),
          REDIS_URL: redisUrl,
          DATABASE_URL: url,
          PUBLIC_ADDRESS: `127.0.0.1:${port}`,
          ...(await o.env?.(port, i)),
        }),
      ),
    );
    children.push(...started.map((s) => s.child));
  }, 120_000);
  afterAll(async () => {
    for (const room of rooms) if (room.connection?.isOpen) await room.leave().catch(() => 0);
    await Promise.all(children.filter((c) => c.exitCode === null && c.signalCode === null).map((c) => stop(c)));
    if (redis) await stop(redis.child);
    await postgres?.destroy();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("useProcesses's processes run only while the tests of its block run");
    return value;
  };
  const bases = (): string[] => ports.map((port) => `http://127.0.0.1:${port}`);
  return {
    get redisUrl() {
      return started(redis).url;
    },
    get databaseUrl() {
      return started(databaseUrl);
    },
    ports,
    get bases() {
      return bases();
    },
    children,
    sdk: (index) => new ColyseusSDK(`ws://127.0.0.1:${started(ports[index])}`),
    kept(room) {
      room.reconnection.enabled = false;
      room.onMessage("*", () => {});
      rooms.push(room);
      return room;
    },
    roomCountsShared: () => roomCountsShared(started(redis).url, bases()),
  };
}

/**
 * Resolves once every process's count of its rooms has reached Redis (Colyseus writes it there
 * at most once a second), where the matchmaker reads it to put a new room in the process with
 * the fewest. Before then, a room made next may go to the process that already holds one.
 */
export async function roomCountsShared(redisUrl: string, bases: string[]): Promise<void> {
  const redis = new Redis(redisUrl);
  const ascending = (counts: number[]): number[] => counts.sort((a, b) => a - b);
  try {
    await vi.waitFor(
      async () => {
        const shared = Object.values(await redis.hgetall("roomcount")).map((value) => Number(value.split(",")[0]));
        const own = await Promise.all(
          bases.map(async (base) => (await call<HealthAnswer>(base, "GET", "/health")).body.rooms),
        );
        expect(ascending(shared)).toEqual(ascending(own));
      },
      { timeout: 10_000, interval: 50 },
    );
  } finally {
    redis.disconnect();
  }
}
