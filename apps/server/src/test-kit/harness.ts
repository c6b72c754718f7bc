/**
 * Test harness: a real server (startServer on a free port) wrapped by
 * @colyseus/testing, and helpers that drive the real @colyseus/sdk like a client:
 * clients decode state by reflection and pick moves with the engine's movesFor
 * from their own decoded hand, exactly as a browser client would.
 *
 * Every server records its hands: by default in a PGlite of its own, copied from the
 * cached template cluster (a copy costs a fraction of a new cluster's initdb), removed
 * when the harness closes. `boot({ databaseUrl })` uses a real PostgreSQL instead.
 */
import { isDeepStrictEqual } from "node:util";
import { ColyseusTestServer } from "@colyseus/testing";
import { expect } from "vitest";
import type { Room } from "@colyseus/sdk";
import { movesFor } from "@yourtrumps/engine";
import type { Card, Move, Suit } from "@yourtrumps/engine";
import type { ErrorMessage, JoinOptions, Level, Mode, Phase, ResultReason } from "@yourtrumps/protocol";
import { startServer } from "../server.js";
import type { RunningServer, StartOptions } from "../server.js";
import type { HttpLimits } from "../http/front-door.js";
import type { Store } from "../storage/index.js";
import { temporaryPgliteStore } from "./postgres.js";
import { testLogger } from "./test-logs.js";

/** Every test client comes from 127.0.0.1: the per-address limits are for the tests that test them. */
const UNLIMITED_HTTP: HttpLimits = {
  matchmake: { burst: 1e6, perMinute: 1e6 },
  api: { burst: 1e6, perMinute: 1e6 },
  codeMisses: { burst: 1e6, perMinute: 1e6 },
};

export interface Harness {
  server: RunningServer;
  store: Store; // the server's storage, to read what it recorded
  base: string; // http://127.0.0.1:<port>, for the HTTP API
  colyseus: ColyseusTestServer;
  join(method: "joinOrCreate" | "create" | "join", options: JoinOptions): Promise<Room>;
  close(): Promise<void>;
}

/** Tests open many computer tables from one address; the limits have tests of their own. */
const UNLIMITED_TABLES = { total: 10_000, perAddress: 10_000, perPlayer: 10_000 };

/**
 * Boots a server with test-short timers (each overridable). Its storage is `o.store`, or
 * the database `o.databaseUrl` / `o.dataDir` names (opened and closed by the server), or
 * else a new temporary PGlite that closing the harness removes.
 */
export async function boot(o: Partial<StartOptions> = {}): Promise<Harness> {
  const named = o.store !== undefined || o.databaseUrl !== undefined || o.dataDir !== undefined;
  const temporary = named ? undefined : await temporaryPgliteStore();
  let server: RunningServer;
  // Tables send a patch after every change; one that only the sweep (every 5 s) sent is a bug, and fails the harness's close.
  const unpatched: string[] = [];
  const log = testLogger((entry) => {
    if (entry.includes("waited for the sweep")) unpatched.push(entry);
  }, o.log);
  try {
    // journalBatchMs 10: these tables play as fast as patches arrive, and at the production bound (100 ms) every move of such a loop would wait out a group.
    server = await startServer({
      port: 0,
      host: "127.0.0.1",
      clientDist: null,
      journalBatchMs: 10,
      aiDelayMs: 5,
      fillAfterSeconds: 60,
      turnSeconds: 30,
      reconnectSeconds: 10,
      messagesPerSecond: 10_000,
      presenceMessagesPerSecond: 10_000,
      httpLimits: UNLIMITED_HTTP,
      computerTables: UNLIMITED_TABLES,
      arenaSchedule: false, // the server's own hourly and daily arenas are for the tests of arenas to ask for
      ...(temporary ? { store: temporary } : {}),
      ...o,
      log,
    });
  } catch (e) {
    await temporary?.close();
    throw e;
  }
  const colyseus = new ColyseusTestServer(server.gameServer);
  const rooms: Room[] = [];
  return {
    server,
    store: server.store,
    base: `http://127.0.0.1:${server.port}`,
    colyseus,
    async join(method, options) {
      const room = await colyseus.sdk[method]("table", options);
      room.reconnection.enabled = false; // tests drop and reconnect by hand
      rooms.push(room);
      await room.waitForInitialState();
      return room;
    },
    async close() {
      await Promise.all(rooms.filter((r) => r.connection?.isOpen).map((r) => r.leave().catch(() => 0)));
      await server.close();
      await temporary?.close();
      if (unpatched.length > 0) throw new Error(`changes no patch sent at once:\n${unpatched.join("\n")}`);
    },
  };
}

/** An HTTP answer: its status, headers, and body (parsed when it is JSON, else the text). */
export interface Reply<T> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * One plain HTTP call, as a browser or a bot makes it (fetch). `body` is sent as JSON
 * (a string as it is, for malformed bodies); `token` as `Authorization: Bearer`.
 */
export async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  o: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = {
    ...(o.token === undefined ? {} : { Authorization: `Bearer ${o.token}` }),
    ...(o.body === undefined ? {} : { "Content-Type": "application/json" }),
    ...o.headers,
  };
  const r = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(o.body === undefined ? {} : { body: typeof o.body === "string" ? o.body : JSON.stringify(o.body) }),
  });
  const text = await r.text();
  const json = (r.headers.get("content-type") ?? "").includes("application/json");
  return { status: r.status, headers: r.headers, body: (json ? JSON.parse(text) : text) as T };
}

/** The decoded state as plain data (what a client sees; other seats' `hand` is absent). */
export interface Seen {
  phase: Phase;
  mode: Mode;
  code: string;
  players: number;
  level: Level;
  turnSeconds: number;
  seats: {
    name: string;
    isAI: boolean;
    connected: boolean;
    trump: Suit | "";
    cardCount: number;
    sessionId: string;
    hand?: Card[];
    pickedUp: Card[];
    place: number;
    wantsRematch: boolean;
  }[];
  pile: Card[];
  toMove: number;
  secondDue: boolean;
  deadline: number;
  dealer: number;
  turns: number;
  seq: number;
  hands: number;
  lastMove: { seat: number; type: Move["type"] | ""; card: Card | ""; taken: Card[]; auto: boolean };
  result: { reason: ResultReason | ""; loser: number; places: number[] };
}

/** Calls `listen` with every raw frame `room` receives from now on (ArrayBuffer, or a string), before the SDK decodes it. */
export function onFrame(room: Room, listen: (data: ArrayBuffer | string) => void): void {
  const events = (room as unknown as { connection: { events: { onmessage?: (ev: { data: unknown }) => unknown } } })
    .connection.events;
  const deliver = events.onmessage;
  events.onmessage = (ev) => {
    listen(ev.data as ArrayBuffer | string);
    return deliver?.(ev);
  };
}

export function seen(room: Room): Seen {
  return (room.state as { toJSON(): Seen }).toJSON();
}

export function mySeat(room: Room): number {
  return seen(room).seats.findIndex((s) => s.sessionId === room.sessionId);
}

/** Resolves with the first decoded state that satisfies `test` (checked now and on every patch). */
export function until(room: Room, test: (s: Seen) => boolean, timeoutMs = 15_000, what = "state"): Promise<Seen> {
  return new Promise((resolve, reject) => {
    const check = (): boolean => {
      const s = seen(room);
      let ok: boolean;
      try {
        ok = test(s);
      } catch {
        ok = false; // a state not decoded yet (e.g. right after a reconnect)
      }
      if (!ok) return false;
      clearTimeout(timer);
      off();
      resolve(s);
      return true;
    };
    const timer = setTimeout(() => {
      off();
      const s = seen(room);
      reject(new Error(`timed out waiting for ${what}; phase ${s.phase}, toMove ${s.toMove}, seq ${s.seq}`));
    }, timeoutMs);
    const listener = (): void => void check();
    const off = (): void => room.onStateChange.remove(listener);
    room.onStateChange(listener);
    check();
  });
}

/** The first state `room` decodes after this call that differs from the one it holds now. */
export function nextState(room: Room, timeoutMs = 15_000): Promise<Seen> {
  const now = seen(room);
  return until(room, (s) => !isDeepStrictEqual(s, now), timeoutMs, "the next patch");
}

/**
 * Asserts that `after` differs from `before` by `move` of `seat` alone: one more move, that
 * one last, and every field a move does not set (the phase, the seats but the mover's cards,
 * the trumps, the dealer, the hand count, the result…) as it was. With `after` the first
 * patch after a follow-up move, this proves the messages sent before it changed nothing.
 * Both are states one client decoded (`seen` of the same room): others' hands are hidden from it.
 */
export function expectOnlyMove(before: Seen, after: Seen, seat: number, move: Move): void {
  expect(after.seq).toBe(before.seq + 1);
  expect(after.lastMove).toMatchObject({ seat, type: move.type, card: move.type === "play" ? move.card : "" });
  const mine = before.seats[seat]?.hand;
  if (mine !== undefined && move.type === "play")
    expect(after.seats[seat]?.hand).toEqual(mine.filter((card) => card !== move.card));
  const unmoved = (s: Seen): unknown => ({
    ...s,
    seq: 0,
    lastMove: null,
    pile: null,
    toMove: null,
    secondDue: null,
    deadline: null,
    turns: null,
    seats: s.seats.map((x, i) => (i === seat ? { ...x, hand: null, cardCount: null, pickedUp: null, place: null } : x)),
  });
  expect(unmoved(after)).toEqual(unmoved(before));
}

/**
 * Resolves when the server answers a ping sent now. One socket keeps its order and the
 * server handles a message before it reads the next, so by then every answer to what this
 * client sent before has reached it (from handlers that answer at once, not after an await).
 */
export function roundTrip(room: Room): Promise<void> {
  return new Promise((resolve) => room.ping(() => resolve()));
}

/**
 * Resolves once a quick duel of its own, opened now, has been filled by a computer: by then
 * a table of the same server that began its fill wait earlier has passed it too. What must
 * not happen at the fill time is then asserted after this event, not after a sleep.
 */
export async function laterTableFilled(h: Harness): Promise<void> {
  const control = await h.join("create", { mode: "quick", players: 2, name: "Control" });
  await until(control, (s) => s.phase !== "waiting", 15_000, "a later table's computer fill");
  await control.leave();
}

/** The next `error` message the client receives. */
export function nextError(room: Room, timeoutMs = 5000): Promise<ErrorMessage> {
  return room.waitForMessage("error", timeoutMs) as Promise<ErrorMessage>;
}

/** This client's legal moves, from its own decoded hand (engine's movesFor). */
export function legalFor(room: Room): Move[] {
  const s = seen(room);
  const seat = mySeat(room);
  if (s.phase !== "playing" || s.toMove !== seat) return [];
  const mine = s.seats[seat]!;
  return movesFor(mine.hand ?? [], s.pile, mine.trump as Suit, s.secondDue);
}

export function send(room: Room, move: Move): void {
  if (move.type === "play") room.send("play", { card: move.card });
  else room.send("pickup", {});
}

/** Picks trumps for every room (first free suit each) and waits for the deal. */
export async function pickTrumps(rooms: Room[]): Promise<void> {
  let picked = 0; // trumps the clients before this one took: this client's state must show them before it picks a free suit
  for (const room of rooms) {
    const s = await until(
      room,
      (x) =>
        (x.phase === "choosing" && x.seats.filter((seat) => seat.trump !== "").length >= picked) ||
        x.phase === "playing",
      15_000,
      "choosing",
    );
    if (s.phase !== "choosing") break;
    const taken = s.seats.map((x) => x.trump);
    const suit = (["S", "H", "D", "C"] as const).find((x) => !taken.includes(x))!;
    let refusal: unknown = null;
    const off = room.onMessage("error", (e: unknown) => (refusal = e));
    room.send("trump", { suit });
    try {
      await until(room, (x) => x.seats[mySeat(room)]!.trump !== "" || x.phase !== "choosing", 5000, "trump");
    } catch (e) {
      throw new Error(
        `${e instanceof Error ? e.message : String(e)}; asked for ${suit} (taken: ${taken.join(",")}), refused with ${JSON.stringify(refusal)}`,
        { cause: e },
      );
    } finally {
      off();
    }
    picked++;
  }
  await Promise.all(rooms.map((r) => until(r, (x) => x.phase === "playing" || x.phase === "over", 15_000, "deal")));
}

/**
 * Plays the hand to its result: each client watches its own decoded state and,
 * when that state says it is to move, sends its first legal move (a play before
 * a pickup keeps hands short). `onMove` runs after each move this side sends.
 */
export function playToEnd(
  rooms: Room[],
  o: { choose?: (moves: Move[]) => Move; onMove?: (room: Room) => void; timeoutMs?: number } = {},
): Promise<Seen> {
  const choose = o.choose ?? ((moves: Move[]) => moves[0]!);
  return new Promise((resolve, reject) => {
    const acted = rooms.map(() => -1); // the seq each client last moved at
    const listeners: (() => void)[] = [];
    const finish = (error: Error | null, s?: Seen): void => {
      clearTimeout(timer);
      rooms.forEach((r, i) => r.onStateChange.remove(listeners[i]!));
      if (error) reject(error);
      else resolve(s!);
    };
    const timer = setTimeout(() => {
      const s = seen(rooms[0]!);
      finish(new Error(`the hand did not end; phase ${s.phase}, toMove ${s.toMove}, seq ${s.seq}`));
    }, o.timeoutMs ?? 60_000);
    rooms.forEach((room, i) => {
      const step = (): void => {
        const s = seen(room);
        if (s.phase === "over") return finish(null, s);
        if (s.phase !== "playing" || s.toMove !== mySeat(room) || acted[i] === s.seq) return;
        acted[i] = s.seq;
        const moves = legalFor(room);
        if (moves.length === 0) return finish(new Error(`seat ${s.toMove} has no legal move at seq ${s.seq}`));
        send(room, choose(moves));
        o.onMove?.(room);
      };
      listeners.push(step);
      room.onStateChange(step);
      step();
    });
  });
}

/** Waits until every client has decoded the latest move any of them has seen. */
export async function settle(rooms: Room[]): Promise<Seen> {
  const target = Math.max(...rooms.map((r) => seen(r).seq));
  const states = await Promise.all(rooms.map((r) => until(r, (x) => x.seq >= target, 10_000, `seq ${target}`)));
  return states[0]!;
}

/** Plays `count` moves (each by whichever client is to move), waiting for every patch. */
export async function playMoves(rooms: Room[], count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const s = await settle(rooms);
    if (s.phase !== "playing") return;
    const mover = rooms.find((r) => mySeat(r) === s.toMove);
    if (!mover) return;
    send(mover, legalFor(mover)[0]!);
    await until(mover, (x) => x.seq > s.seq, 10_000, "the move's patch");
  }
}
