/**
 * Benchmark: watching a live game, and the lobby's live list. Prints figures, asserts nothing.
 *
 * 1. One duel watched by SPECTATORS (1,000) SDK spectators, in WATCHER_PROCS child
 *    processes at the lowest CPU priority (WATCHER_NICE, 19): a thousand people watching
 *    decode on a thousand machines, not on the server's two cores, so here their decoding
 *    takes only what the server and the players leave. The players'
 *    move → patch latency (send → the patch decoded by both players) without spectators
 *    and with them, and the spectators' own (send → each one's decode), p50/p99, with the
 *    server's CPU per move. A move every PACE_MS.
 * 2. The lobby's live list with TABLES (2,000) tables being played (one SDK person and a
 *    computer each, still choosing trumps: nothing thinks) and spectators coming and going
 *    at CHURN_PER_SECOND tables a second so the list keeps changing: the server's CPU with
 *    LOBBY (500) lobby clients of the `live` room against the same without them, and how
 *    often each lobby client was sent a patch.
 *
 * `--json` prints one JSON line per scenario instead of text.
 */
import { fork, type ChildProcess } from "node:child_process";
import { randomInt } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ColyseusSDK, type Room } from "@colyseus/sdk";
import { movesFor, SUITS, type Card, type Suit } from "@yourtrumps/engine";
import { ROOM_NAME } from "@yourtrumps/protocol";
import { nextMessage } from "./child-ipc.js";
import { SERVER_NODE_FLAGS } from "../node-flags.js";
import { sendMove } from "./decoded-table.js";
import { quantile, round } from "./stats.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const json = process.argv.includes("--json");
const SPECTATORS = Number(process.env.SPECTATORS ?? 1000);
const WATCHER_PROCS = Number(process.env.WATCHER_PROCS ?? 4);
const WATCHER_NICE = Number(process.env.WATCHER_NICE ?? 19);
const ONLY = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length); // "spectators" or "lobby": one scenario
const MOVES = Number(process.env.MOVES ?? 300);
const PACE_MS = Number(process.env.PACE_MS ?? 150);
const TABLES = Number(process.env.TABLES ?? 2000);
const LOBBY = Number(process.env.LOBBY ?? 500);
const CHURN_PER_SECOND = Number(process.env.CHURN_PER_SECOND ?? 20);
const MEASURE_S = Number(process.env.MEASURE_S ?? 20);
const now = (): number => performance.timeOrigin + performance.now();
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface ServerFigures {
  cpuMs: number;
  eventLoopP99Ms: number;
}

async function serverProcess(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "yourtrumps-watch-bench-"));
  const child = fork(path.join(here, "server-proc.js"), [], {
    execArgv: [...SERVER_NODE_FLAGS],
    env: { ...process.env, DATA_DIR: dataDir, AI_DELAY_MS: "5", ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const { port } = await nextMessage<{ port: number }>(child, "port");
  child.send({ cmd: "baseline" });
  await nextMessage(child, "baselineRss");
  return { child, port, dataDir };
}

async function stopServer(server: { child: ChildProcess; dataDir: string }): Promise<void> {
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.send({ cmd: "stop" });
  await exited;
  rmSync(server.dataDir, { recursive: true, force: true });
}

async function measured<T>(
  child: ChildProcess,
  work: () => Promise<T>,
): Promise<{ result: T; server: ServerFigures; seconds: number }> {
  child.send({ cmd: "measure" });
  await sleep(50);
  const t0 = now();
  const result = await work();
  const seconds = (now() - t0) / 1000;
  child.send({ cmd: "report" });
  return { result, server: await nextMessage<ServerFigures>(child, "cpuMs"), seconds };
}

function watchers(port: number, count: number, watch: string | null): Promise<ChildProcess[]> {
  const per = Math.ceil(count / WATCHER_PROCS);
  return Promise.all(
    Array.from({ length: WATCHER_PROCS }, async (_, i) => {
      const n = Math.max(0, Math.min(per, count - i * per));
      const child = fork(path.join(here, "watcher-proc.js"), [], {
        env: { ...process.env, PORT: String(port), COUNT: String(n), ...(watch ? { WATCH: watch } : {}) },
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
      if (watch) os.setPriority(child.pid!, WATCHER_NICE); // spectators only: the lobby scenario measures the server's CPU, not latency
      await nextMessage(child, "joined");
      return child;
    }),
  );
}

async function reports<T>(children: ChildProcess[], key: string): Promise<T[]> {
  for (const child of children) child.send({ cmd: "report" });
  return Promise.all(children.map((child) => nextMessage<T>(child, key)));
}

function stopAll(children: ChildProcess[]): Promise<unknown> {
  return Promise.all(
    children.map((child) => new Promise((resolve) => (child.once("exit", resolve), child.send({ cmd: "stop" })))),
  );
}

/** The table as a player decodes it, as plain data. */
interface Plain {
  phase: string;
  seq: number;
  hands: number;
  toMove: number;
  secondDue: boolean;
  pile: Card[];
  seats: { sessionId: string; trump: Suit | ""; hand?: Card[] }[];
}

const decoded = (room: Room): Plain => (room.state as { toJSON(): Plain }).toJSON();
const seatOf = (room: Room): number => decoded(room).seats.findIndex((seat) => seat.sessionId === room.sessionId);

function until(room: Room, test: (s: Plain) => boolean): Promise<number> {
  return new Promise((resolve) => {
    const check = (): boolean => {
      if (!test(decoded(room))) return false;
      room.onStateChange.remove(check);
      resolve(now());
      return true;
    };
    if (!check()) room.onStateChange(check);
  });
}

/** Two SDK players at a quick duel, trumps picked. */
async function duel(sdk: ColyseusSDK): Promise<Room[]> {
  const a = await sdk.create(ROOM_NAME, { mode: "quick", name: "A" });
  const b = await sdk.joinById(a.roomId, { mode: "quick", name: "B" });
  for (const room of [a, b]) {
    await until(room, (s) => s.phase === "choosing" && (room === a || s.seats.some((seat) => seat.trump !== "")));
    const taken = decoded(room).seats.map((seat) => seat.trump);
    room.send("trump", { suit: SUITS.find((suit) => !taken.includes(suit))! });
  }
  await Promise.all([a, b].map((room) => until(room, (s) => s.phase === "playing")));
  return [a, b];
}

/** Plays `count` moves at PACE_MS; for each, when it was sent (by the seq it makes) and the players' latency. */
async function playMoves(rooms: Room[], count: number): Promise<{ sentAt: Map<number, number>; playersMs: number[] }> {
  const sentAt = new Map<number, number>();
  const playersMs: number[] = [];
  for (let i = 0; i < count; i++) {
    const s = decoded(rooms[0]!);
    if (s.phase === "over") {
      const hands = s.hands;
      for (const room of rooms) room.send("rematch", {});
      await Promise.all(rooms.map((room) => until(room, (x) => x.phase === "playing" && x.hands > hands)));
      continue;
    }
    const mover = rooms.find((room) => seatOf(room) === s.toMove)!;
    const mine = decoded(mover).seats[seatOf(mover)]!;
    const move = movesFor(mine.hand ?? [], s.pile, mine.trump as Suit, s.secondDue)[0]!;
    const seq = s.seq + 1;
    const t0 = now();
    sentAt.set(seq, t0);
    sendMove(mover, move);
    const seen = await Promise.all(rooms.map((room) => until(room, (x) => x.seq >= seq)));
    for (const t of seen) playersMs.push(t - t0);
    await sleep(PACE_MS);
  }
  return { sentAt, playersMs };
}

function percentiles(values: number[]): { p50: number; p99: number; n: number } {
  return { p50: round(quantile(values, 0.5), 2), p99: round(quantile(values, 0.99), 2), n: values.length };
}

async function spectatorsScenario(): Promise<void> {
  const server = await serverProcess({});
  const sdk = new ColyseusSDK(`ws://127.0.0.1:${server.port}`);
  const rooms = await duel(sdk);
  const alone = await measured(server.child, () => playMoves(rooms, MOVES));
  const spectators = await watchers(server.port, SPECTATORS, rooms[0]!.roomId);
  for (const child of spectators) child.send({ cmd: "reset" });
  const watched = await measured(server.child, () => playMoves(rooms, MOVES));
  const seen = (await reports<{ seenAt: [number, number[]][] }>(spectators, "seenAt")).flatMap((r) => r.seenAt);
  const spectatorsMs = seen.flatMap(([seq, times]) => {
    const t0 = watched.result.sentAt.get(seq);
    return t0 === undefined ? [] : times.map((t) => t - t0);
  });
  const figures = {
    scenario: "one duel watched",
    spectators: SPECTATORS,
    moves: MOVES,
    paceMs: PACE_MS,
    playersAloneMs: percentiles(alone.result.playersMs),
    playersWatchedMs: percentiles(watched.result.playersMs),
    playersP99RiseMs: round(quantile(watched.result.playersMs, 0.99) - quantile(alone.result.playersMs, 0.99), 2),
    spectatorsMs: percentiles(spectatorsMs),
    serverCpuMsPerMoveAlone: round(alone.server.cpuMs / MOVES, 3),
    serverCpuMsPerMoveWatched: round(watched.server.cpuMs / MOVES, 3),
  };
  if (json) console.log(JSON.stringify(figures));
  else {
    console.log(
      `watch bench: one duel, ${SPECTATORS} SDK spectators (${WATCHER_PROCS} processes at nice ${WATCHER_NICE}), ${MOVES} moves every ${PACE_MS} ms`,
    );
    console.log(
      `  players' move → patch: alone p50 ${figures.playersAloneMs.p50} ms p99 ${figures.playersAloneMs.p99} ms; watched p50 ${figures.playersWatchedMs.p50} ms p99 ${figures.playersWatchedMs.p99} ms (p99 rise ${figures.playersP99RiseMs} ms; target ≤ 5)`,
    );
    console.log(
      `  spectators' move → patch: p50 ${figures.spectatorsMs.p50} ms p99 ${figures.spectatorsMs.p99} ms over ${figures.spectatorsMs.n} patches (target p99 < 100)`,
    );
    console.log(
      `  server CPU a move: alone ${figures.serverCpuMsPerMoveAlone} ms, watched ${figures.serverCpuMsPerMoveWatched} ms`,
    );
  }
  await stopAll(spectators);
  await Promise.all(rooms.map((room) => room.leave().catch(() => 0)));
  await stopServer(server);
}

/** Spectators join a random table every 1/CHURN_PER_SECOND s and leave 2 s later: the live list keeps changing. */
function churn(sdk: ColyseusSDK, roomIds: string[]): () => Promise<void> {
  let running = true;
  const open: Promise<unknown>[] = [];
  const loop = (async () => {
    while (running) {
      const id = roomIds[randomInt(roomIds.length)]!;
      open.push(
        sdk
          .joinById(id, { watch: true })
          .then((room) => sleep(2000).then(() => room.leave()))
          .catch(() => 0),
      );
      await sleep(1000 / CHURN_PER_SECOND);
    }
  })();
  return async () => {
    running = false;
    await loop;
    await Promise.all(open);
  };
}

async function lobbyScenario(): Promise<void> {
  const server = await serverProcess({ FILL_AFTER_SECONDS: "1" });
  const sdk = new ColyseusSDK(`ws://127.0.0.1:${server.port}`);
  const people: Room[] = [];
  const BATCH = 100;
  for (let i = 0; i < TABLES; i += BATCH)
    people.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(BATCH, TABLES - i) }, (_, k) =>
          sdk.create(ROOM_NAME, { mode: "quick", name: `P${i + k}` }),
        ),
      )),
    );
  await Promise.all(people.map((room) => until(room, (s) => s.phase === "choosing"))); // a computer took the other seat; nobody picks a trump, so nothing thinks
  const stopChurn = churn(
    sdk,
    people.map((room) => room.roomId),
  );
  await sleep(3000);
  const without = await measured(server.child, () => sleep(MEASURE_S * 1000));
  const lobby = await watchers(server.port, LOBBY, null);
  await sleep(2000);
  for (const child of lobby) child.send({ cmd: "reset" });
  const withLobby = await measured(server.child, () => sleep(MEASURE_S * 1000));
  const times = (await reports<{ patchTimes: number[][] }>(lobby, "patchTimes")).flatMap((r) => r.patchTimes);
  await stopChurn();
  const perSecond = times.map((t) => t.length / withLobby.seconds);
  const gaps = times.flatMap((t) => t.slice(1).map((x, i) => x - t[i]!));
  const cpuShare = (m: { server: ServerFigures; seconds: number }): number => m.server.cpuMs / (m.seconds * 1000);
  const figures = {
    scenario: "live list",
    tables: TABLES,
    lobbyClients: LOBBY,
    churnPerSecond: CHURN_PER_SECOND,
    seconds: MEASURE_S,
    serverCorePctWithout: round(cpuShare(without) * 100, 2),
    serverCorePctWithLobby: round(cpuShare(withLobby) * 100, 2),
    lobbyCostCorePct: round((cpuShare(withLobby) - cpuShare(without)) * 100, 2),
    patchesPerClientPerSecondMax: round(Math.max(...perSecond), 2),
    patchesPerClientPerSecondMean: round(perSecond.reduce((a, b) => a + b, 0) / Math.max(1, perSecond.length), 2),
    patchGapMinMs: round(Math.min(...gaps), 1),
    eventLoopP99MsWithLobby: round(withLobby.server.eventLoopP99Ms, 2),
  };
  if (json) console.log(JSON.stringify(figures));
  else {
    console.log(
      `watch bench: live list, ${TABLES} tables, ${LOBBY} lobby clients, spectators on ${CHURN_PER_SECOND} tables a second, ${MEASURE_S} s each`,
    );
    console.log(
      `  server CPU: ${figures.serverCorePctWithout}% of a core without lobby clients, ${figures.serverCorePctWithLobby}% with: the live list costs ${figures.lobbyCostCorePct}% (target ≤ 2)`,
    );
    console.log(
      `  patches a lobby client: at most ${figures.patchesPerClientPerSecondMax}/s (mean ${figures.patchesPerClientPerSecondMean}/s), never closer than ${figures.patchGapMinMs} ms apart (target ≤ 1/s, batched)`,
    );
  }
  await stopAll(lobby);
  await Promise.all(people.map((room) => room.leave().catch(() => 0)));
  await stopServer(server);
}

if (ONLY !== "lobby") await spectatorsScenario();
if (ONLY !== "spectators") await lobbyScenario();
process.exit(0);
