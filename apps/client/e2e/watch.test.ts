import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, inspect, openLobby, serverAndBrowser, waitFor, type Inspect } from "./harness.js";
import { Client } from "@colyseus/sdk";
import { ROOM_NAME } from "@yourtrumps/protocol";
import { SdkDuel } from "./sdk-players.js";

/**
 * Watching in the browser: duels played by SDK programs (e2e/sdk-players.ts) on a real
 * server, watched by the real page — from the lobby's "Live now" list, and on TV, which
 * must move to the next table when the one it shows ends.
 */
const running = serverAndBrowser({ FILL_AFTER_SECONDS: "60", TURN_SECONDS: "0" });

const wsUrl = (): string => running.server.url.replace(/^http/, "ws");
const seatNames = (s: Inspect): string[] => s.view?.seats.map((seat) => seat.name).sort() ?? [];

/** Samples the page until a move has landed and cards were seen flying for it. */
async function seeAMoveAnimate(page: Page): Promise<void> {
  const start = (await inspect(page)).view?.seq ?? 0;
  // Sampled in the page every animation frame: a flight lasts a few hundred ms.
  await page.waitForFunction(
    (from) => {
      const s = (window as unknown as { __yt: { inspect(): Inspect } }).__yt.inspect();
      return (s.view?.seq ?? 0) > from && !s.idle;
    },
    start,
    { polling: "raf", timeout: 20_000 },
  );
}

describe("watching", () => {
  it("watches a live duel from the lobby's list, from no seat, and sees its moves animate", async () => {
    const duel = await SdkDuel.start(wsUrl(), ["Ann", "Bob"], 700);
    const page = await openLobby(running.browser, running.server, DESKTOP);
    const item = page.locator("#live-tables li", { hasText: "Ann" });
    await item.waitFor({ timeout: 10_000 }); // the list updates without a reload
    expect(await item.textContent()).toContain("Bob");
    await item.locator("button").click();
    const watching = await waitFor(
      page,
      (s) => s.view?.watching === true && s.view.phase === "playing",
      "watching the duel",
    );
    expect(seatNames(watching)).toEqual(["Ann", "Bob"]);
    expect(watching.view?.mySeat).toBe(-1);
    expect(watching.view?.hand).toEqual([]); // no hand of one's own at the bottom
    expect(watching.view?.seats.every((seat) => !seat.isMe)).toBe(true);
    expect(page.url()).toContain(`?watch=${duel.roomId}`);
    await page.locator("#watching", { hasText: "You are watching" }).waitFor();
    await page.locator("#mute-table-reactions").waitFor(); // the players' bubbles may be muted…
    expect(await page.locator("#reactions-toggle").isVisible()).toBe(false); // …but a spectator has nothing to say
    for (let i = 0; i < 3; i++) await seeAMoveAnimate(page);
    await page.context().close();
    await duel.leave();
  }, 90_000);

  it("TV shows a live duel and, when its hand ends, switches to the next one", async () => {
    const duels = [
      await SdkDuel.start(wsUrl(), ["Tia", "Tom"], 1500),
      await SdkDuel.start(wsUrl(), ["Uma", "Ugo"], 1500),
    ];
    const page = await (await running.browser.newContext({ ...DESKTOP, locale: "en-GB" })).newPage(); // TV opens on a table, not the lobby
    await page.goto(`${running.server.url}/?tv`);
    const first = await waitFor(page, (s) => s.view?.watching === true && s.view.phase === "playing", "TV on");
    const [onAir, other] = seatNames(first).includes("Tia") ? [duels[0]!, duels[1]!] : [duels[1]!, duels[0]!];
    onAir.delayMs = 20; // this hand ends soon; the other goes on slowly
    await waitFor(page, (s) => s.view?.phase === "over", "the hand on TV ends", 60_000);
    // TV asks for the next table 2 s after the end (table/tv.ts); the wait allows for a loaded machine
    const next = await waitFor(
      page,
      (s) => s.view?.phase === "playing" && seatNames(s).join() !== seatNames(first).join(),
      "TV on the next table",
      15_000,
    );
    expect(other.phase()).toBe("playing");
    expect(seatNames(next)).toEqual(other === duels[0] ? ["Tia", "Tom"] : ["Ugo", "Uma"]);
    await page.context().close();
    for (const duel of duels) await duel.leave();
  }, 120_000);
});

describe("a private table", () => {
  it("is watched by its link when its creator allowed it, and refused with a clear note when not", async () => {
    const host = await openLobby(running.browser, running.server, DESKTOP);
    await host.click("#allow-watching");
    await host.click("#private-table");
    const watchLink = (await host.locator("#watch-link").getAttribute("href")) ?? "";
    expect(watchLink).toMatch(/\?watch=/);
    const code = (await host.locator("#table-code").textContent())?.split(":").pop()?.trim() ?? "";
    const sdk = new Client(wsUrl());
    const friend = await sdk.join(ROOM_NAME, { mode: "private", code, name: "Friend" });
    const watcher = await openLobby(running.browser, running.server, DESKTOP);
    await watcher.goto(watchLink);
    const watched = await waitFor(
      watcher,
      (s) => s.view?.watching === true && s.view.phase !== "waiting",
      "watching the private table",
    );
    expect(seatNames(watched)).toContain("Friend");

    // A private table created without "Allow watching" (off by default): its link is refused, in words.
    const closed = await sdk.create(ROOM_NAME, { mode: "private", name: "Closed" });
    const closedCode = await new Promise<string>((resolve) =>
      closed.onStateChange(
        (state: unknown) => (state as { code: string }).code && resolve((state as { code: string }).code),
      ),
    );
    const closedFriend = await sdk.join(ROOM_NAME, { mode: "private", code: closedCode });
    const refused = await (await running.browser.newContext({ ...DESKTOP, locale: "en-GB" })).newPage();
    await refused.goto(`${running.server.url}/?watch=${closed.roomId}`);
    await refused.locator("#toast", { hasText: "cannot be watched" }).waitFor();
    await refused.locator("#play-computer").waitFor(); // the lobby instead
    for (const page of [host, watcher, refused]) await page.context().close();
    for (const room of [friend, closed, closedFriend]) await room.leave();
  }, 120_000);
});
