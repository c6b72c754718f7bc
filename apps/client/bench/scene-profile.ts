/**
 * Where the page's main-thread script goes during a table hand (`npx tsx bench/scene-profile.ts`
 * in apps/client, after `npm run build:e2e`; for readable names serve an unminified build:
 * `npx vite build --mode e2e --minify false --outDir /tmp/plain` and `BENCH_DIST=/tmp/plain`):
 * one local hand at `easy` by keyboard, as scene-bench.ts plays it, under V8's sampling
 * profiler (CDP `Profiler`, a sample every 100 µs), then the functions with the most self
 * time and the most total time inside the scene's `show` (samples whose stack holds
 * TableScene's `show`), each with its file and line. `BENCH_PROFILE_PHONE=1`: the phone at 4× CPU.
 */
import { DESKTOP, E2E_DIST, launchBrowser, PHONE, playByKeys, startServer } from "../e2e/harness.js";
import { openTable } from "./open-table.js";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number; // µs
  samples: number[];
  timeDeltas: number[];
}

const phone = process.env.BENCH_PROFILE_PHONE === "1";
const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 25);
const server = await startServer(process.env.BENCH_DIST ?? E2E_DIST);
const { browser, close } = await launchBrowser();

const label = (n: ProfileNode) =>
  `${n.callFrame.functionName || "(anonymous)"} ${n.callFrame.url.split("/").pop() ?? ""}:${n.callFrame.lineNumber + 1}`;

try {
  const { page, cdp } = await openTable(browser, server.url, phone ? PHONE : DESKTOP, phone ? 4 : 1);
  // The shows' own measures (scene-timing.ts), to compare with what the samples find inside them.
  await page.evaluate(
    `(() => { window.__shows = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === "scene-show") window.__shows.push(e.duration); performance.clearMeasures(); }).observe({ type: "measure" }); })()`,
  );
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  await cdp.send("Profiler.start");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  const moves = await playByKeys(page, 2);
  const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile };
  const shows = await page.evaluate(() => (window as unknown as { __shows: number[] }).__shows);

  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const inShow = new Map<string, number>(); // total (inclusive) time inside shows
  let showSampled = 0;
  // Samples in a show grouped into shows: a gap of over 2 ms between two samples inside a show starts the next one.
  const each: { ms: number; lastUs: number; inclusive: Map<string, number> }[] = [];
  let us = profile.startTime;
  // A sample is inside a show when its stack holds TableScene's `show`.
  for (let i = 0; i < profile.samples.length; i++) {
    us += profile.timeDeltas[i] ?? 0;
    const dt = (profile.timeDeltas[i + 1] ?? 100) / 1000;
    const node = byId.get(profile.samples[i]!)!;
    const name = label(node);
    self.set(name, (self.get(name) ?? 0) + dt);
    const stack: ProfileNode[] = [];
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) stack.push(byId.get(id)!);
    if (stack.some((n) => n.callFrame.functionName === "show" && /game|TableScene/.test(n.callFrame.url))) {
      showSampled += dt;
      const names = new Set(stack.map(label));
      for (const n of names) inShow.set(n, (inShow.get(n) ?? 0) + dt);
      let current = each.at(-1);
      if (!current || us - current.lastUs > 2000) each.push((current = { ms: 0, lastUs: us, inclusive: new Map() }));
      current.ms += dt;
      current.lastUs = us;
      for (const n of names) current.inclusive.set(n, (current.inclusive.get(n) ?? 0) + dt);
    }
  }
  const measured = shows.reduce((a, d) => a + d, 0);
  console.log(
    `${phone ? "390×844@2x, 4× CPU" : "1366×768@1x, 1× CPU"}: ${moves} of my moves, ${shows.length} shows measured ${measured.toFixed(1)} ms in all, ${showSampled.toFixed(1)} ms sampled inside show`,
  );
  console.log("self time, whole hand:");
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, TOP))
    console.log(`${ms.toFixed(1).padStart(9)} ms  ${name}`);
  console.log("total time inside show:");
  for (const [name, ms] of [...inShow].sort((a, b) => b[1] - a[1]).slice(0, TOP))
    console.log(`${ms.toFixed(1).padStart(9)} ms  ${name}`);
  console.log("the longest shows, each with what took longest in it (inclusive):");
  for (const show of [...each].sort((a, b) => b.ms - a.ms).slice(0, 5)) {
    const top = [...show.inclusive]
      .filter(
        ([n]) => !/^\((root|program)\)|^(measured|show|flush|snapshot|run|patch) |^\(anonymous\) (index|game)/.test(n),
      )
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8);
    console.log(`  ${show.ms.toFixed(1)} ms: ${top.map(([n, ms]) => `${n} ${ms.toFixed(1)}`).join(", ")}`);
  }
  await page.context().close();
} finally {
  await close();
  await server.stop();
}
