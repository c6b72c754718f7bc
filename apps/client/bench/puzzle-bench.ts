/**
 * The puzzle page's figures (`npm run bench`, after scene-bench.ts; `-- --json` for JSON lines):
 * 1. the first interaction: navigation start → the first move can be made (the page's
 *    `puzzle-ready` mark), on the production build from a real server, a first visit (the
 *    identity is created on the way) and a reload (it is known); target < 1 s;
 * 2. a move's verdict: the Enter key's event → the verdict shown (the `puzzle-verdict`
 *    mark), for key moves and wrong ones, on the browser tests' build (its hook tells which
 *    cards are legal); target < 100 ms;
 * 3. the shipped set's chunk, loaded by the puzzle page only.
 */
import { join } from "node:path";
import { parsePuzzleLine, type Puzzle } from "@yourtrumps/ai";
import { SHIPPED_PUZZLES } from "@yourtrumps/ai/puzzles/shipped";
import type { Browser, Page } from "playwright-core";
import { keyMoves, wrongMove } from "../src/puzzle/puzzle-fixtures.js";
import { CLIENT_DIR, DESKTOP, E2E_DIST, launchBrowser, startServer, waitFor } from "../e2e/harness.js";
import { bundleSizes } from "./bundle.js";
import { emitter, kb, pct } from "./report.js";

const RUNS = Number(process.env.BENCH_PUZZLE_RUNS ?? 8);
const emit = emitter("client-puzzle");
const shipped = SHIPPED_PUZZLES.split("\n").map(parsePuzzleLine);

// 3. The shipped set's chunk.
for (const c of bundleSizes(join(CLIENT_DIR, "dist")).filter((x) => /\/shipped-/.test(x.file))) {
  emit(
    { metric: "shipped-chunk", ...c, puzzles: shipped.length },
    `shipped puzzles chunk ${c.file}: ${shipped.length} puzzles, ${kb(c.bytes)} KB raw, ${kb(c.gzip)} KB gzip (loaded by the puzzle page only)`,
  );
}

const readyAt = (page: Page): Promise<number> =>
  page
    .waitForFunction(() => performance.getEntriesByName("puzzle-ready")[0]?.startTime ?? 0, undefined, {
      timeout: 30_000,
    })
    .then((h) => h.jsonValue());

async function firstInteraction(browser: Browser, url: string): Promise<{ first: number[]; reload: number[] }> {
  const first: number[] = [];
  const reload: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ ...DESKTOP, locale: "en-GB" });
    const page = await context.newPage();
    await page.goto(`${url}/?puzzle=${shipped[i % shipped.length]!.id}`);
    first.push(await readyAt(page));
    await page.reload();
    reload.push(await readyAt(page));
    await context.close();
  }
  return { first, reload };
}

/** Enter's event → the verdict mark, for one move already selected by →. */
async function verdictMs(page: Page, p: Puzzle, wrong: boolean): Promise<number> {
  const move = wrong ? wrongMove(p) : keyMoves(p)[0]!;
  const s = await waitFor(page, (x) => (x.view?.myTurn ?? false) && x.idle, "the player's move");
  const timeNextKey = (): Promise<void> =>
    page.evaluate(() => {
      performance.clearMarks("puzzle-verdict");
      addEventListener("keydown", (e) => ((window as unknown as { pressedAt: number }).pressedAt = e.timeStamp), {
        once: true,
        capture: true,
      });
    });
  if (move === "pickup") {
    await timeNextKey();
    await page.keyboard.press("p");
  } else {
    const legal = s.view!.hand.filter((h) => h.legal).map((h) => h.card);
    for (let i = 0; i <= legal.indexOf(move); i++) await page.keyboard.press("ArrowRight");
    await timeNextKey();
    await page.keyboard.press("Enter");
  }
  return page
    .waitForFunction(() => {
      const mark = performance.getEntriesByName("puzzle-verdict")[0];
      return mark ? mark.startTime - (window as unknown as { pressedAt: number }).pressedAt : 0;
    })
    .then((h) => h.jsonValue());
}

const server = await startServer(join(CLIENT_DIR, "dist"));
const testServer = await startServer(E2E_DIST);
const { browser, close } = await launchBrowser();
try {
  // 1. The first interaction.
  const { first, reload } = await firstInteraction(browser, server.url);
  emit(
    {
      metric: "puzzle-first-interaction",
      runs: RUNS,
      firstVisitP50: pct(first, 50),
      firstVisitMax: Math.max(...first),
      firstVisits: first,
      reloadP50: pct(reload, 50),
      reloadMax: Math.max(...reload),
      targetMs: 1000,
    },
    `puzzle page, navigation start → the first move can be made: first visit p50 ${pct(first, 50).toFixed(0)} ms (max ${Math.max(...first).toFixed(0)}), reload p50 ${pct(reload, 50).toFixed(0)} ms (max ${Math.max(...reload).toFixed(0)}) over ${RUNS} runs (first visits in order: ${first.map((x) => x.toFixed(0)).join(", ")} ms); target < 1000 ms`,
  );

  // 2. A move's verdict.
  const kept: number[] = [];
  const wrong: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const p = shipped[(i * 7) % shipped.length]!;
    for (const isWrong of [false, true]) {
      const context = await browser.newContext({ ...DESKTOP, locale: "en-GB" });
      const page = await context.newPage();
      await page.goto(`${testServer.url}/?puzzle=${p.id}`);
      await readyAt(page);
      (isWrong ? wrong : kept).push(await verdictMs(page, p, isWrong));
      await context.close();
    }
  }
  const all = [...kept, ...wrong];
  emit(
    {
      metric: "puzzle-verdict",
      runs: all.length,
      p50: pct(all, 50),
      p99: pct(all, 99),
      max: Math.max(...all),
      keptP50: pct(kept, 50),
      wrongP50: pct(wrong, 50),
      targetMs: 100,
    },
    `puzzle page, a move's verdict (Enter → the verdict shown): p50 ${pct(all, 50).toFixed(1)} ms, max ${Math.max(...all).toFixed(1)} ms over ${all.length} moves (key moves p50 ${pct(kept, 50).toFixed(1)}, wrong p50 ${pct(wrong, 50).toFixed(1)}); target < 100 ms`,
  );
} finally {
  await close();
  await server.stop();
  await testServer.stop();
}
