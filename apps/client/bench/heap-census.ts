/**
 * What the page's heap grows by over hands (`npx tsx bench/heap-census.ts`, after
 * `npm run build:e2e`): a local duel at `easy` played in one page as scene-bench.ts's heap
 * figure plays it, a heap snapshot (CDP) at the result of hand 1 and of hand
 * `BENCH_HEAP_HANDS` (default 20; the first at `BENCH_HEAP_FIRST`'s instead), and the object kinds that grew most between the two —
 * by constructor or kind, count and bytes. scene-bench.ts says how much; this says what.
 */
import { DESKTOP, E2E_DIST, launchBrowser, startServer } from "../e2e/harness.js";
import { DRIVE_HANDS } from "./drive-hands.js";
import { census } from "./heap-snapshot.js";
import { openTable } from "./open-table.js";

const FIRST = Number(process.env.BENCH_HEAP_FIRST ?? 1); // the first snapshot at the result of this hand
const HANDS = Number(process.env.BENCH_HEAP_HANDS ?? 20); // the second at this one's
const TOP = Number(process.env.BENCH_HEAP_TOP ?? 25);

const server = await startServer(process.env.BENCH_DIST ?? E2E_DIST);
const { browser, close } = await launchBrowser();
try {
  const { page, cdp } = await openTable(browser, server.url, DESKTOP, 1);
  await cdp.send("HeapProfiler.enable");
  await page.evaluate(`${DRIVE_HANDS}(${FIRST})`);
  const first = await census(cdp);
  await page.evaluate(`${DRIVE_HANDS}(${HANDS - FIRST + 1})`); // the result on screen counts as the first of these
  const last = await census(cdp);
  const mb = (x: number) => (x / 1048576).toFixed(2);
  console.log(
    `heap snapshot's self sizes at the result of hand ${FIRST}: ${mb(first.total)} MB; of hand ${HANDS}: ${mb(last.total)} MB (${(((last.total - first.total) / first.total) * 100).toFixed(1)} %)`,
  );
  const grown = [...last.kinds].map(([key, k]) => {
    const before = first.kinds.get(key) ?? { count: 0, bytes: 0 };
    return { key, count: k.count - before.count, bytes: k.bytes - before.bytes };
  });
  grown.sort((a, b) => b.bytes - a.bytes);
  for (const g of grown.slice(0, TOP))
    console.log(`${(g.bytes / 1024).toFixed(1).padStart(9)} KB ${String(g.count).padStart(7)} × ${g.key}`);
  await page.context().close();
} finally {
  await close();
  await server.stop();
}
