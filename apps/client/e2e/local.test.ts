import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { t } from "../src/i18n/index.js";
import { manifest } from "../build/pwa-plugin.js";
import {
  artifactPath,
  clickAMove,
  clickCanvas,
  DESKTOP,
  E2E_DIST,
  inspect,
  openLobby,
  PHONE,
  playToResult,
  offlineOnceCached,
  serverAndBrowser,
  serviceWorkerReady,
  startServer,
  waitFor,
  watchServer,
} from "./harness.js";

/**
 * Play the computer in the page: the table lives in the browser (local/), so these tests
 * watch that no table is opened on the server, stop the server to play with no network,
 * reload mid-hand, and check what makes the client installable.
 */
const running = serverAndBrowser();

async function startLocal(page: Page, level = "easy", players = "2"): Promise<void> {
  await page.selectOption("#level", level);
  await page.selectOption("#players", players);
  await page.click("#play-computer");
  await waitFor(page, (s) => s.view?.prompt === "chooseTrump" && s.layout !== null, "the trump choice");
  await clickAMove(page);
  await waitFor(page, (s) => s.view?.phase === "playing", "the deal");
}

const sounds = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __yt: { sounds(): string[] } }).__yt.sounds());

describe("local tables", () => {
  it("plays a whole duel against hard in the page by clicking, with no table on the server, and sounds only after a gesture", async () => {
    const page = await openLobby(running.browser, running.server, DESKTOP);
    const server = watchServer(page);
    expect(await sounds(page)).toEqual([]);
    await startLocal(page, "hard");
    await playToResult([page], 240_000, 0.1);
    const end = await waitFor(page, (s) => s.view?.phase === "over" && s.idle, "the result");
    expect(end.view?.mode).toBe("computer");
    expect(end.layout?.buttons.map((b) => b.id)).toEqual(["rematch", "lobby", "review"]);
    expect(server).toEqual({ sockets: 0, matchmaking: 0 });
    const heard = await sounds(page);
    expect(heard).toContain("play");
    expect(heard.some((c) => ["win", "lose", "draw"].includes(c))).toBe(true);
    // Rematch: a new hand in the page.
    const rematch = end.layout!.buttons.find((b) => b.id === "rematch")!;
    await clickCanvas(page, rematch.x + rematch.w / 2, rematch.y + rematch.h / 2);
    await waitFor(page, (s) => s.view?.phase === "playing" && s.view.handId !== end.view?.handId, "the new hand");
    expect(server).toEqual({ sockets: 0, matchmaking: 0 });
    await page.context().close();
  });

  it("returns to the same cards after a reload mid-hand, silent until the player touches the page, muted at once by the setting", async () => {
    const page = await openLobby(running.browser, running.server, PHONE);
    await startLocal(page, "medium", "3");
    for (let i = 0; i < 4; i++) {
      const s = await waitFor(page, (x) => (x.view?.myTurn === true && x.idle) || x.view?.phase === "over", "my turn");
      if (s.view?.phase === "over") throw new Error("the hand ended before the reload");
      await clickAMove(page, 0);
      await waitFor(page, (x) => x.view?.seq !== s.view?.seq, "my move");
    }
    // Reloaded right after a move: the computers, to move, think again after the reload.
    const before = await inspect(page);
    await page.reload();
    const after = await waitFor(page, (x) => x.view !== null && x.layout !== null, "the table after the reload");
    expect(after.view?.handId).toBe(before.view?.handId);
    expect(after.view?.players).toBe(3);
    expect(after.view?.hand.map((h) => h.card)).toEqual(before.view?.hand.map((h) => h.card)); // only the mover's hand changes, and the computers were to move
    expect(after.view?.seq).toBeGreaterThanOrEqual(before.view?.seq ?? 0);
    if (after.view?.seq === before.view?.seq) expect(after.view?.pile).toEqual(before.view?.pile);
    await page.screenshot({ path: artifactPath("local-after-reload-phone.png") });
    // The table moves on with no gesture since the reload: not a sound.
    const mine = await waitFor(
      page,
      (x) => x.view?.myTurn === true || x.view?.phase === "over",
      "my turn after the reload",
    );
    expect(await sounds(page)).toEqual([]);
    await clickAMove(page, 0); // a tap is a gesture: from here on the table sounds
    await waitFor(page, (x) => x.view?.seq !== mine.view?.seq, "my move");
    await expect.poll(async () => (await sounds(page)).length, { timeout: 15_000 }).toBeGreaterThan(0);
    // Mute in the ⚙ menu: silent at once.
    await page.click("#settings-toggle");
    await page.click("#table-sound");
    expect(await page.isChecked("#table-sound")).toBe(false);
    await page.keyboard.press("Escape"); // the menu closes
    await page.locator("#settings-panel").waitFor({ state: "hidden" });
    const heard = (await sounds(page)).length;
    // By keys this time (the focus is on the ⚙ button): → picks a legal card, Enter plays it, P picks up.
    // A beat owes a second card, so three moves from here include a computer's.
    const start = (await inspect(page)).view?.seq ?? 0;
    await page.locator("#table").focus();
    for (;;) {
      const turn = await waitFor(
        page,
        (x) => (x.view?.myTurn === true && x.idle) || x.view?.phase === "over" || (x.view?.seq ?? 0) >= start + 3,
        "moves while muted",
      );
      if (turn.view?.phase === "over" || (turn.view?.seq ?? 0) >= start + 3) break;
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press(turn.view?.hand.some((h) => h.legal) ? "Enter" : "p");
      await waitFor(page, (x) => x.view?.seq !== turn.view?.seq, "my move, muted");
    }
    expect((await sounds(page)).length).toBe(heard);
    await page.context().close();
  });

  it("is installable: the manifest's fields and icons, and a service worker that controls the page", async () => {
    const page = await openLobby(running.browser, running.server, DESKTOP);
    await serviceWorkerReady(page);
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    const served = (await (await page.request.get(new URL(href!, running.server.url).href)).json()) as ReturnType<
      typeof manifest
    >;
    expect(served).toEqual(manifest());
    expect(served).toMatchObject({
      name: "Your Trumps",
      display: "standalone",
      start_url: "./",
      theme_color: "#173f2a",
    });
    for (const icon of served.icons as { src: string; sizes: string; type: string }[]) {
      const r = await page.request.get(new URL(icon.src, running.server.url).href);
      expect(r.status(), icon.src).toBe(200);
      expect(r.headers()["content-type"]).toContain(icon.type === "image/png" ? "image/png" : "image/svg+xml");
      if (icon.type === "image/png") {
        const png = await r.body();
        expect([png.readUInt32BE(16), png.readUInt32BE(20)].join("x")).toBe(icon.sizes); // the IHDR's width and height
      }
    }
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    };
    // Playwright's contexts are incognito-like, where Chromium never offers to install; nothing else may stand in the way.
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
    await page.context().close();
  });
});

describe("offline", () => {
  it("with the server stopped and the browser offline, a reload still opens the game and plays the computer to the result", async () => {
    const server = await startServer(E2E_DIST);
    const browser: Browser = running.browser;
    const page = await openLobby(browser, server, DESKTOP).catch(async (e: unknown) => {
      await server.stop();
      throw e;
    });
    try {
      await serviceWorkerReady(page); // the first visit cached the client
    } finally {
      await server.stop();
    }
    await page.context().setOffline(true);
    await page.reload();
    await page.locator("#play-computer").waitFor();
    // The online features say they need a connection, and are off.
    await expect.poll(() => page.locator("#offline-note").textContent()).toBe(t("en", "needsConnection"));
    expect(await page.isDisabled("#quick-match")).toBe(true);
    expect(await page.isDisabled("#private-table")).toBe(true);
    await page.screenshot({ path: artifactPath("offline-lobby-desktop.png") });
    await startLocal(page);
    await playToResult([page], 150_000);
    const end = await waitFor(page, (s) => s.view?.phase === "over" && s.idle, "the result");
    const lobby = end.layout!.buttons.find((b) => b.id === "lobby")!;
    await clickCanvas(page, lobby.x + lobby.w / 2, lobby.y + lobby.h / 2);
    await page.locator("#play-computer").waitFor();
    expect(await page.isDisabled("#quick-match")).toBe(true);
    // The connection comes back: the note goes by itself.
    await page.context().setOffline(false);
    await expect.poll(() => page.isDisabled("#quick-match")).toBe(false);
    expect(await page.locator("#offline-note").isHidden()).toBe(true);
    await page.context().close();
  });
});

describe("offline, from the page's own storage", () => {
  it("an offline load asks nothing of /api and logs no error; a hand played offline replays from the result panel and is listed in My games", async () => {
    const { page } = await offlineOnceCached(running.browser, DESKTOP);
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(`console: ${m.text()}`);
    });
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/api")) problems.push(`request: ${r.method()} ${r.url()}`);
    });
    page.on("requestfailed", (r) => {
      const error = r.failure()?.errorText ?? "";
      if (error !== "net::ERR_ABORTED") problems.push(`failed: ${r.url()} ${error}`); // a load the page's own navigation (Back) cut short is not a request that was bound to fail
    });
    await page.reload();
    await page.locator("#play-computer").waitFor();
    await page.locator("#profile-retry").waitFor(); // the profile is said to be unavailable, without asking
    expect(problems).toEqual([]); // and still none after the hand, the replay and My games (the last check, below)

    await startLocal(page);
    await playToResult([page], 150_000);
    const end = await waitFor(
      page,
      (s) => s.view?.phase === "over" && s.idle && (s.layout?.buttons.some((b) => b.id === "review") ?? false),
      "the result with Review",
    );
    const handId = end.view!.handId;
    const moves = end.view!.seq;
    const review = end.layout!.buttons.find((b) => b.id === "review")!;
    await clickCanvas(page, review.x + review.w / 2, review.y + review.h / 2);
    await page.waitForURL((url) => url.searchParams.get("game") === handId);
    await page.locator("#moves > li").first().waitFor();
    expect(await page.locator("#moves > li").count()).toBe(moves);
    expect(await page.locator("#replay-error").count()).toBe(0);
    await page.locator("#moves .values").first().waitFor({ timeout: 60_000 }); // the review judges it here too
    await page.keyboard.press("End");
    await page.locator("#table canvas").waitFor();

    // The replay opened in the page: Back loads the page the address names, the lobby.
    await page.goBack();
    await page.locator("#play-computer").waitFor();
    expect(await page.locator("#replay").isHidden()).toBe(true);
    // My games, still offline and with no profile: the hand is listed, and its link opens the same replay.
    await page.goto(`${new URL(page.url()).origin}/`);
    await page.locator("#open-history").click();
    const entry = page.locator(`#games-list li[data-game="${handId}"]`);
    await entry.waitFor();
    expect(await page.textContent("#history .page-status")).toContain(t("en", "historyLocalOnly"));
    await entry.locator("a.game-replay").click();
    await page.locator("#moves > li").first().waitFor();
    expect(await page.locator("#moves > li").count()).toBe(moves);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 240_000);
});
