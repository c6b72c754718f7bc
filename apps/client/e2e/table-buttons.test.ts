import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { t } from "../src/i18n/index.js";
import type { ButtonId } from "../src/model/layout.js";
import { clickAMove, DESKTOP, inspect, mayAct, openLobby, serverAndBrowser, waitFor } from "./harness.js";

/**
 * The table's buttons as the keyboard and a screen reader meet them: real DOM buttons over
 * the canvas, reached by Tab, announced by name, pressed by Enter — doing what the canvas
 * button does — and kept (one element per id) while the layout moves them.
 */
const running = serverAndBrowser();

/** The accessible name and state of the focused element. */
function focused(page: Page): Promise<{ button: string | null; name: string | null; pressed: string | null }> {
  return page.evaluate(() => {
    const a = document.activeElement;
    return {
      button: a?.getAttribute("data-button") ?? null,
      name: a?.getAttribute("aria-label") ?? null,
      pressed: a?.getAttribute("aria-pressed") ?? null,
    };
  });
}

/** Presses Tab until the button `id` has the focus (at most 12 times); the names Tab met on the way. */
async function tabTo(page: Page, id: ButtonId): Promise<string[]> {
  const met: string[] = [];
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    const f = await focused(page);
    if (f.name) met.push(f.name);
    if (f.button === id) return met;
  }
  throw new Error(`Tab never reached ${id}; met ${met.join(", ")}`);
}

/** Each DOM button's id and rectangle, as the page placed them. */
function domButtons(page: Page): Promise<{ id: string; x: number; y: number; w: number; h: number }[]> {
  return page.locator("#table button.canvas-button").evaluateAll((nodes) =>
    nodes.map((n) => {
      const r = n.getBoundingClientRect();
      return { id: n.getAttribute("data-button") ?? "", x: r.x, y: r.y, w: r.width, h: r.height };
    }),
  );
}

describe("the table's buttons in the DOM", () => {
  it("are reached by Tab and announced, lie on the drawn buttons after each change, and Enter presses them: a trump, Pick up, Rematch", async () => {
    const page = await openLobby(running.browser, running.server, DESKTOP);
    await page.selectOption("#level", "easy");
    await page.click("#play-computer");
    const choosing = await waitFor(
      page,
      (s) => s.view?.prompt === "chooseTrump" && s.layout !== null,
      "the trump choice",
    );
    // One DOM button per drawn button, on its rectangle, named in words.
    const expectOnLayout = async () => {
      const layout = (await inspect(page)).layout!;
      const px = (b: { id: string; x: number; y: number; w: number; h: number }) => ({
        id: b.id,
        x: Math.round(b.x),
        y: Math.round(b.y),
        w: Math.round(b.w),
        h: Math.round(b.h),
      }); // the page lays boxes on a 1/64 px grid
      const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
      expect((await domButtons(page)).map(px).sort(byId)).toEqual(layout.buttons.map(px).sort(byId));
    };
    await expectOnLayout();
    expect(choosing.layout!.buttons.map((b) => b.id)).toContain("trump-H");
    expect(await page.getByRole("button", { name: t("en", "suitH"), exact: true }).count()).toBe(1);
    await tabTo(page, "trump-H");
    await page.keyboard.press("Enter");
    const dealt = await waitFor(page, (s) => s.view?.phase === "playing", "the deal");
    expect(dealt.view!.seats.find((s) => s.isMe)?.trump).toBe("H");

    // Play by clicks until Pick up is offered on the player's turn; then Tab to it and press Enter.
    let offer = await inspect(page);
    for (let i = 0; i < 400 && !(offer.view?.myTurn && offer.view.pickup); i++) {
      const seq = offer.view?.seq ?? -1;
      if (offer.view?.myTurn && (await clickAMove(page)))
        await waitFor(page, (s) => (s.view?.seq ?? -1) !== seq, "the move to land");
      offer = await waitFor(page, (s) => (s.view?.myTurn ?? false) || s.view?.phase === "over", "my turn");
    }
    expect(offer.view?.pickup).toBeTruthy();
    offer = await waitFor(page, (s) => s.idle, "the cards to land");
    await expectOnLayout();
    const hint = page.locator('#table [data-button="hint"]');
    expect(await hint.getAttribute("aria-label")).toBe(t("en", "hint"));
    await hint.evaluate((n) => ((window as unknown as { keptHint: Element }).keptHint = n));
    // A resize moves the buttons: the same elements, on the new rectangles.
    await page.setViewportSize({ width: 1100, height: 700 });
    await waitFor(page, (s) => s.layout?.width === 1100, "the new layout");
    await expectOnLayout();
    expect(await hint.evaluate((n) => n === (window as unknown as { keptHint: Element }).keptHint)).toBe(true);
    await tabTo(page, "hint");
    await page.keyboard.press("Tab"); // the reading order: Hint (left), then Pick up (right)
    const pickupName = offer.view!.pickup!.wholePile
      ? t("en", "pickupAll")
      : t("en", "pickup", { n: offer.view!.pickup!.count });
    expect((await focused(page)).name).toBe(pickupName);
    const before = offer.view!.hand.length;
    await page.keyboard.press("Enter");
    await waitFor(
      page,
      (s) => (s.view?.seq ?? 0) > offer.view!.seq && s.view?.hand.length === before + offer.view!.pickup!.count,
      "the pickup",
    );

    // To the result by clicks; then the result's buttons, the legend of ✓, and Rematch by Enter.
    const end = Date.now() + 150_000;
    for (;;) {
      const s = await waitFor(page, (x) => mayAct(x) || (x.view?.phase === "over" && x.idle), "my move or the result");
      if (s.view?.phase === "over" && s.idle) break;
      if (Date.now() > end) throw new Error("the hand did not finish");
      const seq = s.view?.seq ?? -1;
      if (await clickAMove(page)) await waitFor(page, (x) => (x.view?.seq ?? -1) !== seq, "the move to land");
    }
    const over = await inspect(page);
    await expectOnLayout();
    expect(await page.getByRole("button", { name: t("en", "rematch"), exact: true }).getAttribute("aria-pressed")).toBe(
      "false",
    );
    expect(await page.getByRole("button", { name: t("en", "backToLobby"), exact: true }).count()).toBe(1);
    expect(await page.getByRole("button", { name: t("en", "review"), exact: true }).count()).toBe(1);
    expect(await page.locator("#rematch-legend").isVisible()).toBe(true);
    expect(await page.textContent("#rematch-legend")).toBe(t("en", "rematchLegend"));
    await tabTo(page, "rematch");
    await page.keyboard.press("Enter");
    const again = await waitFor(
      page,
      (s) => s.view?.phase !== "over" && s.view?.handId !== over.view!.handId,
      "the rematch",
    );
    expect(again.view).not.toBeNull();
    expect(await page.locator("#rematch-legend").isHidden()).toBe(true);
    expect((await domButtons(page)).map((b) => b.id)).not.toContain("rematch");
    await page.context().close();
  }, 300_000);
});
