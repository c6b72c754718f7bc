/**
 * What idle presence costs: `--connections` pages, each with its own player, hold a
 * presence connection (the `presence` room) to a real server process (`node dist/main.js`,
 * its own PGlite) and do nothing. The figure is the server process's CPU over `--seconds`
 * (user + system, from /proc), as a share of one core, with the connections held, beside the
 * same process's CPU with none: the presence connections cost the difference. The pages are
 * SDK clients in this process, so their own CPU is not counted.
 *
 *   node dist/bench/presence-bench.js [--connections 2000] [--seconds 20] [--json]
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import { ColyseusSDK, type Room } from "@colyseus/sdk";
import { PRESENCE_ROOM, type LiveAnswer } from "@yourtrumps/protocol";
import { startServerProcess, stop } from "../test-kit/processes.js";
import { round } from "./stats.js";

const { values: options } = parseArgs({
  options: { json: { type: "boolean" }, connections: { type: "string" }, seconds: { type: "string" } },
});
const connections = Number(options.connections ?? 2000);
const seconds = Number(options.seconds ?? 20);
const TICKS_PER_SECOND = 100; // Linux's USER_HZ: /proc's CPU times are in these

/** The process's CPU time so far, ms (user + system). */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" "); // the name may hold spaces
  return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1000; // utime, stime (fields 14 and 15)
}

/** The share of one core `pid` spends over `seconds`, in %. */
async function coreShare(pid: number): Promise<number> {
  const before = cpuMsOf(pid);
  const started = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  return ((cpuMsOf(pid) - before) / (performance.now() - started)) * 100;
}

async function main(): Promise<void> {
  const { child, port } = await startServerProcess({
    PORT: "0",
    API_PER_MINUTE: "1000000",
    MATCHMAKE_PER_MINUTE: "1000000",
    CLIENT_DIST: "/nonexistent",
  });
  const base = `http://127.0.0.1:${port}`;
  const pages: Room[] = [];
  try {
    const pid = child.pid!;
    await new Promise((r) => setTimeout(r, 3000)); // the start's own work settles
    const idle = await coreShare(pid);
    const sdk = new ColyseusSDK(`ws://127.0.0.1:${port}`);
    for (let i = 0; i < connections; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, connections - i) }, async () => {
          const made = (await (
            await fetch(`${base}/api/players`, {
              method: "POST",
              headers: { "Content-Type": "application/json" },
              body: JSON.stringify({ name: "Idle" }),
            })
          ).json()) as { token: string };
          const room = await sdk.joinOrCreate(PRESENCE_ROOM, { token: made.token });
          room.reconnection.enabled = false;
          return room;
        }),
      );
      pages.push(...batch);
    }
    const online = ((await (await fetch(`${base}/api/live`)).json()) as LiveAnswer).online;
    await new Promise((r) => setTimeout(r, 3000));
    const held = await coreShare(pid);
    const result = {
      bench: "presence-idle",
      connections,
      online,
      seconds,
      idleServerPct: round(idle, 2),
      withConnectionsPct: round(held, 2),
      presencePct: round(held - idle, 2),
      target: "≤ 3 % of a core",
      loadAverage: round(os.loadavg()[0]!, 1),
    };
    if (options.json) console.log(JSON.stringify(result));
    else {
      console.log(
        `Your Trumps presence benchmark (Node ${process.version}, ${os.cpus().length} cores, load average ${result.loadAverage}, ${new Date().toISOString()})`,
      );
      console.log(
        `  ${connections} idle presence connections (${online} players online), ${seconds} s: server ${result.withConnectionsPct}% of a core, ${result.idleServerPct}% with none → presence ${result.presencePct}% (target ≤ 3%)`,
      );
    }
  } finally {
    await Promise.all(pages.map((p) => p.leave().catch(() => 0)));
    await stop(child);
  }
}

await main();
