/**
 * Review benchmark (`npm run bench`, after bench.ts; `-- --json` for JSON lines):
 * 1. the review worker's chunk (gzip), and a check that the analyser is not in the main chunk;
 * 2. time to the first verdict and to the whole review of a typical duel (the review started on
 *    arrival, as the result panel's Review opens it; and pressed on a replay already shown) — the median-length
 *    hand of a set of seeded duels between two `medium` computers — on the replay page of
 *    the production build in headless Chromium (the record is served to the page as
 *    `GET /api/games/:id` would serve it);
 * 3. time from pressing Review in the result panel to the first verdict shown on the replay page, for
 *    a duel against `easy` played in the page by clicks (the e2e build, whose test hook finds the
 *    canvas buttons), Review pressed at once when the result shows and after 1.5 s of reading it.
 */
import { chooseMove } from "@yourtrumps/ai";
import { applyMove, newHand, viewFor, type Hand } from "@yourtrumps/engine";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import {
  clickAMove,
  clickCanvas,
  E2E_DIST,
  launchBrowser,
  playToResult,
  startServer,
  waitFor,
  CLIENT_DIR,
} from "../e2e/harness.js";
import { t } from "../src/i18n/index.js";

const json = process.argv.includes("--json");
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DUELS = Number(process.env.BENCH_DUELS ?? 15);
const RESULT_PANEL_ONLY = process.env.BENCH_RESULT_PANEL_ONLY === "1"; // figure 3 only (it needs the e2e build)
const DIST = join(CLIENT_DIR, "dist");
const ANALYSER_MARK = "has no move to make"; // analyseSync's error text: in the chunk that holds the analyser

function emit(record: Record<string, unknown>, text: string): void {
  console.log(json ? JSON.stringify({ bench: "client-review", ...record }) : text);
}
const kb = (n: number) => (n / 1024).toFixed(1);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

// 1. The worker's chunk.
const assets = readdirSync(join(DIST, "assets"));
const worker = assets.find((f) => /^review-worker-.*\.js$/.test(f));
const main = assets.find((f) => /^index-.*\.js$/.test(f));
if (!worker || !main) throw new Error("no review-worker or index chunk in dist/assets: run vite build");
const workerBytes = readFileSync(join(DIST, "assets", worker));
const mainHasAnalyser = readFileSync(join(DIST, "assets", main), "utf8").includes(ANALYSER_MARK);
const workerHasAnalyser = workerBytes.toString("utf8").includes(ANALYSER_MARK);
emit(
  {
    metric: "worker-chunk",
    file: worker,
    bytes: workerBytes.length,
    gzip: gzipSync(workerBytes, { level: 9 }).length,
    inMainChunk: mainHasAnalyser,
    inWorker: workerHasAnalyser,
  },
  `review worker ${worker}: ${kb(workerBytes.length)} KB raw, ${kb(gzipSync(workerBytes, { level: 9 }).length)} KB gzip (the engine and the analyser); analyser in the main chunk ${main}: ${mainHasAnalyser ? "YES (wrong)" : "no"}; in the worker: ${workerHasAnalyser ? "yes" : "NO (wrong)"}`,
);

// 2. A typical duel: the median length of seeded medium-vs-medium duels.
function duel(seed: number): Hand {
  let h = newHand({ players: 2, seed, dealer: seed % 2 });
  while (h.result === null) {
    const r = applyMove(h, chooseMove(viewFor(h, h.toMove), { level: "medium", seed: h.log.length }));
    if (!r.ok) throw new Error(r.error.message);
    h = r.hand;
  }
  return h;
}
const hands = Array.from({ length: DUELS }, (_, i) => duel(1000 + i)).sort((a, b) => a.log.length - b.log.length);
const typical = hands[Math.floor(hands.length / 2)]!;
const lengths = hands.map((h) => h.log.length);
const answer = {
  id: "bench-duel",
  mode: "computer",
  players: 2,
  options: {},
  setup: typical.setup,
  log: typical.log,
  moveTimes: typical.log.map((_, i) => i * 1000),
  result: typical.result,
  rated: false,
  seats: [0, 1].map((seat) => ({
    seat,
    name: seat === 0 ? "Anna" : "Computer",
    playerId: null,
    computer: seat === 0 ? null : "medium",
    anonymous: seat === 0,
    place: typical.result!.places[seat],
    outcome: "won",
  })),
  startedAt: new Date(0).toISOString(),
  endedAt: new Date(1).toISOString(),
};
emit(
  { metric: "duel-lengths", duels: DUELS, lengths, median: typical.log.length },
  `${DUELS} medium-vs-medium duels, moves: ${lengths.join(" ")}; the typical (median) one has ${typical.log.length} moves`,
);

const server = await startServer(DIST);
const { browser, close } = await launchBrowser();
try {
  const runs: { started: number; first: number; whole: number }[] = [];
  for (let i = 0; i < (RESULT_PANEL_ONLY ? 0 : RUNS); i++) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: "en-GB" });
    const page = await context.newPage();
    await page.route("**/api/games/**", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(answer) }),
    );
    await page.goto(`${server.url}/?game=bench-duel&review=1`);
    await page.waitForFunction(() => document.getElementById("review-progress") !== null, null, {
      polling: "raf",
      timeout: 60_000,
    });
    const started = await page.evaluate(() => performance.now());
    await page.waitForFunction(() => document.querySelector("#moves .values") !== null, null, {
      polling: "raf",
      timeout: 60_000,
    });
    const first = await page.evaluate(() => performance.now());
    await page.waitForFunction(
      (done) => document.getElementById("review-status")?.textContent === done,
      t("en", "reviewDone"),
      { polling: 100, timeout: 600_000 },
    );
    const whole = await page.evaluate(() => performance.now());
    runs.push({ started, first: first - started, whole: whole - started });
    await context.close();
  }
  // The Review button of a replay already shown (the table booted): click → first verdict.
  const clicked: number[] = [];
  for (let i = 0; i < (RESULT_PANEL_ONLY ? 0 : RUNS); i++) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: "en-GB" });
    const page = await context.newPage();
    await page.route("**/api/games/**", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(answer) }),
    );
    await page.goto(`${server.url}/?game=bench-duel`);
    await page.locator("#review-start").waitFor();
    await page.locator("#table canvas").waitFor();
    await page.waitForTimeout(2000); // the table drawn and still
    const at = await page.evaluate(() => {
      document.getElementById("review-start")?.click();
      return performance.now();
    });
    await page.waitForFunction(() => document.querySelector("#moves .values") !== null, null, {
      polling: "raf",
      timeout: 60_000,
    });
    clicked.push((await page.evaluate(() => performance.now())) - at);
    await context.close();
  }
  if (!RESULT_PANEL_ONLY)
    emit(
      { metric: "review-button-first-verdict", runs: RUNS, ms: median(clicked), all: clicked },
      `Review pressed on a replay already shown: first verdict ${median(clicked).toFixed(0)} ms after the click (median of ${RUNS})`,
    );
  const first = median(runs.map((r) => r.first));
  const whole = median(runs.map((r) => r.whole));
  if (!RESULT_PANEL_ONLY)
    emit(
      {
        metric: "review-time",
        moves: typical.log.length,
        runs: RUNS,
        firstVerdictMs: first,
        wholeReviewMs: whole,
        perMoveMs: whole / typical.log.length,
        all: runs,
      },
      `review of the typical duel (${typical.log.length} moves) opened as ?game=…&review=1 (the result panel's Review), median of ${RUNS} in headless Chromium: first verdict ${first.toFixed(0)} ms after the review starts (the worker boots beside the table), whole review ${(whole / 1000).toFixed(1)} s (${(whole / typical.log.length).toFixed(0)} ms a move); the page showed the review box ${median(runs.map((r) => r.started)).toFixed(0)} ms after navigation`,
    );
  // 3. Review pressed in the result panel of a hand played in the page.
  const e2eServer = await startServer(E2E_DIST);
  try {
    for (const readMs of [0, 1500]) {
      const pressed: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: "en-GB" });
        const page = await context.newPage();
        await page.goto(e2eServer.url);
        await page.locator("#play-computer").waitFor();
        await page.selectOption("#level", "easy");
        await page.click("#play-computer");
        await waitFor(page, (x) => x.view?.prompt === "chooseTrump" && x.layout !== null, "the trump choice");
        await clickAMove(page);
        await playToResult([page], 180_000);
        const end = await waitFor(
          page,
          (x) => x.view?.phase === "over" && x.idle && (x.layout?.buttons.some((b) => b.id === "review") ?? false),
          "the result with Review",
        );
        await page.waitForTimeout(readMs);
        const review = end.layout!.buttons.find((b) => b.id === "review")!;
        const at = Date.now();
        await clickCanvas(page, review.x + review.w / 2, review.y + review.h / 2);
        await page.waitForURL((url) => url.searchParams.get("review") === "1", { timeout: 60_000 });
        await page.waitForFunction(() => document.querySelector("#moves .values") !== null, null, {
          polling: "raf",
          timeout: 60_000,
        });
        pressed.push(Date.now() - at);
        await context.close();
      }
      emit(
        { metric: "result-panel-review-first-verdict", readMs, runs: RUNS, ms: median(pressed), all: pressed },
        `Review pressed in the result panel ${readMs === 0 ? "at once" : `${readMs} ms after the result showed`} (a duel against easy played in the page): first verdict ${median(pressed).toFixed(0)} ms after the press (median of ${RUNS}: ${pressed.map((x) => x.toFixed(0)).join(" ")})`,
      );
    }
  } finally {
    await e2eServer.stop();
  }
} finally {
  await close();
  await server.stop();
}
