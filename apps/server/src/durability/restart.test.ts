/**
 * Hands survive the server process: real `node dist/main.js` processes killed with
 * SIGKILL (at once, mid-hand) or stopped with SIGTERM, started again on the same
 * database, and SDK clients that get their seats back with `client.reconnect(token)` and
 * finish the hand — on the embedded PGlite and on a real PostgreSQL. The record must
 * hold every move once, and show each move the clients saw.
 */
import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { ColyseusSDK, type Room } from "@colyseus/sdk";
import { TABLE_CLOSE_CODES, TABLE_RESTART_CODE, type ClosedMessage } from "@yourtrumps/protocol";
import { afterAll, describe, expect, it, onTestFinished, vi } from "vitest";
import type { GameAnswer } from "../http/games.js";
import {
  call,
  legalFor,
  mySeat,
  pickTrumps,
  playToEnd,
  seen,
  send,
  settle,
  until,
  type Seen,
} from "../test-kit/harness.js";
import { openStore } from "../storage/index.js";
import { pgliteDataDir, startPostgres, type PostgresServer } from "../test-kit/postgres.js";
import { freePort, startRedis, startServerProcess, stop } from "../test-kit/processes.js";

let postgres: PostgresServer | undefined;
let databases = 0;
const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(children.filter((c) => c.exitCode === null && c.signalCode === null).map((c) => stop(c)));
  await postgres?.destroy();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

type Database = { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };

async function database(kind: "pglite" | "postgres"): Promise<Database> {
  if (kind === "pglite") {
    const dataDir = await pgliteDataDir();
    dirs.push(dataDir);
    return { kind, dataDir };
  }
  postgres ??= await startPostgres();
  return { kind, url: await postgres.createDatabase(`restart_${++databases}`) };
}

/** The server on `port` over `db`, as a deploy would start it. */
async function server(db: Database, port: number, extra: Record<string, string> = {}): Promise<ChildProcess> {
  // JOURNAL_BATCH_MS 10: the SDK players move as fast as patches arrive, and each move would wait out a 100 ms group.
  const env = {
    PORT: String(port),
    MESSAGES_PER_SECOND: "10000",
    JOURNAL_BATCH_MS: "10",
    AI_DELAY_MS: "5",
    TURN_SECONDS: "60",
    RECONNECT_SECONDS: "30",
    FILL_AFTER_SECONDS: "1",
    CLIENT_DIST: "/nonexistent",
    ...(db.kind === "pglite" ? { DATA_DIR: db.dataDir } : { DATABASE_URL: db.url }),
    ...extra,
  };
  const { child } = await startServerProcess(env);
  children.push(child);
  onTestFinished(() => killed(child)); // an idle server left running costs the next tests CPU
  return child;
}

function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

/** Joins without the SDK's own retries, so each test decides how the client comes back; resolves once its state is decoded. */
async function manual(joining: Promise<Room>): Promise<Room> {
  const room = await joining;
  room.reconnection.enabled = false;
  await room.waitForInitialState();
  return room;
}

/** Two people at a private table, the second joining by its code (through `joinVia`, another process's SDK, if given), trumps picked. */
async function privateDuel(sdk: ColyseusSDK, names: [string, string], joinVia = sdk): Promise<[Room, Room]> {
  const a = await manual(sdk.create("table", { mode: "private", name: names[0] }));
  const b = await manual(
    joinVia.join("table", {
      mode: "private",
      code: (await until(a, (s) => s.code !== "", 10_000, "the code")).code,
      name: names[1],
    }),
  );
  await pickTrumps([a, b]);
  return [a, b];
}

/** Comes back with the SDK's `client.reconnect(token)`, retrying while the table is not back yet. */
async function comeBack(sdk: ColyseusSDK, token: string): Promise<Room> {
  return vi.waitFor(
    async () => {
      const room = await manual(sdk.reconnect(token));
      await until(room, (s) => s.seats.length > 0, 10_000, "state after reconnecting");
      return room;
    },
    { timeout: 30_000, interval: 250 },
  );
}

/** Plays until the table has seen `count` moves: the people move when it is their turn, a computer seat moves by itself. */
async function playMoves(rooms: Room[], count: number): Promise<void> {
  for (;;) {
    const s = await settle(rooms);
    if (s.phase !== "playing" || s.seq >= count) return;
    const mover = rooms.find((r) => mySeat(r) === s.toMove);
    if (mover) send(mover, legalFor(mover)[0]!);
    await until(rooms[0]!, (x) => x.seq > s.seq || x.phase !== "playing", 10_000, "the next move");
  }
}

/** What a restored table must show the same: every seat's cards, the pile, the move count. */
function position(s: Seen): unknown {
  return {
    seq: s.seq,
    pile: s.pile,
    toMove: s.toMove,
    turns: s.turns,
    counts: s.seats.map((x) => x.cardCount),
    names: s.seats.map((x) => x.name),
    trumps: s.seats.map((x) => x.trump),
    ai: s.seats.map((x) => x.isAI),
  };
}

/** The hand's record, once it is there. */
async function record(port: number, id: string): Promise<GameAnswer> {
  return vi.waitFor(
    async () => {
      const r = await call<GameAnswer>(`http://127.0.0.1:${port}`, "GET", `/api/games/${id}`);
      if (r.status !== 200) throw new Error(`hand ${id} is not on record`);
      return r.body;
    },
    { timeout: 10_000, interval: 200 },
  );
}

function handIdOf(room: Room): string {
  return (room.state as unknown as { handId: string }).handId;
}

for (const kind of ["pglite", "postgres"] as const) {
  describe(`a restart loses no game (${kind})`, () => {
    it("SIGKILL mid-hand at a table of two people: both come back, the hand goes on and is recorded with every move once", async () => {
      const db = await database(kind);
      const port = await freePort();
      const first = await server(db, port);
      const sdk = new ColyseusSDK(`ws://127.0.0.1:${port}`);
      const [a, b] = await privateDuel(sdk, ["Ann", "Bob"]);
      await playMoves([a, b], 7);
      const before = await settle([a, b]);
      const seats = [mySeat(a), mySeat(b)];
      const hands = [seen(a).seats[seats[0]!]!.hand, seen(b).seats[seats[1]!]!.hand];
      const tokens = [a.reconnectionToken, b.reconnectionToken];
      const handId = handIdOf(a);
      const code = before.code;
      await killed(first);
      await server(db, port);
      const [a2, b2] = await Promise.all(tokens.map((t) => comeBack(sdk, t)));
      const after = seen(a2!);
      expect(position(after)).toEqual(position(before));
      expect(after.code).toBe(code);
      expect(a2!.roomId).toBe(a.roomId);
      expect(mySeat(a2!)).toBe(seats[0]);
      expect(mySeat(b2!)).toBe(seats[1]);
      expect(seen(a2!).seats[seats[0]!]!.hand).toEqual(hands[0]);
      expect(seen(b2!).seats[seats[1]!]!.hand).toEqual(hands[1]);
      await until(a2!, (s) => s.seats.every((x) => x.connected), 10_000, "both back");
      const end = await playToEnd([a2!, b2!]);
      expect(end.phase).toBe("over");
      const game = await record(port, handId);
      expect(before.seq).toBe(7);
      expect(game.log.length).toBe(end.seq); // the table's first hand: every move, those before the kill once
      expect(game.result.reason).not.toBe("abandoned");
      expect(game.seats.map((s) => s.name).sort()).toEqual(["Ann", "Bob"]);
      // Came back by reconnection, they count as the process's clients, and leaving takes the count to 0, not below.
      const clients = async (): Promise<number> =>
        (await call<{ clients: number }>(`http://127.0.0.1:${port}`, "GET", "/health")).body.clients; // persisted and read back within a second
      await expect.poll(clients, { timeout: 5000 }).toBe(2);
      await Promise.all([a2!.leave(), b2!.leave()]);
      await expect.poll(clients, { timeout: 5000 }).toBe(0);
    });

    it("SIGKILL at a 3-player table with a computer: the computer plays on, the people come back and finish", async () => {
      const db = await database(kind);
      const port = await freePort();
      const first = await server(db, port);
      const sdk = new ColyseusSDK(`ws://127.0.0.1:${port}`);
      const a = await manual(sdk.joinOrCreate("table", { mode: "quick", players: 3, name: "Ann" }));
      const b = await manual(sdk.joinOrCreate("table", { mode: "quick", players: 3, name: "Bob" }));
      expect(b.roomId).toBe(a.roomId);
      await until(a, (s) => s.seats.some((x) => x.isAI), 10_000, "the computer fill");
      await pickTrumps([a, b]);
      await playMoves([a, b], 6);
      const before = await settle([a, b]);
      const handId = handIdOf(a);
      const tokens = [a.reconnectionToken, b.reconnectionToken];
      await killed(first);

      await server(db, port);
      const back = await Promise.all(tokens.map((t) => comeBack(sdk, t)));
      const after = seen(back[0]!);
      expect(after.seq).toBeGreaterThanOrEqual(before.seq); // the computer may have moved since
      expect(after.seats.filter((s) => s.isAI)).toHaveLength(1);
      const end = await playToEnd(back);
      const game = await record(port, handId);
      expect(before.seq).toBeGreaterThanOrEqual(6);
      expect(game.log.length).toBe(end.seq); // every move once
      expect(game.players).toBe(3);
    });

    it("SIGTERM mid-hand: the clients are told to come back (not that the table closed), and finish after the restart", async () => {
      const db = await database(kind);
      const port = await freePort();
      const first = await server(db, port);
      const sdk = new ColyseusSDK(`ws://127.0.0.1:${port}`);
      const [a, b] = await privateDuel(sdk, ["Ann", "Bob"]);
      await playMoves([a, b], 5);
      const before = await settle([a, b]);
      const handId = handIdOf(a);
      const left = [a, b].map((r) => new Promise<number>((resolve) => r.onLeave((code) => resolve(code))));
      const tokens = [a.reconnectionToken, b.reconnectionToken];
      expect(await stop(first)).toBe(0); // it shut down on its own: stop()'s SIGKILL, had it come to that, answers null
      expect(await Promise.all(left)).toEqual([TABLE_RESTART_CODE, TABLE_RESTART_CODE]);

      await server(db, port);
      const back = await Promise.all(tokens.map((t) => comeBack(sdk, t)));
      expect(position(seen(back[0]!))).toEqual(position(before));
      const end = await playToEnd(back);
      const game = await record(port, handId);
      expect(game.log.length).toBe(end.seq);
      expect(game.result.reason).not.toBe("abandoned");
    });

    it("refuses a token that is not a seat's, and a seat whose person does not come back goes to the computer", async () => {
      const db = await database(kind);
      const port = await freePort();
      const first = await server(db, port, { RECONNECT_SECONDS: "2" });
      const sdk = new ColyseusSDK(`ws://127.0.0.1:${port}`);
      const [a, b] = await privateDuel(sdk, ["Ann", "Bob"]);
      await playMoves([a, b], 3);
      await settle([a, b]);
      const bobSeat = mySeat(b);
      const token = a.reconnectionToken;
      await killed(first);
      await server(db, port, { RECONNECT_SECONDS: "2" });
      const [roomId] = token.split(":");
      await expect(sdk.reconnect(`${roomId}:not-the-token`)).rejects.toThrow(/reconnection token invalid or expired/);
      const a2 = await comeBack(sdk, token);
      const s = await until(a2, (x) => x.seats[bobSeat]!.isAI, 10_000, "Bob's seat to the computer");
      expect(s.seats[bobSeat]!.name).not.toBe("Bob");
      await playToEnd([a2]);
    });

    it("a table whose record this engine cannot replay is closed with a message to its people and recorded abandoned; the others play on", async () => {
      const db = await database(kind);
      const port = await freePort();
      const first = await server(db, port);
      const sdk = new ColyseusSDK(`ws://127.0.0.1:${port}`);
      const tables: Room[][] = [];
      for (const name of ["Old", "Fine"]) {
        const [a, b] = await privateDuel(sdk, [`${name} A`, `${name} B`]);
        await playMoves([a, b], 4);
        await settle([a, b]);
        tables.push([a, b]);
      }
      const [old, fine] = tables as [Room[], Room[]];
      const oldHand = handIdOf(old[0]!);
      await killed(first);
      // An older engine's record: its first move is one this engine refuses (a pickup from an empty pile).
      const store = await openStore(db.kind === "pglite" ? { dataDir: db.dataDir } : { databaseUrl: db.url });
      await store.db
        .updateTable("live_moves")
        .set({ move: "P" })
        .where("room_id", "=", old[0]!.roomId)
        .where("ply", "=", 0)
        .execute();
      await store.close();

      await server(db, port);
      const back = await sdk.reconnect(old[0]!.reconnectionToken);
      back.reconnection.enabled = false;
      const left = new Promise<number>((resolve) => back.onLeave((code) => resolve(code)));
      const closed = (await back.waitForMessage("closed", 10_000)) as ClosedMessage;
      expect(await left).toBe(TABLE_CLOSE_CODES.unrestorable);
      expect(closed.reason).toBe("unrestorable");
      expect(closed.message).toMatch(/move 1 \(P\) does not replay/);
      const game = await record(port, oldHand);
      expect(game.result.reason).toBe("abandoned");
      expect(game.log).toHaveLength(0); // the moves this engine took: none before the refused one
      const fineBack = await Promise.all(fine.map((r) => comeBack(sdk, r.reconnectionToken)));
      const end = await playToEnd(fineBack);
      expect(end.phase).toBe("over");
    });
  });
}

describe("a rolling restart of two processes (REDIS_URL + one PostgreSQL)", () => {
  it("stopping one with SIGTERM moves its tables to the other, where their players come back and finish; exactly one process restores each", async () => {
    const redis = await startRedis();
    children.push(redis.child);
    const db = await database("postgres");
    const ports = [await freePort(), await freePort()] as const;
    const procs = await Promise.all(
      ports.map((p) => server(db, p, { REDIS_URL: redis.url, PUBLIC_ADDRESS: `127.0.0.1:${p}` })),
    );
    const sdks = ports.map((p) => new ColyseusSDK(`ws://127.0.0.1:${p}`));
    // Four private tables, made through either process; the matchmaker puts each where it likes.
    const tables: Room[][] = [];
    for (let i = 0; i < 4; i++) {
      const [a, b] = await privateDuel(sdks[i % 2]!, [`A${i}`, `B${i}`], sdks[(i + 1) % 2]);
      await playMoves([a, b], 3);
      tables.push([a, b]);
    }
    const where = async (port: number): Promise<number> =>
      ((await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as { rooms: number }).rooms;
    const onFirst = await where(ports[0]);
    expect(onFirst + (await where(ports[1]))).toBe(4);
    expect(onFirst).toBeGreaterThan(0); // some tables do move
    const leftWith: (number | null)[] = tables.map(() => null);
    tables.forEach((t, i) => t[0]!.onLeave((code) => (leftWith[i] = code)));
    const before = await Promise.all(tables.map((t) => settle(t)));

    expect(await stop(procs[0]!)).toBe(0);
    // The tables of the stopped process were told to come back; the others play on where they are.
    await expect.poll(() => leftWith.filter((c) => c !== null).length).toBe(onFirst);
    expect(leftWith.filter((c) => c !== null).every((c) => c === TABLE_RESTART_CODE)).toBe(true);
    await expect.poll(() => where(ports[1]), { timeout: 20_000 }).toBe(4); // every table is on the process still running
    const ends = await Promise.all(
      tables.map(async (t, i) => {
        const moved = leftWith[i] !== null;
        const rooms = moved ? await Promise.all(t.map((r) => comeBack(sdks[1]!, r.reconnectionToken))) : t;
        expect(seen(rooms[0]!).seq).toBeGreaterThanOrEqual(before[i]!.seq);
        return playToEnd(rooms);
      }),
    );
    for (const [i, end] of ends.entries()) {
      expect(end.phase).toBe("over");
      const game = await record(ports[1], handIdOf(tables[i]![0]!));
      expect(game.log).toHaveLength(end.seq); // every move once, whichever process played it
    }
  });
});
