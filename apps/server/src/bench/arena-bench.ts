/**
 * The arena's figures: the real director (arena/director.ts) over an in-memory store, in
 * simulated time (virtual-time.ts), so an hour of an arena runs in seconds.
 *
 * 1. 200 players, hands of 3 minutes (±30 s): the wait from ready (the arena's start, or 3 s
 *    after their last hand) to paired, p50 and p99; the event-loop time of a pairing pass.
 * 2. Two players alone, many hands: the wait of two ready players, p99.
 * 3. 10,000 players, results at about 50 a second: the director's CPU per simulated second (the
 *    share of a core), and the shortest gap between two standings pushes.
 *
 * The 200 players' arena runs twice, the first one's passes printed apart: a process's
 * first passes run before V8 has optimised them.
 *
 * Runs under the server's node flags (node-flags.ts), starting itself again with them if need be.
 *
 * Usage: node dist/bench/arena-bench.js [--minutes 60] [--only-standings]
 */
import { performance } from "node:perf_hooks";
import { ARENA_NEXT_HAND_MS } from "@yourtrumps/protocol";
import { ArenaDirector } from "../arena/director.js";
import { MemoryArenas, memoryArena } from "./memory-arenas.js";
import { quantile, round } from "./stats.js";
import { VirtualTime } from "./virtual-time.js";
import { randomInt } from "node:crypto";
import { createLogger } from "../logging/logger.js";
import { underServerFlags } from "./under-server-flags.js";

// The director runs in the server's process: so does it here, under the server's node flags.
await underServerFlags();

const minutesArg = process.argv.indexOf("--minutes");
const MINUTES = minutesArg > 0 ? Number(process.argv[minutesArg + 1]) : 60;
const START = Date.UTC(2026, 0, 1, 12);

interface Run {
  waits: number[]; // ms from ready to paired
  passes: number[]; // ms of event loop per pairing pass
  pushes: number[]; // simulated times of standings pushes
  cpuMs: number;
  simulatedMs: number;
  hands: number;
  steadyHands: number; // hands finished in the measured window
}

async function simulate(o: {
  players: number;
  handMs: () => number;
  minutes: number;
  steadyAfterMs?: number;
}): Promise<Run> {
  const time = new VirtualTime(START - 1000);
  const arena = memoryArena({ id: "benchAre", name: "Bench", startsAt: START, minutes: o.minutes });
  const store = new MemoryArenas(arena, () => time.now);
  for (let i = 0; i < o.players; i++) store.add(`p${i}`, `Player ${i}`, 1200 + randomInt(1000));
  const run: Run = { waits: [], passes: [], pushes: [], cpuMs: 0, simulatedMs: 0, hands: 0, steadyHands: 0 };
  const readyAt = new Map<string, number>();
  for (let i = 0; i < o.players; i++) readyAt.set(`p${i}`, START);
  let director!: ArenaDirector;
  let tables = 0;
  time.install();
  try {
    director = new ArenaDirector(arena, {
      arenas: store,
      publish: (_channel, event) => {
        if (event.type === "standings") run.pushes.push(time.now);
      },
      subscribe: () => Promise.resolve(() => {}),
      makeTable: (table) => {
        const roomId = `t${++tables}`;
        for (const seat of table.seats) run.waits.push(time.now - (readyAt.get(seat.playerId) ?? time.now));
        time.at(time.now + o.handMs(), () => {
          const winner = randomInt(3) === 2 ? null : (randomInt(2) as 0 | 1);
          void store
            .applyResult(
              table.pairingId,
              { winner, void: false, quickDraw: false, moves: [12, 12], berserk: [false, false] },
              true,
            )
            .then(() => {
              run.hands++;
              for (const seat of table.seats) readyAt.set(seat.playerId, time.now + ARENA_NEXT_HAND_MS);
              return director.hear({ type: "result", pairingId: table.pairingId, pause: null });
            });
        });
        return Promise.resolve({ roomId, reservations: [null, null] });
      },
      now: () => time.now,
      log: createLogger({ level: "warn" }),
    });
    // A pass's hold on the event loop: the part that runs before its first wait (the ready players read, the
    // pairs matched by Edmonds' blossom, the pairings handed to the store). What comes after each wait (a
    // table made, a seat sent) runs as tasks of its own, between which other work runs.
    const pass = director.pass.bind(director);
    director.pass = () => {
      const t0 = performance.now();
      const done = pass();
      run.passes.push(performance.now() - t0);
      return done;
    };
    await director.start();
    for (let i = 0; i < o.players; i++)
      await director.hear({ type: "present", playerId: `p${i}`, name: "", rating: 0, ratedHands: 0 });
    const steady = START + (o.steadyAfterMs ?? 0);
    await time.runUntil(steady);
    const cpu0 = process.cpuUsage();
    const handsBefore = run.hands;
    await time.runUntil(arena.endsAt - 1);
    run.steadyHands = run.hands - handsBefore;
    const cpu = process.cpuUsage(cpu0);
    run.cpuMs = (cpu.user + cpu.system) / 1000;
    run.simulatedMs = arena.endsAt - 1 - steady;
    director.stop();
  } finally {
    time.restore();
  }
  return run;
}

function gapMin(times: number[]): number {
  let min = Infinity;
  for (let i = 1; i < times.length; i++) min = Math.min(min, times[i]! - times[i - 1]!);
  return min;
}

const only = process.argv.includes("--only-standings");
const threeMinutes = (): number => 150_000 + randomInt(60_001);
if (!only) {
  // A process's first arena runs its first passes before V8 has optimised them: the same arena first, its passes printed apart.
  const cold = await simulate({ players: 200, handMs: threeMinutes, minutes: MINUTES });
  console.log(
    `warm-up, the process's first arena (200 players, ${MINUTES} min): pairing pass p99 ${round(quantile(cold.passes, 0.99), 2)} ms, max ${round(Math.max(...cold.passes), 2)} ms (${cold.passes.length} passes)`,
  );
  const a = await simulate({ players: 200, handMs: threeMinutes, minutes: MINUTES });
  console.log(
    `200 players, ${MINUTES} min, 3-minute hands: ${a.hands} hands; wait ready→paired p50 ${round(quantile(a.waits, 0.5) / 1000, 2)} s, p99 ${round(quantile(a.waits, 0.99) / 1000, 2)} s, max ${round(Math.max(...a.waits) / 1000, 2)} s; pairing pass p50 ${round(quantile(a.passes, 0.5), 2)} ms, p99 ${round(quantile(a.passes, 0.99), 2)} ms, max ${round(Math.max(...a.passes), 2)} ms (${a.passes.length} passes)`,
  );
  const b = await simulate({ players: 2, handMs: threeMinutes, minutes: MINUTES });
  console.log(
    `2 players, ${MINUTES} min: ${b.hands} hands; wait ready→paired p50 ${round(quantile(b.waits, 0.5), 1)} ms, p99 ${round(quantile(b.waits, 0.99), 1)} ms`,
  );
}
// 10,000 players and hands of 36–156 s (96 s on average, spread so the first round's results do not come in one wave):
// 10,000 / 2 / (96 s + the next-hand pause and the wait to be paired) ≈ 50 results a second, measured once the waves have evened out.
const c = await simulate({
  players: 10_000,
  handMs: () => 36_000 + randomInt(120_001),
  minutes: 12,
  steadyAfterMs: 240_000,
});
const resultsPerSecond = (c.steadyHands / c.simulatedMs) * 1000;
console.log(
  `10,000 players, ${round(resultsPerSecond, 1)} results/s: director CPU ${round(c.cpuMs, 0)} ms over ${round(c.simulatedMs / 1000, 0)} simulated s = ${round((c.cpuMs / c.simulatedMs) * 100, 2)}% of a core; standings pushed ${c.pushes.length} times, shortest gap ${gapMin(c.pushes)} ms`,
);
