/**
 * Local tables benchmark (`npm run bench`, after bench.ts; `-- --json` for JSON lines):
 * 1. the AI worker's chunk (gzip), separate from our main code;
 * 2. `hard`'s decision time through the worker at full duel openings in headless
 *    Chromium, p50/p99, with the page's time budget and with hard's fixed iterations,
 *    at full speed and with 4× CPU throttling (CDP Emulation.setCPUThrottlingRate);
 * 3. the main thread during a whole local hand at `hard` from the deal on, played by clicking: the longest
 *    task (PerformanceObserver "longtask": the browser's rendering and GC included), and
 *    the longest script our chunks ran (Long Animation Frames' script attribution, by
 *    source file) against Phaser's;
 * 4. what the server spends on that hand: its process's CPU time (from /proc) against the
 *    same time idle, and the requests and WebSockets the page sent it.
 * The decision times use the browser tests' build (its test hook starts the probe); the
 * hand is played there too, its computer pause 30 ms instead of 700 ms.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import {
  clickAMove,
  DESKTOP,
  E2E_DIST,
  CLIENT_DIR,
  inspect,
  launchBrowser,
  startServer,
  waitFor,
} from "../e2e/harness.js";
import { bundleSizes } from "./bundle.js";
import { emitter, kb, pct } from "./report.js";

const OPENINGS = Number(process.env.BENCH_OPENINGS ?? 30);
const TICK_MS = 10; // Linux's USER_HZ: /proc reports CPU time in 1/100 s

const emit = emitter("client-local");

/** utime + stime of a process, ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

// 1. The worker's chunk.
const chunks = bundleSizes(join(CLIENT_DIR, "dist"));
const worker = chunks.filter((c) => c.kind === "ai-worker");
const ours = chunks
  .filter((c) => c.kind === "ours" || c.kind === "css" || c.kind === "html")
  .reduce((s, c) => s + c.gzip, 0);
for (const c of worker)
  emit(
    { metric: "ai-worker-chunk", ...c },
    `AI worker chunk ${c.file}: ${kb(c.bytes)} KB raw, ${kb(c.gzip)} KB gzip (loaded with the first local table; not in our main code's ${kb(ours)} KB gzip)`,
  );

const server = await startServer(E2E_DIST);
const { browser, close } = await launchBrowser();

async function openPage(): Promise<Page> {
  const context = await browser.newContext({ ...DESKTOP, locale: "en-GB" });
  const page = await context.newPage();
  await page.goto(server.url);
  await page.locator("#play-computer").waitFor();
  return page;
}

try {
  // 2. Decision times.
  for (const throttle of process.env.BENCH_SKIP_DECISIONS ? [] : [1, 4]) {
    const page = await openPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
    for (const budget of [true, false]) {
      const times = await page.evaluate(
        ([n, b]) =>
          (
            window as unknown as { __yt: { hardAtOpenings(n: number, b: boolean): Promise<number[]> } }
          ).__yt.hardAtOpenings(n, b),
        [budget ? OPENINGS : Math.ceil(OPENINGS / 3), budget] as [number, boolean],
      );
      emit(
        {
          metric: "hard-decision",
          throttle,
          budget,
          runs: times.length,
          p50: pct(times, 50),
          p99: pct(times, 99),
          max: Math.max(...times),
        },
        `hard at a full duel opening, ${throttle}× CPU throttling, ${budget ? "700 ms budget (as the page plays)" : "fixed 10 000 iterations (as the server plays)"}, ${times.length} deals: p50 ${pct(times, 50).toFixed(0)} ms, p99 ${pct(times, 99).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`,
      );
    }
    await page.context().close();
  }

  // 3 + 4. A whole local hand at hard: long tasks in the page, the server's CPU.
  if (!process.env.BENCH_SKIP_HAND) await localHand();
} finally {
  await close();
  await server.stop();
}

/** A whole local hand at hard by clicking: the page's long tasks and scripts, the server's CPU and requests. */
async function localHand(): Promise<void> {
  const page = await openPage();

  let requests: string[] = [];
  let sockets = 0;
  page.on(
    "requestfinished",
    (r) =>
      void r
        .response()
        .then((answer) =>
          requests.push(
            `${r.method()} ${new URL(r.url()).pathname}${answer?.fromServiceWorker() ? " (service worker's cache)" : ""}`,
          ),
        ),
  );
  page.on("websocket", () => sockets++);
  await page.waitForTimeout(2000); // the first visit's own calls (identity, profile) settle
  const idleFrom = cpuMs(server.pid);
  const idleStart = Date.now();
  await page.waitForTimeout(5000);
  const idle = { ms: Date.now() - idleStart, cpu: cpuMs(server.pid) - idleFrom };
  requests = [];
  const handStart = Date.now();
  const cpuFrom = cpuMs(server.pid);
  await page.selectOption("#level", "hard");
  await page.click("#play-computer");
  await waitFor(page, (s) => s.view?.prompt === "chooseTrump" && s.layout !== null, "the trump choice");
  await clickAMove(page);
  // From the deal on: booting the table (Phaser's textures, the scene) is a one-time cost, not the hand's.
  await waitFor(page, (s) => s.view?.phase === "playing" && s.idle, "the dealt table");
  await page.evaluate(`(() => {
    window.__longTasks = [];
    window.__scripts = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(e.duration); }).observe({ type: "longtask", buffered: false });
    new PerformanceObserver((list) => {
      for (const frame of list.getEntries()) for (const s of frame.scripts) window.__scripts.push([s.duration, s.sourceURL.split("/").pop(), s.invoker]);
    }).observe({ type: "long-animation-frame", buffered: false });
  })()`);
  for (;;) {
    const s = await inspect(page);
    if (s.view?.phase === "over") break;
    if (await clickAMove(page, 0.1))
      await waitFor(page, (x) => x.view?.seq !== s.view?.seq || x.view?.phase === "over", "the move", 30_000);
    else await page.waitForTimeout(20);
  }
  const handMs = Date.now() - handStart;
  const handCpu = cpuMs(server.pid) - cpuFrom;
  const moves = (await inspect(page)).view?.seq ?? 0;
  const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
  const thinking = await page.evaluate(() => (window as unknown as { __yt: { thinking(): number[] } }).__yt.thinking());
  const scripts = await page.evaluate(() => (window as unknown as { __scripts: [number, string, string][] }).__scripts);
  const longest = (test: (file: string) => boolean): [number, string, string] =>
    scripts.filter(([, file]) => test(file)).sort((a, b) => b[0] - a[0])[0] ?? [0, "", ""];
  const ourScript = longest((file) => /^(index|game|dist)-/.test(file));
  const phaserScript = longest((file) => /^phaser-/.test(file));
  emit(
    {
      metric: "local-hand-main-thread",
      moves,
      handMs,
      longTasks: longTasks.length,
      longestTaskMs: longTasks.length ? Math.max(...longTasks) : 0,
    },
    `a local hand at hard (${moves} moves, ${(handMs / 1000).toFixed(1)} s, the computer thinking ${thinking.length} times in the worker, p50 ${pct(thinking, 50).toFixed(0)} ms): ${longTasks.length} main-thread tasks over 50 ms${longTasks.length ? `, the longest ${Math.max(...longTasks).toFixed(0)} ms` : ""}`,
  );
  emit(
    {
      metric: "local-hand-scripts",
      ourLongestMs: ourScript[0],
      ourInvoker: ourScript[2],
      phaserLongestMs: phaserScript[0],
      phaserInvoker: phaserScript[2],
    },
    `longest script from our chunks in a long animation frame: ${ourScript[0].toFixed(0)} ms (${ourScript[1]}, ${ourScript[2]}); from Phaser's: ${phaserScript[0].toFixed(0)} ms (${phaserScript[2]})`,
  );
  emit(
    { metric: "local-hand-server", requests, sockets, cpuMs: handCpu, handMs, idleCpuMs: idle.cpu, idleMs: idle.ms },
    `server during that hand: ${requests.length} requests (${requests.join(", ")}) and ${sockets} WebSockets from the page; its process used ${handCpu} ms CPU in ${(handMs / 1000).toFixed(1)} s (idle: ${idle.cpu} ms in ${(idle.ms / 1000).toFixed(1)} s) — ticks of ${TICK_MS} ms`,
  );
  await page.context().close();
}
