/**
 * What a table's frames cost the browser (`npx tsx bench/scene-trace.ts` in apps/client, after
 * `npm run build:e2e`): one local hand at `easy` by keyboard, as scene-bench.ts plays it, under a
 * CDP trace (`Tracing` through playwright-core's CDP session); then, on the page's main thread,
 * p50/p95 of each animation frame (`ProxyMain::BeginMainFrame`), of our script in it
 * (`FireAnimationFrame`) and of the wait for software GL to rasterise and read the canvas back
 * (`GLES2::ReadPixels`), and the longest tasks with what took longest inside each, what the other
 * threads (the GPU process's) did meanwhile — wall and CPU time, where the trace has it — and the
 * scene's user-timing entries just before.
 * `BENCH_TRACE_PHONE=1`: 390×844 @2× with 4× CPU throttling; `BENCH_TRACE_PAUSE=700`: the computer's pause
 * before its moves (the product's pace; unset, the test build's 30 ms); `BENCH_DIST`: another e2e build.
 */
import type { CDPSession } from "playwright-core";
import { DESKTOP, E2E_DIST, launchBrowser, PHONE, playByKeys, startServer } from "../e2e/harness.js";
import { openTable } from "./open-table.js";
import { pct } from "./report.js";

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  cat?: string;
  ts: number; // µs
  dur?: number; // µs
  tdur?: number; // µs of the thread's CPU, where the category measures it
  args?: { name?: string };
}

const phone = process.env.BENCH_TRACE_PHONE === "1";
const pause = process.env.BENCH_TRACE_PAUSE; // ms, read by the test build only (`?pause=`)
const server = await startServer(process.env.BENCH_DIST ?? E2E_DIST);
const { browser, close } = await launchBrowser();

/** Every event of the trace taken while `run` runs. */
async function traced(cdp: CDPSession, run: () => Promise<unknown>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on("Tracing.dataCollected", (e) => events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send("Tracing.start", {
    categories: "devtools.timeline,disabled-by-default-devtools.timeline,gpu,cc,v8,toplevel,blink.user_timing",
    transferMode: "ReportEvents",
  });
  await run();
  const complete = new Promise((ok) => cdp.once("Tracing.tracingComplete", ok));
  await cdp.send("Tracing.end");
  await complete;
  return events;
}

try {
  const { page, cdp } = await openTable(
    browser,
    pause === undefined ? server.url : `${server.url}/?pause=${Number(pause)}`,
    phone ? PHONE : DESKTOP,
    phone ? 4 : 1,
  );
  const events = await traced(cdp, async () => {
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await playByKeys(page, 2);
    await page.waitForTimeout(300);
  });
  const threadOf = (e: TraceEvent) => `${e.pid}:${e.tid}`;
  const threads = new Map(
    events.filter((e) => e.name === "thread_name").map((e) => [threadOf(e), e.args?.name ?? "?"]),
  );
  const timed = events.filter((e) => e.ph === "X" && e.dur !== undefined);
  const slices = timed.filter((e) => threads.get(threadOf(e)) === "CrRendererMain"); // the page's main thread
  const others = timed.filter((e) => threads.get(threadOf(e)) !== "CrRendererMain");
  const ms = (e: TraceEvent) => (e.dur ?? 0) / 1000;
  const cpu = (e: TraceEvent) => (e.tdur === undefined ? "" : ` (CPU ${(e.tdur / 1000).toFixed(0)})`);
  const where = `${phone ? "390×844@2x, 4× CPU" : "1366×768@1x, 1× CPU"}${pause === undefined ? "" : `, the computer's pause ${Number(pause)} ms`}`;
  for (const name of ["ProxyMain::BeginMainFrame", "FireAnimationFrame", "GLES2::ReadPixels"]) {
    const xs = slices.filter((e) => e.name === name).map(ms);
    console.log(`${where}: ${name} p50 ${pct(xs, 50).toFixed(1)} / p95 ${pct(xs, 95).toFixed(1)} ms (${xs.length})`);
  }
  const longMs = phone ? 100 : 50;
  const tasks = slices.filter((e) => e.name === "ThreadControllerImpl::RunTask" && ms(e) > longMs);
  console.log(`${where}: ${tasks.length} tasks over ${longMs} ms`);
  for (const task of tasks.sort((a, b) => ms(b) - ms(a)).slice(0, 10)) {
    const inside = new Map<string, number>();
    for (const e of slices)
      if (e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + (task.dur ?? 0))
        inside.set(e.name, Math.max(inside.get(e.name) ?? 0, ms(e)));
    const top = [...inside].sort((a, b) => b[1] - a[1]).slice(0, 6);
    console.log(`  ${ms(task).toFixed(0)} ms: ${top.map(([n, d]) => `${n} ${d.toFixed(0)}`).join(", ")}`);
    // What the other threads (the GPU process's, the compositor's) did meanwhile: the main thread's waits are theirs.
    const elsewhere = new Map<string, TraceEvent>();
    for (const e of others) {
      if (e.ts >= task.ts + (task.dur ?? 0) || e.ts + (e.dur ?? 0) <= task.ts) continue;
      const key = `${threads.get(threadOf(e)) ?? e.tid} ${e.name}`;
      if ((elsewhere.get(key)?.dur ?? -1) < (e.dur ?? 0)) elsewhere.set(key, e);
    }
    console.log(
      `    elsewhere: ${[...elsewhere]
        .sort((a, b) => ms(b[1]) - ms(a[1]))
        .slice(0, 14)
        .map(([n, e]) => `${n} ${ms(e).toFixed(0)}${cpu(e)}`)
        .join(", ")}`,
    );
    const before = slices.filter(
      (e) => e.name === "FireAnimationFrame" && e.ts < task.ts && e.ts > task.ts - 1_000_000,
    ).length;
    console.log(
      `    user timing around it: ${events
        .filter(
          (e) =>
            e.cat?.includes("user_timing") &&
            e.ph !== "e" &&
            e.ts > task.ts - 200_000 &&
            e.ts < task.ts + (task.dur ?? 0),
        )
        .map((e) => `${e.name}@${((e.ts - task.ts) / 1000).toFixed(0)}`)
        .join(" ")}; animation frames in the second before: ${before}`,
    );
  }
  await page.context().close();
} finally {
  await close();
  await server.stop();
}
