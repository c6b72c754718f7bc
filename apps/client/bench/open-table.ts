/** A page at the table, for the scene's benches (scene-bench.ts, scene-trace.ts, scene-profile.ts, heap-census.ts). */
import type { Browser, BrowserContextOptions, CDPSession, Page } from "playwright-core";
import { waitFor } from "../e2e/harness.js";

/** A new context's page at `url`'s lobby at `easy`, then *Play the computer* up to the trump choice: the table is up. */
export async function openTable(
  browser: Browser,
  url: string,
  options: BrowserContextOptions,
  throttle: number,
): Promise<{ page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ ...options, locale: "en-GB" });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
  await page.goto(url);
  await page.locator("#play-computer").waitFor();
  await page.selectOption("#level", "easy");
  await page.click("#play-computer");
  await waitFor(page, (s) => s.view?.prompt === "chooseTrump" && s.layout !== null, "the trump choice", 60_000);
  return { page, cdp };
}
