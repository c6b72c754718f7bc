import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { t } from "../src/i18n/index.js";
import { artifactPath, DESKTOP, openLobby, PHONE, serverAndBrowser, waitFor } from "./harness.js";

const running = serverAndBrowser();

/** The element's box on the page, scrolled or not (null when it is not shown). */
async function box(page: Page, selector: string): Promise<{ x: number; y: number; width: number; height: number }> {
  const b = await page.locator(selector).first().boundingBox();
  if (b === null) throw new Error(`${selector} is not shown`);
  return b;
}

/** Waits for the parts that arrive after the first paint: the profile, the online count. */
async function settled(page: Page): Promise<void> {
  await page.locator("#duel-rating").waitFor({ state: "attached" });
  await expect.poll(() => page.locator("#online-count").textContent()).toMatch(/\d/);
  await page.locator("#puzzle-rating").waitFor({ state: "attached" });
}

describe("the front page at a glance", () => {
  it("at 1366×768 shows every way to play, the live part, the puzzle and the player's own box without scrolling", async () => {
    const page = await openLobby(running.browser, running.server, DESKTOP);
    await settled(page);
    const glance = [
      "#play-computer",
      "#players",
      "#level",
      "#quick-match",
      "#private-table",
      "#code",
      "#online-count",
      "#seeks-title",
      "#live-now h2",
      "#watch-tv",
      "#puzzle-daily",
      "#duel-rating",
      "#multi-rating",
      "#record",
      "#puzzle-rating", // the puzzle rating and best streak
      "#open-history",
    ];
    for (const selector of glance) {
      const b = await box(page, selector);
      expect(b.y, selector).toBeGreaterThanOrEqual(0);
      expect(b.y + b.height, selector).toBeLessThanOrEqual(768);
      expect(b.x + b.width, selector).toBeLessThanOrEqual(1366);
    }
    expect(await page.locator("#lobby").evaluate((n) => n.scrollTop)).toBe(0);
    expect(await page.locator(".lobby-tabs").isVisible()).toBe(false); // a desktop shows every part at once
    await page.screenshot({ path: artifactPath("front-page-desktop.png") });
    await page.context().close();
  });

  it("at 390×844 shows play first and every other part one tap away, within one scroll", async () => {
    const page = await openLobby(running.browser, running.server, PHONE);
    await settled(page);
    for (const selector of ["#play-computer", "#quick-match", "#private-table", "#lobby-tab-live"]) {
      const b = await box(page, selector);
      expect(b.y + b.height, selector).toBeLessThanOrEqual(844);
    }
    await page.screenshot({ path: artifactPath("front-page-phone.png") });
    expect(await page.locator("#open-history").isVisible()).toBe(true); // the player's own box is the first tab
    const parts = { live: "#watch-tv", puzzles: "#puzzle-daily", you: "#open-history" } as const;
    for (const tab of Object.keys(parts)) {
      await page.locator(`#lobby-tab-${tab}`).click();
      expect(await page.locator(`#lobby-tab-${tab}`).getAttribute("aria-selected")).toBe("true");
      for (const [other, hidden] of Object.entries(parts))
        expect(await page.locator(hidden).isVisible(), `${hidden} with ${tab}`).toBe(other === tab);
      // The whole lobby with this part ends within two screens: at most one scroll from the top.
      const end = await page.locator("#lobby").evaluate((n) => n.scrollHeight);
      expect(end, tab).toBeLessThanOrEqual(2 * 844);
      await page.screenshot({ path: artifactPath(`front-page-phone-${tab}.png`) });
    }
    await page.context().close();
  });

  it("remembers the players, the level and the table size across visits", async () => {
    const page = await openLobby(running.browser, running.server, DESKTOP);
    await page.selectOption("#players", "3");
    await page.selectOption("#level", "hard");
    await page.reload();
    await page.locator("#play-computer").waitFor();
    expect(await page.locator("#players").inputValue()).toBe("3");
    expect(await page.locator("#level").inputValue()).toBe("hard");
    await page.context().close();
  });

  it("selects no text when a control is double-clicked", async () => {
    const page = await openLobby(running.browser, running.server, DESKTOP);
    await page.locator("#lobby label.check", { hasText: "Four-colour deck" }).dblclick(); // ticks and unticks: nothing else
    await page.locator("#players").dblclick();
    await page.keyboard.press("Escape");
    expect(await page.evaluate(() => getSelection()?.toString() ?? "")).toBe("");
    await page.context().close();
  });

  it("a double-click on Quick match takes one seat, and the page sits at it", async () => {
    const page = await openLobby(running.browser, running.server, DESKTOP);
    await page.click("#reduced-motion");
    await page.locator("#quick-match").dblclick();
    // The table fills with the computer after the fill time; one seat of it is a person's, and it is this page's.
    const s = await waitFor(
      page,
      (x) => x.view !== null && x.view.phase !== "waiting" && x.view.mySeat >= 0,
      "the table filled",
    );
    expect(s.view!.seats.filter((seat) => !seat.isAI)).toHaveLength(1);
    expect(s.view!.seats[0]!.isMe).toBe(true);
    expect(await page.locator("#table").isVisible()).toBe(true);
    expect((await page.locator("#toast").textContent()) ?? "").not.toContain(t("en", "errAlreadySeated"));
    await page.context().close();
  });
});
