import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { suitName, t } from "../src/i18n/index.js";
import { trumpButtonSuit } from "../src/model/layout.js";
import { artifactPath, DESKTOP, openLobby, serverAndBrowser, spoken, waitFor, watchServer } from "./harness.js";

/**
 * A keyboard-only player: from the lobby to the result of a whole hand against the
 * computer with `page.keyboard` alone — no mouse, no clicks. The test hook only reports
 * state; every choice is a key press.
 */
const running = serverAndBrowser(); // computer tables have no clock; the computer answers after 30 ms

/** Presses `key` (Tab or Shift+Tab) until the element with `id` has the focus. */
async function focusBy(page: Page, key: "Tab" | "Shift+Tab", id: string): Promise<void> {
  for (let presses = 0; presses < 30; presses++) {
    if ((await page.evaluate(() => document.activeElement?.id)) === id) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached #${id}`);
}

describe("keyboard only", () => {
  it("plays a whole hand against the computer from the lobby: Tab and Enter, the trump by keys, every move by ←/→, Enter and P", async () => {
    const page = await openLobby(running.browser, running.server, DESKTOP);
    const server = watchServer(page); // the computer's table lives in the page: no table on the server

    // The lobby: reduced motion (Space on the box), the easy level (↑ from medium), then Play the computer.
    await focusBy(page, "Tab", "reduced-motion");
    await page.keyboard.press("Space");
    expect(await page.isChecked("#reduced-motion")).toBe(true);
    await focusBy(page, "Shift+Tab", "level");
    await page.keyboard.press("ArrowUp");
    expect(await page.inputValue("#level")).toBe("easy");
    await focusBy(page, "Tab", "play-computer");
    await page.keyboard.press("Enter");

    // The trump: the keys are announced, the first free suit is highlighted from the start, → moves the
    // highlight to the next and says its name, Enter takes it.
    const choosing = await waitFor(
      page,
      (s) => s.view?.prompt === "chooseTrump" && s.layout !== null,
      "the trump choice",
    );
    expect(choosing.layout!.buttons.filter((b) => b.focused).map((b) => trumpButtonSuit(b.id))).toEqual([
      choosing.view?.freeSuits[0],
    ]);
    await expect
      .poll(async () => (await spoken(page)).some((l) => l.startsWith("Keys: ←/→ to pick a suit")))
      .toBe(true);
    expect(await spoken(page)).toContain(t("en", "chooseTrump"));
    await page.keyboard.press("ArrowRight");
    const highlighted = await waitFor(
      page,
      (s) => s.layout?.buttons.some((b) => b.focused && trumpButtonSuit(b.id) !== choosing.view?.freeSuits[0]) ?? false,
      "the next trump button highlighted",
    );
    const suit = trumpButtonSuit(highlighted.layout!.buttons.find((b) => b.focused)!.id);
    if (suit === null) throw new Error("the highlighted button is not a trump button");
    expect(suit).toBe(highlighted.view?.freeSuits[1]);
    expect((await spoken(page)).at(-1)).toBe(suitName("en", suit));
    await page.screenshot({ path: artifactPath("keyboard-trump-desktop.png") });
    await page.keyboard.press("Enter");
    await waitFor(page, (s) => s.view?.myTrump === suit, "my trump");
    await expect
      .poll(async () => (await spoken(page)).includes(t("en", "saidTrumpTaken", { suit: suitName("en", suit) })))
      .toBe(true);

    // Every move by keys: → chooses the first legal card and Enter plays it; P picks up when no card may be played.
    let moves = 0;
    const end = Date.now() + 150_000;
    for (;;) {
      const s = await waitFor(
        page,
        (x) => x.view?.phase === "over" || (x.view?.myTurn ?? false),
        "my turn or the result",
        30_000,
      );
      if (s.view?.phase === "over") break;
      if (Date.now() > end) throw new Error("the hand did not finish in time");
      const seq = s.view?.seq;
      if (s.view?.hand.some((h) => h.legal)) {
        await page.keyboard.press("ArrowRight");
        await page.keyboard.press("Enter");
      } else await page.keyboard.press("p");
      await waitFor(page, (x) => x.view?.seq !== seq || x.view?.phase === "over", "the keyboard move to land", 15_000);
      moves++;
    }

    // The result is shown (panel and buttons) and said.
    const over = await waitFor(page, (s) => s.view?.phase === "over" && s.view.result !== null, "the result");
    expect(moves).toBeGreaterThan(0);
    expect(over.layout?.buttons.map((b) => b.id)).toEqual(["rematch", "lobby", "review"]);
    const lines = await spoken(page);
    expect(lines.some((l) => /You (won|lost)|Draw/.test(l))).toBe(true);
    expect(server).toEqual({ sockets: 0, matchmaking: 0 });
    await page.screenshot({ path: artifactPath("keyboard-result-desktop.png") });
    // R opens the hand's replay with its review, and the keys step through it.
    await page.keyboard.press("r");
    await page.waitForURL(
      (url) => url.searchParams.get("game") === over.view?.handId && url.searchParams.get("review") === "1",
    );
    await page.locator("#moves > li").first().waitFor();
    await page.keyboard.press("End");
    await expect
      .poll(async () => page.getAttribute("#moves > li:last-child", "aria-current"), { timeout: 15_000 })
      .toBe("step"); // the replay page loads the record and its worker first
    await page.context().close();
  }, 200_000);
});
