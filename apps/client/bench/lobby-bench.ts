/**
 * The front page on a first visit (`tsx bench/lobby-bench.ts`, after `vite build`; `-- --json`
 * for JSON lines), in headless Chromium against a real server serving the production build,
 * each run in a fresh context (no cache, no service worker, no identity):
 * 1. first contentful paint;
 * 2. first interaction: when the lobby's Play button is on the page with its handler, and
 *    the delay of the first click on a control then (Event Timing's `first-input`);
 * 3. the JavaScript the lobby downloaded before a table is opened (Phaser must not be in it),
 *    and what opening a computer table adds.
 * The machine's load average is printed with the figures: they mean little on a busy machine.
 */
import { loadavg } from "node:os";
import { join } from "node:path";
import { CLIENT_DIR, launchBrowser, startServer } from "../e2e/harness.js";
import { emitter, kb, pct } from "./report.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DIST = join(CLIENT_DIR, "dist");
const emit = emitter("lobby");

interface Script {
  name: string;
  bytes: number; // encoded (as sent)
}

const server = await startServer(DIST);
const { browser, close } = await launchBrowser();
const fcps: number[] = [];
const ready: number[] = [];
const delays: number[] = [];
let before: Script[] = [];
let after: Script[] = [];
emit(
  { metric: "load", loadavg: loadavg() },
  `load average before: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);
try {
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: "en-GB" });
    const page = await context.newPage();
    // When the Play button first exists: the lobby is drawn, and its buttons answer.
    await page.addInitScript(() => {
      const seen = new MutationObserver(() => {
        if (!document.getElementById("play-computer")) return;
        (window as unknown as { __lobbyAt: number }).__lobbyAt = performance.now();
        seen.disconnect();
      });
      seen.observe(document, { childList: true, subtree: true });
    });
    await page.goto(server.url);
    await page.locator("#play-computer").waitFor();
    await page.click("#reduced-motion"); // the first interaction: a control that changes nothing else
    const figures = await page.evaluate(async () => {
      const firstInput = await new Promise<PerformanceEventTiming | null>((ok) => {
        new PerformanceObserver((list) => ok((list.getEntries()[0] as PerformanceEventTiming) ?? null)).observe({
          type: "first-input",
          buffered: true,
        });
        setTimeout(() => ok(null), 2000);
      });
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
      const scripts = performance
        .getEntriesByType("resource")
        .filter((r): r is PerformanceResourceTiming => r.name.endsWith(".js"))
        .map((r) => ({ name: r.name.split("/").pop() ?? r.name, bytes: r.encodedBodySize }));
      return {
        fcp,
        lobbyAt: (window as unknown as { __lobbyAt: number }).__lobbyAt,
        delay: firstInput ? firstInput.processingStart - firstInput.startTime : NaN,
        scripts,
      };
    });
    fcps.push(figures.fcp);
    ready.push(figures.lobbyAt);
    delays.push(figures.delay);
    before = figures.scripts;
    if (run === RUNS - 1) {
      await page.click("#play-computer");
      await page.locator("#table canvas").waitFor();
      const all = await page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .filter((r): r is PerformanceResourceTiming => r.name.endsWith(".js"))
          .map((r) => ({ name: r.name.split("/").pop() ?? r.name, bytes: r.encodedBodySize })),
      );
      after = all.filter((s) => !before.some((b) => b.name === s.name));
    }
    await context.close();
  }
} finally {
  await close();
  await server.stop();
}

const ms = (x: number) => `${x.toFixed(0)} ms`;
emit(
  { metric: "fcp", p50: pct(fcps, 50), max: Math.max(...fcps), runs: RUNS },
  `first contentful paint: median ${ms(pct(fcps, 50))}, worst ${ms(Math.max(...fcps))} (${RUNS} first visits; target < 1000 ms)`,
);
emit(
  { metric: "lobby-ready", p50: pct(ready, 50), max: Math.max(...ready) },
  `lobby drawn, Play answers: median ${ms(pct(ready, 50))}, worst ${ms(Math.max(...ready))} (target < 1000 ms)`,
);
emit(
  { metric: "first-input-delay", p50: pct(delays, 50), max: Math.max(...delays) },
  `first click's input delay: median ${ms(pct(delays, 50))}, worst ${ms(Math.max(...delays))}`,
);
const sum = (xs: Script[]) => xs.reduce((s, x) => s + x.bytes, 0);
const phaserUpFront = before.some((s) => /phaser/i.test(s.name));
emit(
  { metric: "lobby-js", bytes: sum(before), files: before.map((s) => s.name), phaser: phaserUpFront },
  `JavaScript before a table: ${kb(sum(before))} KB as sent in ${before.length} files (${before.map((s) => s.name).join(", ")}); Phaser ${phaserUpFront ? "LOADED (wrong)" : "not loaded"}`,
);
emit(
  { metric: "table-js", bytes: sum(after), files: after.map((s) => s.name) },
  `opening a computer table adds ${kb(sum(after))} KB in ${after.length} files (${after.map((s) => s.name).join(", ")})`,
);
emit(
  { metric: "load", loadavg: loadavg() },
  `load average after: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);
