import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { DrawnBox } from "../src/scene/scene-probe.js";
import {
  artifactPath,
  DESKTOP,
  inspect,
  openLobby,
  pickTrump,
  playToResult,
  serverAndBrowser,
  waitFor,
} from "./harness.js";

/**
 * Nothing laid over the table covers what a player must see: at every size, no overlay —
 * the DOM's badges, Say…, Mute, ⚙, banners and rematch legend, the canvas's buttons, trump
 * corner and result card — lies on a card of the player's hand, on a plate, or on another
 * overlay. Checked at a duel of two pages and at a four-player table (a page and three
 * computers), each seen by a player and by a spectator, while the hand runs and at its result.
 * The boxes come from the page (getBoundingClientRect), the layout (hand cards' visible
 * strips, buttons) and the scene's probe (plates, trump corner, result card).
 */
const running = serverAndBrowser({ FILL_AFTER_SECONDS: "1" });

const SIZES = [
  { width: 320, height: 568 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

/** A named rectangle in CSS px of the viewport (the canvas fills it). */
interface Box {
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** DOM overlays over the table, by selector; hidden ones have no box. */
const DOM_OVERLAYS = [
  "#reactions-toggle",
  "#mute-table-reactions",
  "#toolbar",
  "#watching",
  "#banner",
  "#rematch-legend",
];

async function domBoxes(page: Page): Promise<Box[]> {
  return page.evaluate((selectors) => {
    const boxes: { name: string; x: number; y: number; w: number; h: number }[] = [];
    for (const selector of selectors) {
      const node = document.querySelector(selector);
      if (!node || node.closest("[hidden]") || getComputedStyle(node).visibility === "hidden") continue;
      const r = node.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) boxes.push({ name: selector, x: r.x, y: r.y, w: r.width, h: r.height });
    }
    return boxes;
  }, DOM_OVERLAYS);
}

function drawnBoxes(page: Page): Promise<DrawnBox[]> {
  return page.evaluate(() => (window as unknown as { __yt: { drawnBoxes(): DrawnBox[] } }).__yt.drawnBoxes());
}

/** The area two boxes share (px²); a hairline touch is not a cover. */
function overlap(a: Box, b: Box): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 1 && h > 1 ? w * h : 0;
}

function inside(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x - 1 &&
    inner.y >= outer.y - 1 &&
    inner.x + inner.w <= outer.x + outer.w + 1 &&
    inner.y + inner.h <= outer.y + outer.h + 1
  );
}

/** Every cover at `page`'s current size, in words ("#reactions-toggle covers card 7C"). */
async function collisions(page: Page): Promise<string[]> {
  const { layout } = await inspect(page);
  if (!layout) return ["no layout"];
  const drawn = (await drawnBoxes(page)).map((b) => ({ ...b, name: b.part }));
  const cards: Box[] = layout.hand.map((slot) => ({ name: `card ${slot.card}`, ...slot.hit }));
  const plates = drawn.filter((b) => b.name === "plate");
  const card = drawn.find((b) => b.name === "result-card");
  const buttons: Box[] = layout.buttons.map((b) => ({ name: `button ${b.id}`, x: b.x, y: b.y, w: b.w, h: b.h }));
  // The result card holds its own buttons and the rematch legend: those are part of it, not over it.
  const overlays = [...(await domBoxes(page)), ...buttons, ...drawn.filter((b) => b.name === "trump-corner")].filter(
    (b) => !card || !inside(b, card),
  );
  if (card) overlays.push(card);
  const found: string[] = [];
  overlays.forEach((o, i) => {
    for (const target of [...cards, ...plates, ...overlays.slice(i + 1)])
      if (overlap(o, target) > 0) found.push(`${o.name} covers ${target.name}`);
  });
  return found;
}

/** Sets the page's size and waits for the table to lay out at it (a click aimed by the old layout would miss). */
async function resize(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await waitFor(page, (s) => s.layout?.width === size.width && s.layout.height === size.height, "the new size");
}

/** Sets each page to each size, waits for the table to lay out at it, and gathers every cover there. */
async function checkSizes(pages: { page: Page; who: string }[], moment: string): Promise<string[]> {
  const found: string[] = [];
  for (const size of SIZES)
    for (const { page, who } of pages) {
      await resize(page, size);
      await expect.poll(async () => (await inspect(page)).idle).toBe(true);
      const here = await collisions(page);
      const name = `collisions-${moment}-${who}-${size.width}x${size.height}`;
      await page.screenshot({ path: artifactPath(`${name}.png`) });
      found.push(...here.map((c) => `${name}: ${c}`));
    }
  return found;
}

describe("no overlay covers the hand, a plate or another overlay", () => {
  it("at a duel of two people, watched, at five sizes, while playing and at the result", async () => {
    const host = await openLobby(running.browser, running.server, DESKTOP);
    await host.click("#reduced-motion");
    await host.click("#allow-watching");
    await host.click("#private-table");
    const code = (await host.locator("#table-code").textContent())?.split(":").pop()?.trim() ?? "";
    const watchLink = (await host.locator("#watch-link").getAttribute("href")) ?? "";
    const guest = await openLobby(running.browser, running.server, DESKTOP, `/?table=${code}`);
    await guest.click("#reduced-motion");
    await guest.click("#join");
    for (const page of [host, guest]) await pickTrump(page);
    // The watcher comes once the hand is dealt: what is measured is the table in play, watched.
    await waitFor(host, (s) => s.view?.phase === "playing", "the hand dealt");
    const watcher = await openLobby(running.browser, running.server, DESKTOP);
    await watcher.click("#reduced-motion");
    await watcher.goto(watchLink);
    await waitFor(watcher, (s) => s.view?.watching === true && s.view.phase === "playing", "watching the duel");
    await waitFor(host, (s) => (s.view?.spectators ?? 0) > 0, "the host told of a spectator");
    const pages = [
      { page: host, who: "duel-player" },
      { page: watcher, who: "duel-spectator" },
    ];
    const playing = await checkSizes(pages, "playing");
    for (const page of [host, guest]) await resize(page, DESKTOP.viewport);
    await playToResult([host, guest], 150_000, 0);
    await waitFor(watcher, (s) => s.view?.phase === "over", "the spectator sees the result");
    const over = await checkSizes(pages, "over");
    expect([...playing, ...over]).toEqual([]);
    for (const page of [host, guest, watcher]) await page.context().close();
  }, 400_000);

  it("at a four-player table, watched, at five sizes, while playing and at the result", async () => {
    const player = await openLobby(running.browser, running.server, DESKTOP);
    await player.locator("#open-leaderboard").waitFor(); // the identity is confirmed: the name goes to the server
    await player.fill("#name", "Quad");
    await player.press("#name", "Tab");
    await player.click("#reduced-motion");
    await player.selectOption("#players", "4");
    await player.click("#quick-match");
    await waitFor(player, (s) => s.view?.seats.length === 4 && s.view.mySeat >= 0, "a four-player table");
    await pickTrump(player);
    const watcher = await openLobby(running.browser, running.server, DESKTOP);
    await watcher.click("#reduced-motion");
    const item = watcher.locator("#live-tables li", { hasText: "Quad" });
    await item.waitFor({ timeout: 15_000 });
    await item.locator("button").click();
    await waitFor(watcher, (s) => s.view?.watching === true && s.view.seats.length === 4, "watching the table");
    await waitFor(player, (s) => (s.view?.spectators ?? 0) > 0, "the player told of a spectator");
    const pages = [
      { page: player, who: "four-player" },
      { page: watcher, who: "four-spectator" },
    ];
    const playing = await checkSizes(pages, "playing");
    await resize(player, DESKTOP.viewport);
    await playToResult([player], 200_000, 0);
    await waitFor(watcher, (s) => s.view?.phase === "over", "the spectator sees the result");
    const over = await checkSizes(pages, "over");
    expect([...playing, ...over]).toEqual([]);
    for (const page of [player, watcher]) await page.context().close();
  }, 400_000);
});
