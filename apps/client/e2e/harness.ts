import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { Layout } from "../src/model/layout.js";
import type { SceneFrames } from "../src/scene/scene-probe.js";
import { IDENTITY_KEY } from "../src/net/identity.js";
import { pgliteDataDir } from "@yourtrumps/server/test-kit";
import { SERVER_NODE_FLAGS } from "@yourtrumps/server/node-flags";
import type { TableView } from "../src/model/view.js";

const here = dirname(fileURLToPath(import.meta.url));
export const CLIENT_DIR = resolve(here, "..");
export const ARTIFACTS = join(CLIENT_DIR, "artifacts");
const SERVER_MAIN = resolve(CLIENT_DIR, "../server/dist/main.js");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** The browser-test build of the client (`vite build --mode e2e`, the only one with the test hook). */
export const E2E_DIST = join(CLIENT_DIR, "dist-e2e");

export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
} as const satisfies BrowserContextOptions;
export const DESKTOP = {
  viewport: { width: 1366, height: 768 },
  deviceScaleFactor: 1,
} as const satisfies BrowserContextOptions;

/** A real game server process serving a built client. */
export interface RunningServer {
  url: string;
  pid: number; // the server process (the bench reads its CPU time)
  port: number;
  dataDir: string; // its DATA_DIR
  stop(): Promise<void>;
  kill(): Promise<void>; // SIGKILL: a crash, nothing flushed
}

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      const port = typeof address === "object" && address ? address.port : 0;
      s.close(() => ok(port));
    });
  });
}

/**
 * Starts `node apps/server/dist/main.js` on a free port with `clientDist`, waits for
 * "listening on". Each server records its hands in an embedded database of its own, in a
 * fresh DATA_DIR (a copy of an empty database at the current schema: no initdb for every
 * server) that is removed when it stops — unless `env` names PORT and DATA_DIR
 * (a restart on the same address and database), which are then the caller's to remove.
 */
export async function startServer(clientDist: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const ownData = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? (await pgliteDataDir());
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      CLIENT_DIST: clientDist,
      DATA_DIR: dataDir,
      AI_DELAY_MS: "30",
      TURN_SECONDS: "0",
      RECONNECT_SECONDS: "60",
      FILL_AFTER_SECONDS: "2",
      MATCHMAKE_PER_MINUTE: "100000",
      API_PER_MINUTE: "100000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const removeData = () => ownData && rmSync(dataDir, { recursive: true, force: true });
  child.once("exit", removeData);
  const orphanGuard = () => child.kill("SIGKILL"); // never outlive the test run
  process.once("exit", orphanGuard);
  let log = "";
  await new Promise<void>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${log}`)), 60_000); // a new database's first start takes a while
    const onData = (d: Buffer) => {
      log += d.toString();
      if (/listening on \d+/.test(log)) {
        clearTimeout(timer);
        ok();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (d: Buffer) => (log += d.toString()));
    child.once("exit", (code) => fail(new Error(`server exited (${code}):\n${log}`)));
  });
  /** Sends `signal` (a SIGTERM that is not obeyed within 5 s becomes a SIGKILL) and resolves once the process is gone. */
  const ended = (signal: "SIGTERM" | "SIGKILL"): Promise<void> =>
    new Promise((ok) => {
      process.off("exit", orphanGuard);
      if (child.exitCode !== null || child.signalCode !== null) return ok();
      child.once("exit", () => ok());
      child.kill(signal);
      if (signal === "SIGTERM") setTimeout(() => child.kill("SIGKILL"), 5000).unref();
    });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? -1,
    port,
    dataDir,
    kill: () => ended("SIGKILL"),
    stop: () => ended("SIGTERM"),
  };
}

/** Debian Chromium, headless; playwright gives it a fresh temporary profile. Never a downloaded browser. */
export async function launchBrowser(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  return {
    browser,
    close: () => browser.close(),
  };
}

/**
 * For the tests of one file: a real server serving the e2e build (with `env` on top of
 * `startServer`'s), and Chromium, started before the first test and stopped after the last.
 */
export function serverAndBrowser(env: Record<string, string> = {}): {
  readonly server: RunningServer;
  readonly browser: Browser;
} {
  let server: RunningServer | undefined;
  let launched: { browser: Browser; close: () => Promise<void> } | undefined;
  beforeAll(async () => {
    if (!existsSync(join(E2E_DIST, "index.html"))) throw new Error("run `vite build --mode e2e` first (npm test does)");
    server = await startServer(E2E_DIST, env);
    launched = await launchBrowser();
  });
  afterAll(async () => {
    await launched?.close();
    await server?.stop();
  });
  const started = <T>(x: T | undefined): T => {
    if (x === undefined) throw new Error("the server and browser start in beforeAll");
    return x;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(launched).browser;
    },
  };
}

/** A new browser context on the lobby at `path` of `server` (British English); page errors are logged. */
export async function openLobby(
  browser: Browser,
  server: RunningServer,
  options: BrowserContextOptions,
  path = "/",
): Promise<Page> {
  const context = await browser.newContext({ ...options, locale: "en-GB" });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await page.goto(server.url + path);
  await page.locator("#play-computer").waitFor();
  return page;
}

/**
 * A new browser context (British English) whose page is the player `identity` — saved in
 * localStorage before the page loads, as if it had made it itself — at `path` of `server`.
 */
export async function openAs(
  browser: Browser,
  server: RunningServer,
  identity: { id: string; token: string },
  path = "/",
  options: BrowserContextOptions = DESKTOP,
): Promise<Page> {
  const context = await browser.newContext({ ...options, locale: "en-GB" });
  await context.addInitScript(
    ([key, value]) => localStorage.setItem(key!, value!),
    [IDENTITY_KEY, JSON.stringify(identity)],
  );
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await page.goto(server.url + path);
  return page;
}

/** Until the service worker has precached the client and controls the page. */
export async function serviceWorkerReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((ok) => navigator.serviceWorker.addEventListener("controllerchange", ok, { once: true }));
  });
}

/**
 * A lobby loaded once from a server of its own until the service worker cached the
 * client, then that server stopped and the context offline: the page has only its cache.
 */
export async function offlineOnceCached(
  browser: Browser,
  options: BrowserContextOptions,
): Promise<{ page: Page; url: string }> {
  const server = await startServer(E2E_DIST);
  const page = await openLobby(browser, server, options).catch(async (e: unknown) => {
    await server.stop();
    throw e;
  });
  try {
    await serviceWorkerReady(page);
  } finally {
    await server.stop();
  }
  await page.context().setOffline(true);
  return { page, url: server.url };
}

export function artifactPath(name: string): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  return join(ARTIFACTS, name);
}

/** What the test hook reports (present only in the e2e build). */
export interface Inspect {
  view: TableView | null;
  layout: Layout | null;
  idle: boolean;
  away?: "dropped" | "restarting" | null; // a server table's connection coming back (the table controller's; absent on a replay page)
  movesSent?: number; // moves the page has sent to its table since it loaded (the table controller's; absent on a replay page)
}

export function inspect(page: Page): Promise<Inspect> {
  return page.evaluate(() => (window as unknown as { __yt: { inspect(): Inspect } }).__yt.inspect());
}

export function spoken(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __yt: { lines(): string[] } }).__yt.lines());
}

/**
 * Tries `attempt` every `interval` ms until it resolves, and rethrows its last error once
 * `timeout` ms have passed (vitest's `vi.waitFor`, which the benchmarks cannot use: they
 * run these helpers outside a test).
 */
export async function poll<T>(
  attempt: () => Promise<T>,
  { timeout, interval }: { timeout: number; interval: number },
): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() >= end) throw error;
      await new Promise((resolve) => setTimeout(resolve, interval));
    }
  }
}

/** Waits until `test` holds for the hooked state, polling it. */
export async function waitFor(
  page: Page,
  test: (s: Inspect) => boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<Inspect> {
  const seen: { last?: Inspect } = {};
  try {
    return await poll(
      async () => {
        const s = (seen.last = await inspect(page));
        if (!test(s)) throw new Error(`not yet ${what}`);
        return s;
      },
      { timeout: timeoutMs, interval: 40 },
    );
  } catch (cause) {
    const { last } = seen;
    if (last === undefined) throw cause;
    const toast = await page
      .locator("#toast")
      .textContent()
      .catch(() => null);
    throw new Error(
      `timed out waiting for ${what}; away: ${String(last.away)}, toast: ${JSON.stringify(toast)}, view: ${JSON.stringify(last.view)}`,
      { cause },
    );
  }
}

/** This page's seat may act now: choose its trump, or move. */
export function mayAct(s: Inspect): boolean {
  return s.view?.prompt === "chooseTrump" || (s.view?.myTurn ?? false);
}

/** What the scene's frame counters say (the test hook's `frames()`; null before a table boots). */
export function sceneFrames(page: Page): Promise<SceneFrames | null> {
  return page.evaluate(() => (window as unknown as { __yt: { frames(): SceneFrames | null } }).__yt.frames());
}

/**
 * Until the table is still and its game loop asleep — having drawn a frame since `since`,
 * when given: the canvas then holds the last frame drawn.
 */
export async function untilStill(page: Page, since?: SceneFrames): Promise<SceneFrames> {
  await waitFor(page, (s) => s.idle, "the table still");
  const drawn = (f: SceneFrames): number => f.whole + f.partial;
  return poll(
    async () => {
      const f = await sceneFrames(page);
      if (!f?.asleep || (since && drawn(f) <= drawn(since))) throw new Error("the game loop still draws");
      return f;
    },
    { timeout: 10_000, interval: 40 },
  );
}

/** Clicks a point given in canvas CSS px, at its real screen position. */
export async function clickCanvas(page: Page, x: number, y: number): Promise<void> {
  const box = await page.locator("#table canvas").boundingBox();
  if (!box) throw new Error("no canvas");
  await page.mouse.click(box.x + x, box.y + y);
}

/**
 * Plays one move for this page's seat by clicking the canvas: the trump button while
 * choosing, else the first legal card (or the pick-up button when only that is legal,
 * or with probability `pickupRate` when it is allowed). Returns false when it is not
 * this seat's turn.
 */
export async function clickAMove(page: Page, pickupRate = 0): Promise<boolean> {
  const s = await inspect(page);
  const { view, layout } = s;
  if (!view || !layout) return false;
  if (view.prompt === "chooseTrump") {
    const b = layout.buttons.find((x) => x.id.startsWith("trump-"));
    if (!b) return false;
    await clickCanvas(page, b.x + b.w / 2, b.y + b.h / 2);
    return true;
  }
  if (!view.myTurn) return false;
  const card = layout.hand.find((h) => h.legal);
  const pickup = layout.buttons.find((x) => x.id === "pickup");
  if (pickup && (!card || Math.random() < pickupRate)) {
    await clickCanvas(page, pickup.x + pickup.w / 2, pickup.y + pickup.h / 2);
    return true;
  }
  if (!card) return false;
  await clickCanvas(page, card.hit.x + card.hit.w / 2, card.hit.y + Math.min(card.hit.h, 40) / 2);
  return true;
}

/**
 * Waits for my turn with a card to play, its flights landed. A turn with none (nothing in my
 * hand beats the top card, R9–R10) is passed by picking up, until one comes.
 */
export async function myTurnWithACard(page: Page): Promise<Inspect> {
  for (;;) {
    const s = await waitFor(page, (x) => x.view?.myTurn === true && x.idle, "my turn");
    if (s.view!.hand.some((h) => h.legal)) return s;
    await clickAMove(page); // the pickup: the only move there is
    await waitFor(page, (x) => x.view?.seq !== s.view?.seq, "the pickup");
  }
}

/** Plays until the result shows on every page (each page clicks its own moves). */
export async function playToResult(pages: Page[], timeoutMs = 120_000, pickupRate = 0.15): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    let over = 0;
    for (const page of pages) {
      const s = await inspect(page);
      if (s.view?.phase === "over") {
        over++;
        continue;
      }
      const seq = s.view?.seq ?? -1;
      const prompt = s.view?.prompt;
      if (await clickAMove(page, pickupRate)) {
        // Wait for the server's answer before clicking again (the seq moves, or the prompt changes).
        await waitFor(
          page,
          (x) => (x.view?.seq ?? -1) !== seq || x.view?.prompt !== prompt,
          "the move to land",
          15_000,
        );
      }
    }
    if (over === pages.length) return;
    if (Date.now() > end) throw new Error("the hand did not finish in time");
    await poll(
      async () => {
        const states = await Promise.all(pages.map(inspect));
        if (!states.some(mayAct) && !states.every((x) => x.view?.phase === "over"))
          throw new Error("the hand did not finish in time: no seat to move");
      },
      { timeout: Math.max(end - Date.now(), 1), interval: 30 },
    );
  }
}

/** Picks a free trump on the canvas; again if another player took it first (the server refuses with `suit-taken`). */
export async function pickTrump(page: Page): Promise<void> {
  for (;;) {
    const s = await waitFor(
      page,
      (x) => x.view !== null && (x.view.myTrump !== null || x.view.prompt === "chooseTrump"),
      "the trump choice or my trump",
    );
    if (s.view === null || s.view.myTrump !== null) return;
    if (s.view.prompt !== "chooseTrump" || !(await clickAMove(page))) continue;
    // Mine chosen, or refused because another took that suit first: the free suits then show it.
    const free = s.view.freeSuits.join();
    await waitFor(
      page,
      (x) => x.view?.myTrump !== null || x.view?.freeSuits.join() !== free,
      "my trump or the suit taken",
    );
  }
}

/**
 * Plays this page's seat to the result by keys alone: on each of my turns, → `selections`
 * times and Enter (the chosen legal card), or P when no card may be played; each move's
 * answer is awaited before the next. Returns how many moves it made.
 */
export async function playByKeys(page: Page, selections = 1, timeoutMs = 60_000): Promise<number> {
  let moves = 0;
  for (;;) {
    const s = await waitFor(
      page,
      (x) => x.view?.phase === "over" || (x.view?.myTurn ?? false),
      "my turn or the result",
      timeoutMs,
    );
    if (s.view?.phase === "over") return moves;
    const seq = s.view?.seq;
    if (s.view?.hand.some((h) => h.legal)) {
      for (let i = 0; i < selections; i++) await page.keyboard.press("ArrowRight");
      await page.keyboard.press("Enter");
    } else await page.keyboard.press("p");
    await waitFor(page, (x) => x.view?.seq !== seq || x.view?.phase === "over", "the move to land", timeoutMs);
    moves++;
  }
}

/**
 * Counts what the page asks of the server for tables: matchmaking calls for the table room
 * and the WebSockets of the rooms they reserved. The lobby's own connections (the live
 * list, the presence that lets a challenge reach a local game) are not a table's.
 */
export function watchServer(page: Page): { sockets: number; matchmaking: number } {
  const seen = { sockets: 0, matchmaking: 0 };
  const tableRooms = new Set<string>();
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.match(/^\/matchmake\/[^/]+\/table$/)) seen.matchmaking++;
  });
  page.on("response", (r) => {
    if (!new URL(r.url()).pathname.match(/^\/matchmake\/[^/]+\/table$/)) return;
    void r.json().then(
      (body: { roomId?: string; room?: { roomId?: string } }) => {
        const roomId = body.roomId ?? body.room?.roomId;
        if (roomId) tableRooms.add(roomId);
      },
      () => undefined,
    );
  });
  page.on("websocket", (ws) => {
    if ([...tableRooms].some((roomId) => ws.url().includes(roomId))) seen.sockets++;
  });
  return seen;
}

/** Until `page` sits at a private duel with another person (an accepted challenge's table). */
export function atPrivateDuel(page: Page): Promise<Inspect> {
  return waitFor(
    page,
    (s) =>
      s.view?.mode === "private" &&
      s.view.mySeat >= 0 &&
      s.view.seats.filter((x) => !x.isAI && x.name !== "").length === 2,
    "both at the private duel",
    20_000,
  );
}
