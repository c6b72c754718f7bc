/**
 * Arenas across processes: two `node dist/main.js` sharing a PostgreSQL and a Redis. One
 * directs the arena; it is killed (SIGKILL) mid-arena with a hand in play; the other directs
 * within 5 s, the hand is restored and finishes, the players are paired again, and every
 * player's score is the score of their pairings on record — none lost, none counted twice.
 * Players connected to either process are paired together.
 */
import type { ChildProcess } from "node:child_process";
import { appendFileSync } from "node:fs";
import { Client } from "@colyseus/sdk";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { ArenaDetail } from "@yourtrumps/protocol";
import { openStore, type Store } from "../storage/index.js";
import { call } from "../test-kit/harness.js";
import { startPostgres, type PostgresServer } from "../test-kit/postgres.js";
import { freePort, startRedis, startServerProcess, stop } from "../test-kit/processes.js";
import { ArenaBot } from "../test-kit/arena-bot.js";
import { scoresOnRecord } from "../test-kit/arena-scores.js";

let postgres: PostgresServer | undefined;
let redis: ChildProcess | undefined;
let store: Store | undefined;
const children: ChildProcess[] = [];
const bots: ArenaBot[] = [];

afterAll(async () => {
  await Promise.all(bots.map((b) => b.leave()));
  await Promise.all(children.filter((c) => c.exitCode === null && c.signalCode === null).map((c) => stop(c)));
  await store?.close();
  await postgres?.destroy();
  redis?.kill();
});

async function serve(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const { child } = await startServerProcess({
    PORT: String(port),
    PUBLIC_ADDRESS: `127.0.0.1:${port}`,
    MESSAGES_PER_SECOND: "10000",
    JOURNAL_BATCH_MS: "10",
    TURN_SECONDS: "30",
    RECONNECT_SECONDS: "40",
    ARENA_SCHEDULE: "off",
    ARENA_MIN_MINUTES: "1",
    CLIENT_DIST: "/nonexistent",
    ...env,
  });
  children.push(child);
  const log = `/tmp/arena-process-${port}.log`;
  child.stdout?.on("data", (d: Buffer) => appendFileSync(log, d));
  child.stderr?.on("data", (d: Buffer) => appendFileSync(log, d));
  return child;
}

describe("an arena across processes", () => {
  it("survives a SIGKILL of its directing process: another directs once its lease lapses, the hand in play finishes, nothing is lost or counted twice", async () => {
    postgres = await startPostgres();
    const url = await postgres.createDatabase("arena_processes");
    const r = await startRedis();
    redis = r.child;
    const env = { DATABASE_URL: url, REDIS_URL: r.url };
    const [portA, portB] = [await freePort(), await freePort()];
    const a = await serve(portA, env);
    store = await openStore({ databaseUrl: url });
    const people = await Promise.all(["Anna", "Boris", "Clara", "Dmitri"].map((n) => store!.createPlayer(n)));
    await call(`http://127.0.0.1:${portA}`, "POST", "/api/account", {
      token: people[0]!.token,
      body: { handle: "arenamaker" },
    });
    const created = await call<{ id: string }>(`http://127.0.0.1:${portA}`, "POST", "/api/arenas", {
      token: people[0]!.token,
      body: { name: "Kill me", minutes: 10 },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const director = async (): Promise<string | null> =>
      (await store!.db.selectFrom("arenas").select("director").where("id", "=", id).executeTakeFirstOrThrow()).director;
    await vi.waitFor(async () => expect(await director()).toBe(`127.0.0.1:${portA}`), { timeout: 5000 });
    await serve(portB, env);

    // Anna through B, Boris through A: alone in the arena, they are paired with each other across the processes.
    const join = async (i: number): Promise<ArenaBot> => {
      const b = ArenaBot.forServer(i % 2 === 0 ? portB : portA, people[i]!.token);
      if (i % 2 === 1) b.fallback = new Client(`ws://127.0.0.1:${portB}`); // a load balancer would send them to B once A is gone
      bots.push(b);
      return b.join(id);
    };
    const [anna, boris] = [await join(0), await join(1)];
    await vi.waitFor(() => expect(anna.tables.length && boris.tables.length).toBeTruthy(), {
      timeout: 30_000,
      interval: 100,
    });
    expect(anna.tables[0]).toBe(boris.tables[0]);
    await join(2);
    await join(3);
    await vi.waitFor(() => expect(bots.every((b) => b.tables.length >= 1)).toBe(true), {
      timeout: 60_000,
      interval: 100,
    });
    const before = await store.db.selectFrom("arena_pairings").select("id").where("arena_id", "=", id).execute();

    await new Promise<void>((resolve) => {
      a.once("exit", () => resolve());
      a.kill("SIGKILL");
    });
    // Another process directs once the dead one's lease lapses (3 s here; claims every second; the lease itself: storage/arenas.test.ts).
    await vi.waitFor(async () => expect(await director()).toBe(`127.0.0.1:${portB}`), {
      timeout: 20_000,
      interval: 100,
    });

    // Every pairing made before the kill finishes (its table restored where it was lost), and play goes on.
    await vi.waitFor(
      async () => {
        const open = await store!.db
          .selectFrom("arena_pairings")
          .select("id")
          .where(
            "id",
            "in",
            before.map((p) => p.id),
          )
          .where("finished_at", "is", null)
          .execute();
        expect(open).toHaveLength(0);
      },
      { timeout: 120_000, interval: 500 },
    );
    await vi.waitFor(
      async () => {
        const all = await store!.db.selectFrom("arena_pairings").select("id").where("arena_id", "=", id).execute();
        expect(all.length).toBeGreaterThan(before.length);
      },
      { timeout: 60_000, interval: 500 },
    );
    const expected = await scoresOnRecord(store, id);
    const lines = await store.arenas.players(id);
    for (const line of lines) expect(line.score).toBe(expected.get(line.playerId) ?? 0);
    const detail = await call<ArenaDetail>(`http://127.0.0.1:${portB}`, "GET", `/api/arenas/${id}`);
    expect(detail.body.standings.reduce((n, l) => n + l.hands, 0)).toBe([...lines].reduce((n, l) => n + l.hands, 0));
  }, 300_000);
});
