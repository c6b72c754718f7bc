/**
 * The floor under the people's-pace figures: the same traffic with no game behind it.
 *   node dist/bench/ws-floor.js [--duels 2000] [--think-ms 1500] [--seconds 20] [--in 24] [--out 96] [--json]
 * A bare `ws` server in a child process pairs its connections two by two; whenever one
 * client of a pair sends a frame (`--in` bytes, a move), the server sends one frame
 * (`--out` bytes, a patch) to each of the pair, and pings every client once every 10 s in
 * 50 slices, as the game server does. The load process (plain `ws` clients, another
 * process) plays the pairs in turn: the client to move waits 0 … 2 × think-ms, then sends.
 * What the server process spends on that — sockets, frames, timers, the event loop — is
 * the least any server on this machine and loopback spends on the same moves; the game
 * server's CPU above it is ours (Colyseus, the schema, the rules).
 */
import { fork } from "node:child_process";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { WebSocket, WebSocketServer } from "ws";
import type { RawData } from "ws";
import { nextMessage } from "./child-ipc.js";

const PING_INTERVAL_MS = 10_000;
const PING_SLICES = 50;

type ServerReport = {
  cpuMs: number;
  cpuSystemMs: number;
  seconds: number;
  eventLoopP99Ms: number;
  framesIn: number;
  framesOut: number;
};
type LoadReport = { moves: number; seconds: number; clientEventLoopP99Ms: number };

/** The server role: pairs connections in arrival order and answers each frame with one to both of its pair. */
async function serve(): Promise<void> {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0, perMessageDeflate: false });
  await new Promise((ok) => wss.once("listening", ok));
  const out = Buffer.alloc(Number(process.env.OUT_BYTES), 7);
  let waiting: WebSocket | null = null;
  let framesIn = 0;
  let framesOut = 0;
  wss.on("connection", (ws) => {
    const partner = waiting;
    if (partner === null) {
      waiting = ws;
      return;
    }
    waiting = null;
    const pair = [partner, ws];
    for (const c of pair) {
      c.on("message", () => {
        framesIn++;
        for (const p of pair) {
          p.send(out);
          framesOut++;
        }
      });
    }
  });
  let tick = 0;
  setInterval(() => {
    const slice = tick++ % PING_SLICES;
    let i = 0;
    for (const c of wss.clients) if (i++ % PING_SLICES === slice) c.ping();
  }, PING_INTERVAL_MS / PING_SLICES);
  const port = (wss.address() as { port: number }).port;
  process.send!({ port });
  let cpu = process.cpuUsage();
  let started = 0;
  const loop = monitorEventLoopDelay({ resolution: 1 });
  process.on("message", (m: { cmd: string }) => {
    if (m.cmd === "measure") {
      cpu = process.cpuUsage();
      started = performance.now();
      framesIn = framesOut = 0;
      loop.enable();
    } else if (m.cmd === "report") {
      const used = process.cpuUsage(cpu);
      loop.disable();
      const report: ServerReport = {
        cpuMs: (used.user + used.system) / 1000,
        cpuSystemMs: used.system / 1000,
        seconds: (performance.now() - started) / 1000,
        eventLoopP99Ms: Math.max(0, loop.percentile(99) / 1e6 - 1),
        framesIn,
        framesOut,
      };
      process.send!(report);
    } else if (m.cmd === "stop") process.exit(0);
  });
}

/** The load role: DUELS pairs of clients, each pair moving in turn after a pause. */
async function load(): Promise<void> {
  const port = Number(process.env.PORT);
  const duels = Number(process.env.DUELS);
  const thinkMs = Number(process.env.THINK_MS);
  const move = Buffer.alloc(Number(process.env.IN_BYTES), 3);
  let rng = 12345;
  const random = (n: number): number => {
    rng ^= rng << 13;
    rng ^= rng >>> 17;
    rng ^= rng << 5;
    return (rng >>> 0) % n;
  };
  let measuring = false;
  let moves = 0;
  const open = (): Promise<WebSocket> =>
    new Promise((ok, fail) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: false });
      ws.once("open", () => ok(ws));
      ws.once("error", fail);
    });
  for (let d = 0; d < duels; d++) {
    const pair = [await open(), await open()]; // the server pairs them in this order
    let toMove = 0;
    let expected = 0; // frames owed to this pair's client 0 before the next move
    const play = (): void => {
      setTimeout(
        () => {
          expected = 1;
          pair[toMove]!.send(move);
        },
        random(2 * thinkMs + 1),
      );
    };
    pair[0]!.on("message", (_data: RawData) => {
      if (--expected !== 0) return;
      if (measuring) moves++;
      toMove = 1 - toMove;
      play();
    });
    play();
  }
  process.send!({ seated: duels });
  process.on("message", (m: { cmd: string }) => {
    if (m.cmd !== "measure") return;
    measuring = true;
    const started = performance.now();
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    setTimeout(
      () => {
        measuring = false;
        loop.disable();
        const report: LoadReport = {
          moves,
          seconds: (performance.now() - started) / 1000,
          clientEventLoopP99Ms: Math.max(0, loop.percentile(99) / 1e6 - 1),
        };
        process.send!(report);
        setTimeout(() => process.exit(0), 100);
      },
      Number(process.env.MEASURE_SECONDS) * 1000,
    );
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      duels: { type: "string", default: "2000" },
      "think-ms": { type: "string", default: "1500" },
      seconds: { type: "string", default: "20" },
      in: { type: "string", default: "24" },
      out: { type: "string", default: "96" },
      json: { type: "boolean", default: false },
    },
  });
  const [duels, thinkMs, seconds, inBytes, outBytes] = [
    values.duels,
    values["think-ms"],
    values.seconds,
    values.in,
    values.out,
  ].map(Number) as [number, number, number, number, number];
  if (![duels, thinkMs, seconds, inBytes, outBytes].every((x) => Number.isInteger(x) && x > 0)) {
    console.error("--duels, --think-ms, --seconds, --in and --out take whole numbers above 0");
    process.exit(2);
  }
  const self = fileURLToPath(import.meta.url);
  const server = fork(self, [], { env: { ...process.env, WS_FLOOR_ROLE: "server", OUT_BYTES: String(outBytes) } });
  const { port } = await nextMessage<{ port: number }>(server, "port");
  const client = fork(self, [], {
    env: {
      ...process.env,
      WS_FLOOR_ROLE: "load",
      PORT: String(port),
      DUELS: String(duels),
      THINK_MS: String(thinkMs),
      IN_BYTES: String(inBytes),
      MEASURE_SECONDS: String(seconds),
    },
  });
  await nextMessage<{ seated: number }>(client, "seated");
  await new Promise((ok) => setTimeout(ok, 2 * thinkMs)); // every pair under way
  server.send({ cmd: "measure" });
  client.send({ cmd: "measure" });
  const l = await nextMessage<LoadReport>(client, "moves");
  server.send({ cmd: "report" });
  const s = await nextMessage<ServerReport>(server, "cpuMs");
  server.send({ cmd: "stop" });
  const result = {
    duels,
    thinkMs,
    inBytes,
    outBytes,
    movesPerSecond: Math.round(l.moves / l.seconds),
    serverCpuPercent: Math.round(s.cpuMs / s.seconds) / 10,
    serverCpuSystemPercent: Math.round(s.cpuSystemMs / s.seconds) / 10,
    serverCpuUsPerMove: Math.round((1000 * s.cpuMs) / Math.max(1, s.framesIn)),
    serverEventLoopP99Ms: Math.round(s.eventLoopP99Ms * 100) / 100,
    clientEventLoopP99Ms: Math.round(l.clientEventLoopP99Ms * 100) / 100,
  };
  if (values.json) console.log(JSON.stringify({ bench: "ws-floor", ...result }));
  else {
    console.log(
      `The floor: bare ws, ${duels} pairs (${2 * duels} clients) moving in turn after 0–${2 * thinkMs} ms, ${inBytes} B in, ${outBytes} B out to each of the pair, pings every 10 s`,
    );
    console.log(
      `  moves/s ${result.movesPerSecond}; server CPU ${result.serverCpuPercent}% of a core (${result.serverCpuSystemPercent}% in the kernel) = ${result.serverCpuUsPerMove} µs a move; event-loop delay p99 ${result.serverEventLoopP99Ms} ms (load process ${result.clientEventLoopP99Ms} ms)`,
    );
  }
}

const role = process.env.WS_FLOOR_ROLE;
if (role === "server") await serve();
else if (role === "load") await load();
else await main();
