import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { clickAMove, DESKTOP, openLobby, PHONE, playToResult, serverAndBrowser, waitFor } from "./harness.js";

const running = serverAndBrowser();

/** axe-core's serious and critical violations on the page as it is now, one line each. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Ids used more than once in the document. */
function duplicateIds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seen = new Map<string, number>();
    for (const node of document.querySelectorAll("[id]")) seen.set(node.id, (seen.get(node.id) ?? 0) + 1);
    return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
  });
}

async function checked(page: Page, where: string): Promise<void> {
  expect(await violations(page), where).toEqual([]);
  expect(await duplicateIds(page), where).toEqual([]);
}

describe("accessibility: no serious or critical axe-core violation, and unique ids, on every page", () => {
  for (const [size, options] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    it(`${size}: the lobby, its pages, a table, a puzzle and a replay`, async () => {
      const page = await openLobby(running.browser, running.server, options);
      await page.locator("#duel-rating").waitFor({ state: "attached" });
      await checked(page, "the lobby");
      for (const tab of ["live", "puzzles"]) {
        await page
          .locator(`#lobby-tab-${tab}`)
          .click({ force: size === "desktop" })
          .catch(() => {}); // the tabs are a phone's
        await checked(page, `the lobby's ${tab}`);
      }
      if (size === "phone") await page.locator("#lobby-tab-you").click();

      for (const [opener, back, name] of [
        ["#open-rules", "#rules-back", "the rules"],
        ["#open-history", "#page-back", "My games"],
        ["#open-leaderboard", "#page-back", "the leaderboard"],
        ["#open-sign-in", "#sign-in-handle", "the sign-in page"],
      ] as const) {
        await page.click(opener);
        await page.locator(back).waitFor();
        await checked(page, name);
        await page.click("#page-back, #rules-back");
        await page.locator("#play-computer").waitFor();
      }
      await page.click("#open-sign-in");
      await page.click("#sign-in-mode-link");
      await page.locator("#link-qr").waitFor();
      await checked(page, "the sign-in page's device link");
      await page.click("#page-back");
      await page.locator("#play-computer").waitFor();

      // A table against the computer, played to its result; then its replay with the review.
      await page.click("#reduced-motion");
      await page.click("#play-computer");
      await waitFor(page, (s) => s.view?.prompt === "chooseTrump" && s.layout !== null, "the trump choice");
      await checked(page, "the trump choice");
      await clickAMove(page);
      await waitFor(page, (s) => s.view?.phase === "playing" && s.idle, "the hand under way");
      await checked(page, "the table");
      await page.click("#settings-toggle");
      await checked(page, "the table's ⚙ menu");
      await page.click("#settings-toggle");
      await playToResult([page]);
      const over = await waitFor(page, (s) => s.view?.phase === "over" && s.idle, "the result");
      await checked(page, "the result");

      // The hand's replay (kept in the page), with its review.
      await page.goto(`${running.server.url}/?game=${over.view!.handId}&review=1`);
      await page.locator("#moves").waitFor();
      await checked(page, "the replay");

      // A puzzle, then the replay of a hand kept in the page.
      await page.goto(`${running.server.url}/?puzzle=daily`);
      await page.locator("#puzzle-goal").waitFor();
      await checked(page, "a puzzle");
      await page.context().close();
    }, 240_000);
  }
});
