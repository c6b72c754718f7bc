import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACK_SCALE, PLATE_H, type Rect } from "../src/model/layout.js";
import {
  artifactPath,
  clickAMove,
  CLIENT_DIR,
  inspect,
  launchBrowser,
  myTurnWithACard,
  startServer,
  waitFor,
  type RunningServer,
} from "./harness.js";

/**
 * The ⚙ settings panel at a computer table, on a phone and on a desktop, in a duel and at
 * a table of four: every checkbox sits on one line beside its label, the panel stays inside
 * the viewport and off the opponents' plates and cards (their places come from the app's
 * layout), and the keyboard opens and closes it.
 */
const DIST = join(CLIENT_DIR, "dist-e2e");
const SIZES = {
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1 },
} as const;

let server: RunningServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  if (!existsSync(join(DIST, "index.html"))) throw new Error("run `vite build --mode e2e` first (npm test does)");
  server = await startServer(DIST);
  ({ browser, close: closeBrowser } = await launchBrowser());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.stop();
});

/** A computer table of `players` with the hand under way (plates and card backs drawn). */
async function computerTable(size: keyof typeof SIZES, players: number): Promise<Page> {
  const context = await browser.newContext({ ...SIZES[size], locale: "en-GB" });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await page.goto(server.url);
  await page.locator("#play-computer").waitFor();
  await page.click("#reduced-motion");
  await page.selectOption("#players", String(players));
  await page.click("#play-computer");
  await waitFor(page, (s) => s.view?.prompt === "chooseTrump" && s.layout !== null, "the trump choice");
  await clickAMove(page);
  await waitFor(page, (s) => s.view?.phase === "playing" && s.idle, "the hand under way");
  return page;
}

/** Where the opponents are drawn, in page pixels: each plate (at its widest) and its fan of card backs. */
async function opponentRects(page: Page): Promise<{ what: string; rect: Rect }[]> {
  const { layout } = await inspect(page);
  const canvas = await page.locator("#table canvas").boundingBox();
  if (!layout || !canvas) throw new Error("no table drawn");
  const backH = layout.cardH * BACK_SCALE;
  return layout.seats
    .filter((s) => s.pos !== "bottom")
    .flatMap((s) => [
      {
        what: `seat ${s.seat} plate`,
        rect: { x: canvas.x + s.x - s.maxWidth / 2, y: canvas.y + s.y - PLATE_H / 2, w: s.maxWidth, h: PLATE_H },
      },
      {
        what: `seat ${s.seat} cards`,
        rect: {
          x: canvas.x + s.cards.x - s.cardsWidth / 2,
          y: canvas.y + s.cards.y - backH / 2,
          w: s.cardsWidth,
          h: backH,
        },
      },
    ]);
}

function overlap(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** The panel's box and, for every checkbox, its box and the box of its label's text. */
function measure(page: Page) {
  return page.evaluate(() => {
    const box = (e: Element) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, w: r.width, h: r.height };
    };
    const panel = document.getElementById("settings-panel")!;
    return {
      open: panel.matches(":popover-open"),
      panel: box(panel),
      toggle: box(document.getElementById("settings-toggle")!),
      viewport: { w: innerWidth, h: innerHeight },
      checks: [...panel.querySelectorAll('input[type="checkbox"]')].map((input) => {
        const label = input.closest("label");
        const text = label?.querySelector("span");
        return {
          id: input.id,
          inLabel: label !== null,
          box: box(input),
          text: text ? box(text) : null,
          textLines: text?.getClientRects().length ?? 0,
          label: text?.textContent ?? "",
        };
      }),
    };
  });
}

const state = (page: Page) =>
  page.evaluate(() => ({
    open: document.getElementById("settings-panel")?.matches(":popover-open") ?? false,
    expanded: document.getElementById("settings-toggle")?.getAttribute("aria-expanded"),
    focused: document.activeElement?.id ?? "",
  }));

describe("the settings panel at the table", () => {
  for (const size of ["phone", "desktop"] as const) {
    for (const players of [2, 4]) {
      it(`${size}, ${players} players: checkboxes beside their labels, inside the viewport, off the opponents; the keyboard opens and closes it`, async () => {
        const page = await computerTable(size, players);
        const toggle = page.locator("#settings-toggle");
        expect(await toggle.getAttribute("aria-controls")).toBe("settings-panel");
        expect(await state(page)).toMatchObject({ open: false, expanded: "false" });
        await page.screenshot({ path: artifactPath(`settings-${size}-${players}p-closed.png`) });

        // Enter on the button opens it (and plays no card: the table's keyboard play leaves it alone).
        const before = await inspect(page);
        await toggle.focus();
        await page.keyboard.press("Enter");
        await expect
          .poll(() => state(page))
          .toMatchObject({ open: true, expanded: "true", focused: "settings-toggle" });
        expect((await inspect(page)).view?.hand.length).toBe(before.view?.hand.length);

        const m = await measure(page);
        await page.screenshot({ path: artifactPath(`settings-${size}-${players}p-open.png`) });
        expect(m.checks.map((c) => c.label)).toEqual(["Reduced motion", "Four-colour deck", "Sound"]);
        for (const c of m.checks) {
          expect(c.inLabel, `${c.id} is inside its label`).toBe(true);
          expect(c.textLines, `${c.id}: its label is one line`).toBe(1);
          const text = c.text!;
          expect(
            Math.abs(c.box.y + c.box.h / 2 - (text.y + text.h / 2)),
            `${c.id} centred on its text`,
          ).toBeLessThanOrEqual(2);
          const gap = text.x - (c.box.x + c.box.w);
          expect(gap, `${c.id} right beside its text`).toBeGreaterThanOrEqual(2);
          expect(gap, `${c.id} right beside its text`).toBeLessThanOrEqual(16);
        }
        expect(m.panel.x).toBeGreaterThanOrEqual(0);
        expect(m.panel.y).toBeGreaterThanOrEqual(0);
        expect(m.panel.x + m.panel.w).toBeLessThanOrEqual(m.viewport.w);
        expect(m.panel.y + m.panel.h).toBeLessThanOrEqual(m.viewport.h);
        const opponents = await opponentRects(page);
        expect(opponents).toHaveLength(2 * (players - 1));
        for (const { what, rect } of opponents) {
          expect(overlap(m.panel, rect), `the panel covers ${what}`).toBe(false);
          expect(overlap(m.toggle, rect), `the ⚙ button covers ${what}`).toBe(false);
        }

        // Escape closes it from inside the panel and gives the focus back to the table, where the game's keys are.
        await page.focus("#table-four-colour");
        await page.keyboard.press("Escape");
        await expect.poll(() => state(page)).toEqual({ open: false, expanded: "false", focused: "table" });
        // On the focused ⚙, Space opens it again, Enter closes it.
        await page.focus("#settings-toggle");
        await page.keyboard.press("Space");
        await expect.poll(() => state(page)).toMatchObject({ open: true, expanded: "true" });
        await page.keyboard.press("Enter");
        await expect.poll(() => state(page)).toMatchObject({ open: false, expanded: "false" });
        await page.context().close();
      });
    }
  }

  it("stays open with the focus in place when a setting changes, in the new language", async () => {
    const page = await computerTable("desktop", 2);
    await page.click("#settings-toggle");
    await page.locator("#settings-panel span", { hasText: "Four-colour deck" }).click(); // the label's text ticks its box
    expect(await page.isChecked("#table-four-colour")).toBe(true);
    await expect.poll(() => state(page)).toMatchObject({ open: true, focused: "table-four-colour" });
    await page.focus("#table-lang");
    await page.selectOption("#table-lang", "ru");
    await expect.poll(() => state(page)).toMatchObject({ open: true, expanded: "true", focused: "table-lang" });
    expect(await page.getAttribute("#settings-toggle", "aria-label")).toBe("Настройки");
    expect(await page.textContent('label[for="table-lang"]')).toBe("Язык");
    await page.keyboard.press("Escape");
    await expect.poll(() => state(page)).toMatchObject({ open: false, focused: "table" });
    await page.context().close();
  });

  it("gives the focus back to the table when the menu is closed, so Enter plays the selected card", async () => {
    const page = await computerTable("desktop", 2);
    const myTurn = await myTurnWithACard(page);
    await page.click("#settings-toggle");
    await expect.poll(() => state(page)).toMatchObject({ open: true });
    await page.click("#settings-toggle"); // closed by the mouse, as it was opened
    await expect.poll(() => state(page)).toEqual({ open: false, expanded: "false", focused: "table" });
    // The game's keys: → selects a legal card, Enter plays it (before, Enter opened the menu again).
    await page.keyboard.press("ArrowRight");
    await waitFor(page, (x) => x.layout?.hand.some((c) => c.selected) ?? false, "a card selected");
    await page.keyboard.press("Enter");
    await waitFor(page, (x) => (x.view?.seq ?? 0) > (myTurn.view?.seq ?? 0), "the card played");
    expect(await state(page)).toMatchObject({ open: false });
    await page.context().close();
  });
});
