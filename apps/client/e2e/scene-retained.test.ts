import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Card } from "@yourtrumps/engine";
import type { SceneCounts, SceneFrames } from "../src/scene/scene-probe.js";
import {
  DESKTOP,
  inspect,
  myTurnWithACard,
  openLobby,
  playByKeys,
  serverAndBrowser,
  untilStill,
  waitFor,
} from "./harness.js";
import { canvasImage, differingPixels } from "./pixels.js";

/**
 * The table keeps its objects (scene/card-sprites.ts, kept-text.ts …): a key press or a
 * move changes properties of objects that exist, and a flight moves a card's own image.
 * Counted through the test hook's census of the scene (Phaser's own "added to scene"
 * event and every Text's canvas redraw), not through the scene's bookkeeping.
 */
const running = serverAndBrowser();

const counts = (page: Page): Promise<SceneCounts> =>
  page.evaluate(() => {
    const c = (window as unknown as { __yt: { scene(): SceneCounts | null } }).__yt.scene();
    if (!c) throw new Error("no table scene");
    return c;
  });

const frames = (page: Page): Promise<SceneFrames> =>
  page.evaluate(() => {
    const f = (window as unknown as { __yt: { frames(): SceneFrames | null } }).__yt.frames();
    if (!f) throw new Error("no table scene");
    return f;
  });

const sprite = (page: Page, card: Card): Promise<number | null> =>
  page.evaluate(
    (c) => (window as unknown as { __yt: { cardSprite(card: string): number | null } }).__yt.cardSprite(c),
    card,
  );

/** A local duel at easy, the trump taken by keys, up to my first turn with a card to play, the flights landed. */
async function dealtTable(page: Page): Promise<void> {
  await page.selectOption("#level", "easy");
  await page.click("#play-computer");
  await waitFor(page, (s) => s.view?.prompt === "chooseTrump" && s.layout !== null, "the trump choice");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await myTurnWithACard(page);
}

describe("the retained table scene", () => {
  it("a selection change creates no object and redraws no Text; a played card flies as its own image; a hand creates a few objects, not a table per move", async () => {
    const page = await openLobby(running.browser, running.server, DESKTOP);
    await dealtTable(page);

    // ←/→ only move and re-mark cards that exist.
    const before = await counts(page);
    for (const key of ["ArrowRight", "ArrowRight", "ArrowLeft", "ArrowRight"]) await page.keyboard.press(key);
    await expect
      .poll(async () => (await inspect(page)).layout?.hand.some((h) => h.selected) ?? false, { timeout: 10_000 })
      .toBe(true); // poll's 1 s default ran out once under the whole suite's load
    const selected = await counts(page);
    expect(selected.created).toBe(before.created);
    expect(selected.objects).toBe(before.objects);
    expect(selected.textRenders).toBe(before.textRenders);

    // The chosen card flies to the pile as the image it had in my hand; a card that stays keeps its image.
    const s = await inspect(page);
    const played = s.layout!.hand.find((h) => h.selected)!.card;
    const stays = s.layout!.hand.find((h) => h.card !== played)!.card;
    const [playedImage, staysImage] = [await sprite(page, played), await sprite(page, stays)];
    expect(playedImage).not.toBeNull();
    await page.keyboard.press("Enter");
    await waitFor(page, (x) => x.view?.pile.includes(played) ?? false, "the card on the pile");
    expect(await sprite(page, played)).toBe(playedImage); // in the air or landed: the same object
    await waitFor(page, (x) => x.idle, "the flight to land");
    // Unless the computer, 30 ms later, already took the pile into its hidden hand (then nothing shows the card).
    if ((await inspect(page)).view?.pile.includes(played)) expect(await sprite(page, played)).toBe(playedImage);
    if ((await inspect(page)).view?.hand.some((h) => h.card === stays))
      expect(await sprite(page, stays)).toBe(staysImage);

    // The rest of the hand by keys: objects are made only when a card or button first needs one.
    const dealt = await counts(page);
    const moves = await playByKeys(page);
    await waitFor(page, (x) => x.idle && (x.view?.result ?? null) !== null, "the result");
    const over = await counts(page);
    expect(moves).toBeGreaterThan(5);
    // Bounded by the deck, not by the moves: an image per card, the nine pieces of its marks, a
    // few backs, texts and buttons — where redrawing the table made well over a hundred per move.
    expect(over.created - dealt.created).toBeLessThan(36 * (1 + 9) + 24);
    // Texts: labels seen for the first time, each kept in a pool of a few strings (text-pool.ts) — the pile's count (8), the
    // opponent's plate's second line (6), the status line's (4 + 3), each button's (3: pick-up, hint, rematch, lobby, review).
    expect(over.texts - dealt.texts).toBeLessThanOrEqual(8 + 6 + 4 + 3 + 5 * 3);
    expect(over.objects).toBe(over.created - before.created + before.objects); // nothing was destroyed: every object is kept
    // Each move re-words a few labels (status, counts, the pick-up button), never the whole table.
    expect((over.textRenders - dealt.textRenders) / moves).toBeLessThan(8);
    await page.context().close();
  }, 120_000);

  it("frames that redraw only what changed — the moves' shows, the keys' selections, the flights — leave the same pixels as a whole frame", async () => {
    const page = await openLobby(running.browser, running.server, DESKTOP);
    await dealtTable(page);
    const before = await frames(page);
    // A few moves, each flight left to land: a show's frame redraws the boxes of what it changed (the hand, the plates, the
    // status line, the pile), a flight's frames the boxes it swept — none the whole table.
    for (let i = 0; i < 4; i++) {
      const s = await waitFor(
        page,
        (x) => x.view?.phase === "over" || ((x.view?.myTurn ?? false) && x.idle),
        "my turn, the table still",
      );
      if (s.view?.phase === "over") break;
      const seq = s.view?.seq;
      if (s.view?.hand.some((h) => h.legal)) {
        await page.keyboard.press("ArrowRight");
        await page.keyboard.press("Enter");
      } else await page.keyboard.press("p");
      await waitFor(page, (x) => x.view?.seq !== seq && x.idle, "the move's flight to land");
    }
    await waitFor(
      page,
      (x) => x.view?.phase === "over" || ((x.view?.myTurn ?? false) && x.idle),
      "the computer's answer landed",
    );
    await untilStill(page);
    const after = await frames(page);
    expect(after.partial).toBeGreaterThan(before.partial);
    // Eight shows at least (a selection and a move of mine, a move of the computer's, each time), and no frame of them whole
    // (a pickup of many cards may sweep most of the table, which one whole frame draws cheaper: one such, at most).
    expect(after.whole - before.whole).toBeLessThanOrEqual(1);
    const partly = await canvasImage(page);
    // A resize there and back redraws the same table whole.
    await page.setViewportSize({ width: 1200, height: 700 });
    await waitFor(page, (x) => x.layout?.width === 1200, "the smaller layout");
    const smaller = await untilStill(page, after);
    await page.setViewportSize(DESKTOP.viewport);
    await waitFor(page, (x) => x.layout?.width === DESKTOP.viewport.width, "the layout back");
    await untilStill(page, smaller);
    const whole = await canvasImage(page);
    expect(await differingPixels(page, partly, whole)).toBe(0);
    await page.context().close();
  }, 120_000);
});
