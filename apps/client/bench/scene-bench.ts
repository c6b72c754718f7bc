/**
 * Table scene benchmark (`npm run bench`, after review-bench.ts; `-- --json` for JSON lines).
 * Whole local hands at `easy`, played by keyboard in headless Chromium from the moment the
 * table is up (the trump choice), through the browser tests' build (its test hook reports
 * the state; its computer pause is 30 ms instead of 700 ms):
 * 1. 1,366×768 at 1× CPU: main-thread tasks over 50 ms (PerformanceObserver "longtask") and
 *    the longest; the scene's own script per selection change (←/→) and per move's patch
 *    (the `scene-highlight` and `scene-show` user-timing measures, p50/p95/max) and per
 *    animation frame (`scene-frame`: finding what changed), the frames drawn whole and partly;
 *    the frame interval (requestAnimationFrame) while cards fly (a card in the air: the test
 *    hook's `frames().flying`), p50/p95/max, and while the scene is not settled (that, or
 *    texts still being drawn ahead after a move);
 * 1b. the same at the product's pace: the computer's pause 700 ms (`?pause=700`, which only
 *    the test build reads), as a player meets it — at the test build's 30 ms the computer's move
 *    lands while my card still flies;
 * 2. 390×844 (the phone of the browser tests) with 4× CPU throttling: tasks over 100 ms, the
 *    longest, and the same script costs;
 * 3. the JS heap after a forced GC (CDP) at the result of hands 1, 10 and 20 played in one
 *    page, hands 2–20 driven by keys dispatched in the page so they go fast.
 * 4. the floor under 1: the frame interval of a page at 1,366×768 that only runs
 *    requestAnimationFrame, and of one that clears a WebGL canvas of that size every frame —
 *    what the browser and the machine cost before the table draws anything.
 * `BENCH_SCENE_RUNS` (default 1) repeats 1 and 2 and prints min/median/max over the runs;
 * `BENCH_DIST` serves another e2e build (an older one kept aside: before and after in one sitting).
 */
import type { BrowserContextOptions, CDPSession, Page } from "playwright-core";
import { DESKTOP, E2E_DIST, launchBrowser, PHONE, playByKeys, startServer } from "../e2e/harness.js";
import { DRIVE_HANDS } from "./drive-hands.js";
import { census, type Census } from "./heap-snapshot.js";
import { openTable as openTableAt } from "./open-table.js";
import { emitter, pct } from "./report.js";

const RUNS = Number(process.env.BENCH_SCENE_RUNS ?? 1);
const HEAP_HANDS = Number(process.env.BENCH_HEAP_HANDS ?? 20);
const emit = emitter("client-scene");

const server = await startServer(process.env.BENCH_DIST ?? E2E_DIST);
const { browser, close } = await launchBrowser();

/** The lobby at `easy`, then *Play the computer* up to the trump choice (open-table.ts). */
function openTable(
  options: BrowserContextOptions,
  throttle: number,
  pauseMs?: number,
): Promise<{ page: Page; cdp: CDPSession }> {
  return openTableAt(
    browser,
    pauseMs === undefined ? server.url : `${server.url}/?pause=${pauseMs}`,
    options,
    throttle,
  );
}

// Strings, not functions: tsx would wrap named functions in a helper the page lacks.
const OBSERVE = `(() => {
  // An older build (BENCH_DIST) has no frames(): its "flying" is the scene not still, as that build's bench read it.
  const frames = () => (window.__yt.frames ? window.__yt.frames() : { whole: 0, partial: 0, flying: !window.__yt.inspect().idle });
  window.__frames = frames;
  const frames0 = frames();
  window.__bench = { longTasks: [], highlight: [], show: [], frame: [], flightFrames: [], busyFrames: [], frames0 };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__bench.longTasks.push(e.duration); }).observe({ type: "longtask" });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) (e.name === "scene-show" ? window.__bench.show : e.name === "scene-frame" ? window.__bench.frame : window.__bench.highlight).push(e.duration);
    performance.clearMeasures();
  }).observe({ type: "measure" });
  let last = performance.now();
  let flying = false;
  let busy = false;
  const tick = (now) => {
    if (flying) window.__bench.flightFrames.push(now - last);
    if (busy) window.__bench.busyFrames.push(now - last);
    flying = frames().flying; // a card in the air (or dragged), a plate pulsing
    busy = !window.__yt.inspect().idle; // that, or texts still to be drawn ahead (idle-work.ts)
    last = now;
    if (!window.__bench.stop) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

interface HandFigures {
  moves: number;
  longTasks: number[];
  highlight: number[];
  show: number[];
  frame: number[]; // the scene's script per animation frame: what changed (frame-changes.ts) and the cameras set (partial-frames.ts)
  flightFrames: number[];
  busyFrames: number[];
  whole: number; // frames drawn whole in the hand
  partial: number; // frames drawn partly
}

/** One hand by keyboard from the trump choice to the result: ←/→ twice and Enter, or P. */
async function keyboardHand(page: Page): Promise<HandFigures> {
  await page.evaluate(OBSERVE);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  const moves = await playByKeys(page, 2);
  await page.waitForTimeout(500); // the last flights land, the last long task is reported
  const figures = await page.evaluate(() => {
    type Frames = { whole: number; partial: number };
    const w = window as unknown as {
      __bench: Omit<HandFigures, "moves" | "whole" | "partial"> & { stop: boolean; frames0: Frames };
      __frames(): Frames;
    };
    const b = w.__bench;
    b.stop = true;
    const now = w.__frames();
    return {
      longTasks: b.longTasks,
      highlight: b.highlight,
      show: b.show,
      frame: b.frame,
      flightFrames: b.flightFrames,
      busyFrames: b.busyFrames,
      whole: now.whole - b.frames0.whole,
      partial: now.partial - b.frames0.partial,
    };
  });
  return { moves, ...figures };
}

const stats = (xs: readonly number[]) => ({
  n: xs.length,
  p50: pct(xs, 50),
  p95: pct(xs, 95),
  max: xs.length ? Math.max(...xs) : 0,
});
const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : "–");
const spread = (xs: readonly number[]) =>
  xs.length > 1
    ? ` (min ${ms(Math.min(...xs))}, median ${ms(pct(xs, 50))}, max ${ms(Math.max(...xs))} over ${xs.length} runs)`
    : "";

/** RUNS hands at `throttle`; `pauseMs`: the computer's pause before its moves (the test build's 30 ms unless given; the product's is 700). */
async function handRuns(
  name: string,
  options: BrowserContextOptions,
  throttle: number,
  longMs: number,
  pauseMs?: number,
): Promise<void> {
  const runs: HandFigures[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { page } = await openTable(options, throttle, pauseMs);
    runs.push(await keyboardHand(page));
    await page.context().close();
  }
  const over = runs.map((r) => r.longTasks.filter((d) => d > longMs).length);
  const longest = runs.map((r) => (r.longTasks.length ? Math.max(...r.longTasks) : 0));
  const last = runs[runs.length - 1]!;
  const size = `${options.viewport?.width}×${options.viewport?.height}@${options.deviceScaleFactor ?? 1}x, ${throttle}× CPU${pauseMs === undefined ? "" : `, the computer's pause ${pauseMs} ms`}`;
  emit(
    {
      metric: "scene-long-tasks",
      viewport: name,
      throttle,
      runs: RUNS,
      moves: runs.map((r) => r.moves),
      overMs: longMs,
      over,
      longestMs: longest,
    },
    `${size}, a hand at easy by keyboard (${runs.map((r) => r.moves).join(", ")} of my moves): ${over.join(", ")} main-thread tasks over ${longMs} ms, the longest ${longest.map((x) => x.toFixed(0)).join(", ")} ms${spread(over)}`,
  );
  const highlight = stats(runs.flatMap((r) => r.highlight));
  const show = stats(runs.flatMap((r) => r.show));
  emit(
    { metric: "scene-script", viewport: name, throttle, highlight, show },
    `${size}: the scene's script per selection change (←/→) p50 ${ms(highlight.p50)} / p95 ${ms(highlight.p95)} / max ${ms(highlight.max)} ms (${highlight.n}); per move's patch before its flight p50 ${ms(show.p50)} / p95 ${ms(show.p95)} / max ${ms(show.max)} ms (${show.n})`,
  );
  const frame = stats(runs.flatMap((r) => r.frame));
  emit(
    {
      metric: "scene-frame-script",
      viewport: name,
      throttle,
      ...frame,
      whole: runs.map((r) => r.whole),
      partial: runs.map((r) => r.partial),
    },
    `${size}: the scene's script per animation frame (what changed, partial-frames.ts) p50 ${ms(frame.p50)} / p95 ${ms(frame.p95)} / max ${ms(frame.max)} ms (${frame.n}); frames drawn whole ${runs.map((r) => r.whole).join(", ")}, partly ${runs.map((r) => r.partial).join(", ")}`,
  );
  if (throttle === 1) {
    const frames = stats(runs.flatMap((r) => r.flightFrames));
    const busy = stats(runs.flatMap((r) => r.busyFrames));
    emit(
      { metric: "scene-flight-frames", viewport: name, ...frames, busy },
      `${size}: frame interval while cards fly p50 ${ms(frames.p50)} / p95 ${ms(frames.p95)} / max ${ms(frames.max)} ms (${frames.n} frames); last run's p95 ${ms(pct(last.flightFrames, 95))} ms. ` +
        `While not settled (cards flying, or texts drawn ahead after a move): p50 ${ms(busy.p50)} / p95 ${ms(busy.p95)} ms (${busy.n} frames)`,
    );
  }
}

// 240 animation frames, each clearing a full-size WebGL canvas (or, without one, doing nothing).
const FLOOR = `(async (withCanvas) => {
  const canvas = document.createElement("canvas");
  canvas.width = innerWidth;
  canvas.height = innerHeight;
  if (withCanvas) document.body.append(canvas);
  const gl = withCanvas ? canvas.getContext("webgl", { antialias: false }) : null;
  const gaps = [];
  let last = performance.now();
  for (let i = 0; i < 240; i++) {
    await new Promise((ok) => requestAnimationFrame(ok));
    const now = performance.now();
    gaps.push(now - last);
    last = now;
    if (gl) { gl.clearColor(0, 0, 0, 0); gl.clear(gl.COLOR_BUFFER_BIT); }
  }
  return gaps.slice(1);
})`;

async function frameFloor(): Promise<void> {
  const context = await browser.newContext({ ...DESKTOP });
  const page = await context.newPage();
  for (const withCanvas of [false, true]) {
    await page.setContent("<body style='margin:0'></body>");
    const frames = stats(await page.evaluate<number[]>(`${FLOOR}(${withCanvas})`));
    const what = withCanvas ? "clearing an empty full-size WebGL canvas" : "only requestAnimationFrame";
    emit(
      { metric: "scene-frame-floor", canvas: withCanvas, ...frames },
      `1366×768@1x, the floor: frame interval of a page ${what} p50 ${ms(frames.p50)} / p95 ${ms(frames.p95)} / max ${ms(frames.max)} ms (${frames.n} frames)`,
    );
  }
  await context.close();
}

async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send("HeapProfiler.enable");
  await cdp.send("HeapProfiler.collectGarbage");
  await cdp.send("HeapProfiler.collectGarbage");
  const { metrics } = await cdp.send("Performance.getMetrics");
  return metrics.find((m) => m.name === "JSHeapUsedSize")?.value ?? NaN;
}

async function heapRun(): Promise<void> {
  const { page, cdp } = await openTable(DESKTOP, 1);
  await cdp.send("Performance.enable");
  // The test-hook build's user-timing measures (scene-timing.ts) would pile up in the page's timeline; the production build makes none.
  await page.evaluate(`new PerformanceObserver(() => performance.clearMeasures()).observe({ type: "measure" })`);
  const t0 = Date.now();
  await page.evaluate(`${DRIVE_HANDS}(1)`);
  const first = await heapAfterGc(cdp);
  const firstObjects = await census(cdp);
  const middle = Math.ceil(HEAP_HANDS / 2);
  await page.evaluate(`${DRIVE_HANDS}(${middle})`); // the result on screen counts as the first of these
  const half = await heapAfterGc(cdp);
  await page.evaluate(`${DRIVE_HANDS}(${HEAP_HANDS - middle + 1})`);
  const lastHeap = await heapAfterGc(cdp);
  const lastObjects = await census(cdp);
  const growth = (lastHeap - first) / first;
  const mb = (x: number) => (x / 1048576).toFixed(2);
  const signed = (x: number) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)} %`;
  // What the heap holds besides compiled code: V8 compiles and tiers up functions over the first hands, then stops (heap-census.ts shows it).
  const objects = (c: Census) => c.js - c.code;
  const objectGrowth = (objects(lastObjects) - objects(firstObjects)) / objects(firstObjects);
  emit(
    {
      metric: "scene-heap",
      hands: HEAP_HANDS,
      afterFirst: first,
      afterMiddle: half,
      afterLast: lastHeap,
      growth,
      codeFirst: firstObjects.code,
      codeLast: lastObjects.code,
      objectsFirst: objects(firstObjects),
      objectsLast: objects(lastObjects),
      objectGrowth,
      seconds: (Date.now() - t0) / 1000,
    },
    `JS heap after GC at the result of hand 1: ${mb(first)} MB; of hand ${middle}: ${mb(half)} MB; of hand ${HEAP_HANDS}: ${mb(lastHeap)} MB (${signed(growth)} from hand 1; ${((Date.now() - t0) / 1000).toFixed(0)} s of play). ` +
      `In its snapshots: compiled code ${mb(firstObjects.code)} → ${mb(lastObjects.code)} MB; everything else ${mb(objects(firstObjects))} → ${mb(objects(lastObjects))} MB (${signed(objectGrowth)})`,
  );
  await page.context().close();
}

try {
  if (!process.env.BENCH_SKIP_DESKTOP) await frameFloor();
  if (!process.env.BENCH_SKIP_DESKTOP) await handRuns("desktop", DESKTOP, 1, 50);
  // At the product's pace the computer answers 700 ms after a move, when my card has landed; at the test build's 30 ms its move's show
  // and flight come while mine still flies (about half the flight frames have a show in them or the frame before).
  if (!process.env.BENCH_SKIP_DESKTOP) await handRuns("desktop-product-pace", DESKTOP, 1, 50, 700);
  if (!process.env.BENCH_SKIP_PHONE) await handRuns("phone", PHONE, 4, 100);
  if (!process.env.BENCH_SKIP_HEAP) await heapRun();
} finally {
  await close();
  await server.stop();
}
