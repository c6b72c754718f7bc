import { dailyPuzzle, parsePuzzleLine, utcDate } from "@yourtrumps/ai";
import { SHIPPED_PUZZLES } from "@yourtrumps/ai/puzzles/shipped";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { t } from "../src/i18n/index.js";
import { keyMoves, wrongMove } from "../src/puzzle/puzzle-fixtures.js";
import {
  artifactPath,
  DESKTOP,
  offlineOnceCached,
  openLobby,
  serverAndBrowser,
  spoken,
  waitFor,
  type RunningServer,
} from "./harness.js";
import { keyMove, myTurn, solve, verdict } from "./puzzle-keys.js";
import type { Browser } from "playwright-core";

const running = serverAndBrowser();
const shipped = SHIPPED_PUZZLES.split("\n").map(parsePuzzleLine);
const twoSteps = shipped.filter((p) => keyMoves(p).length >= 2);

/** A new context on the puzzle page `?puzzle=<which>`, once the first move can be made. */
async function openPuzzle(browser: Browser, server: RunningServer, which: string): Promise<Page> {
  const context = await browser.newContext({ ...DESKTOP, locale: "en-GB" });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await page.goto(`${server.url}/?puzzle=${which}`);
  await myTurn(page);
  return page;
}

describe("the puzzle page", () => {
  it("shows a shipped puzzle on the table, is solved by keys alone, and with an identity posts the attempt and shows the rating change", async () => {
    const p = twoSteps[0]!;
    const page = await openPuzzle(running.browser, running.server, p.id);
    const attempts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === `/api/puzzles/${p.id}/attempts`)
        attempts.push(r.postData() ?? "");
    });
    expect(await page.locator("#puzzle-goal").textContent()).toContain(
      t("en", p.goal === "win" ? "puzzleGoalWin" : "puzzleGoalDraw"),
    );
    expect(await page.locator("#puzzle-facts").textContent()).toContain(
      t("en", "puzzleRatingIs", { rating: p.rating }),
    );
    const s = await waitFor(page, (x) => x.view !== null, "the view");
    expect(s.view!.seats.find((seat) => !seat.isMe)!.shown).not.toBeNull(); // the defence's cards face up
    await page.screenshot({ path: artifactPath("puzzle-desktop.png") });
    await solve(page, p);
    expect(await page.locator("#puzzle-next").isVisible()).toBe(true);
    await expect
      .poll(() => page.locator("#puzzle-rating").textContent(), { timeout: 15_000 })
      .toMatch(/^Your puzzle rating: 1500 → \d+$/);
    expect(attempts).toHaveLength(1);
    expect(JSON.parse(attempts[0]!)).toEqual({ moves: keyMoves(p), result: "solved" });
    expect(await page.locator("#puzzle-rating").textContent()).not.toBe("Your puzzle rating: 1500 → 1500");
    await page.context().close();
  });

  it("plays out a wrong move's refutation, then offers Try again, Show the solution and Next as buttons; Try again starts over", async () => {
    const p = twoSteps[1]!;
    const page = await openPuzzle(running.browser, running.server, p.id);
    const start = await waitFor(page, (x) => x.view !== null, "the view");
    await keyMove(page, wrongMove(p));
    await expect.poll(() => verdict(page)).toBe(t("en", "puzzleWrong"));
    const wrongSeq = (await waitFor(page, (x) => x.view!.seq > start.view!.seq, "the wrong move")).view!.seq;
    await page.locator("#puzzle-retry").waitFor({ timeout: 30_000 });
    expect(await verdict(page)).toBe(t("en", "puzzleRefuted"));
    expect((await waitFor(page, (x) => x.idle, "the table still")).view!.seq).toBeGreaterThan(wrongSeq); // the refutation's moves were played
    for (const id of ["#puzzle-retry", "#puzzle-solution", "#puzzle-next"])
      expect(await page.locator(id).isVisible()).toBe(true);
    expect(await spoken(page)).toContain(t("en", "puzzleChoices"));
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("puzzle-retry"); // the first choice has the focus
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("puzzle-solution");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter"); // Try again
    await expect.poll(() => verdict(page)).toBe(t("en", "puzzleYourMove"));
    const again = await waitFor(page, (x) => (x.view?.myTurn ?? false) && x.idle, "the start again");
    expect(again.view!.pile).toEqual(start.view!.pile);
    await solve(page, p); // a retry can still be solved (only the first try is rated)
    await page.context().close();
  });

  it("opens the daily puzzle from the lobby, the same one the shipped set names for today", async () => {
    const page = await openLobby(running.browser, running.server, DESKTOP);
    const daily = dailyPuzzle(shipped, utcDate(new Date()))!;
    const words = t("en", "puzzleDailyIs", {
      goal: t("en", daily.goal === "win" ? "puzzleGoalWin" : "puzzleGoalDraw"),
      rating: daily.rating,
    });
    await expect.poll(() => page.locator("#puzzle-daily").textContent()).toBe(words);
    await page.click("#puzzle-daily");
    await myTurn(page);
    expect(await page.locator("#puzzle-goal").textContent()).toContain(t("en", "puzzleDaily"));
    expect(new URL(page.url()).search).toBe("?puzzle=daily");
    const s = await waitFor(page, (x) => x.view !== null, "the view");
    expect(s.view!.pile).toEqual(daily.position.pile);
    await page.context().close();
  });

  it("offline, the page's own cache still serves a shipped puzzle, unrated", async () => {
    const p = twoSteps[2]!;
    const { page, url } = await offlineOnceCached(running.browser, DESKTOP);
    await page.goto(`${url}/?puzzle=${p.id}`);
    await myTurn(page);
    expect(await page.locator("#puzzle-rating").textContent()).toBe(t("en", "puzzleUnrated"));
    await solve(page, p);
    await page.context().close();
  });
});
