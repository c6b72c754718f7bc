import { judgeMove } from "@yourtrumps/ai";
import type { Page } from "playwright-core";
import { describe, expect, it, vi } from "vitest";
import { t } from "../src/i18n/index.js";
import { replayRecord } from "../src/replay/replay.js";
import { markOf } from "../src/replay/review-marks.js";
import { readGame, type GameRecord } from "../src/net/game-record.js";
import {
  artifactPath,
  clickAMove,
  clickCanvas,
  DESKTOP,
  inspect,
  openLobby,
  PHONE,
  playToResult,
  serverAndBrowser,
  spoken,
  waitFor,
  type Inspect,
} from "./harness.js";

/**
 * Replays and the post-game review in the browser, against a real server and its own
 * database: a duel against the computer played by clicks, the review opened from the
 * result panel, every move stepped through by keys with the analyser's marks in the move
 * list (the same marks the analyser gives here in node for the same record), the shared
 * `?game=` link in a fresh browser context (a phone) showing the same hand, and a
 * tampered record said to be damaged.
 */
const running = serverAndBrowser();

/** What the replay page's test hook adds to the table's. */
type ReplayInspect = Inspect & { index: number; judged: number };

function inspectReplay(page: Page): Promise<ReplayInspect> {
  return inspect(page) as Promise<ReplayInspect>;
}

async function recordOf(handId: string): Promise<GameRecord> {
  const response = await fetch(`${running.server.url}/api/games/${encodeURIComponent(handId)}`);
  const record = readGame(await response.json());
  if (!record) throw new Error("the record does not read");
  return record;
}

/** The marks the analyser gives each move of `record`, judged here in node exactly as the page's worker judges them. */
function expectedMarks(record: GameRecord): (string | null)[] {
  const r = replayRecord(record);
  if (!r.ok) throw new Error(JSON.stringify(r.failure));
  return record.log.map((move, index) => markOf(judgeMove(r.replay.positions[index]!, move, { seed: index })));
}

/** Every hand and the pile of the position shown, as plain sorted lists. */
function handsShown(s: Inspect): { mine: string[]; theirs: string[][]; pile: string[] } {
  const v = s.view!;
  return {
    mine: v.hand.map((h) => h.card).sort(),
    theirs: v.seats.filter((x) => !x.isMe).map((x) => (x.shown ?? []).slice().sort()),
    pile: v.pile,
  };
}

describe("replays and the review", () => {
  it("plays a duel, reviews it from the result panel, steps through every move by keys, and the shared link shows the same hand", async () => {
    const page = await openLobby(running.browser, running.server, DESKTOP);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.selectOption("#level", "easy");
    await page.click("#play-computer");
    await waitFor(page, (s) => s.view?.prompt === "chooseTrump" && s.layout !== null, "the trump choice");
    await clickAMove(page);
    await playToResult([page]);
    const over = await waitFor(
      page,
      (s) => s.view?.phase === "over" && s.idle && (s.layout?.buttons.some((b) => b.id === "review") ?? false),
      "the result with Review",
    );
    const handId = over.view!.handId;
    const review = over.layout!.buttons.find((b) => b.id === "review")!;
    await clickCanvas(page, review.x + review.w / 2, review.y + review.h / 2);

    // The replay page, the review started on arrival.
    await page.waitForURL((url) => url.searchParams.get("game") === handId && url.searchParams.get("review") === "1");
    await page.locator("#moves > li").first().waitFor();
    const record = await recordOf(handId);
    const moves = record.log.length;
    expect(moves).toBeGreaterThan(10);
    expect(await page.locator("#moves > li").count()).toBe(moves);
    await page.locator("#review-progress").waitFor();
    await expect.poll(() => page.textContent("#review-status"), { timeout: 90_000 }).toBe(t("en", "reviewDone"));
    expect(await page.getAttribute("#review-progress", "value")).toBe(String(moves));
    await page.screenshot({ path: artifactPath("replay-review-desktop.png") });

    // The marks the analyser gives, each in the list.
    const marks = expectedMarks(record);
    const shown = await page
      .locator("#moves > li")
      .evaluateAll((items) =>
        items.map((li) => ["inaccuracy", "mistake", "blunder"].find((m) => li.classList.contains(m)) ?? null),
      );
    marks.forEach((mark, i) => {
      if (mark !== null) expect(shown[i], `move ${i + 1}`).toBe(mark);
    });
    expect(await page.locator("#accuracy li").count()).toBe(2);
    expect(await page.textContent("#accuracy")).toMatch(/\d+% accuracy/);
    expect(await page.locator("#eval-graph polyline").count()).toBe(2);

    // Every move by keys, from the deal: the list follows, each step is said.
    await page.keyboard.press("Home");
    await expect.poll(async () => (await inspectReplay(page)).index).toBe(0);
    for (let i = 1; i <= moves; i++) {
      await page.keyboard.press("ArrowRight");
      await expect.poll(async () => (await inspectReplay(page)).index).toBe(i);
      expect(await page.getAttribute(`#moves > li:nth-child(${i})`, "aria-current")).toBe("step");
      expect((await spoken(page)).at(-1)).toContain(t("en", "moveOf", { i, n: moves }));
    }
    const end = await inspectReplay(page);
    expect(end.view?.seats.some((x) => x.count === 0)).toBe(true); // someone went out
    const last = handsShown(end);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(async () => (await inspectReplay(page)).index).toBe(moves - 1);
    await page.keyboard.press("End");
    await expect.poll(async () => (await inspectReplay(page)).index).toBe(moves);
    // A marked move shows its better card lifted on the table.
    const marked = marks.findIndex((m, i) => m !== null && record.log[i]!.type === "play");
    if (marked >= 0) {
      await page.locator(`#moves > li:nth-child(${marked + 1}) .move-text`).click();
      const s = await waitFor(page, (x) => (x as ReplayInspect).index === marked + 1, "the jump to the marked move");
      const lifted = [
        ...(s.layout?.hand.filter((h) => h.hinted) ?? []),
        ...(s.layout?.seats.filter((x) => x.hinted >= 0) ?? []),
      ];
      if (
        !(await page.textContent(`#moves > li:nth-child(${marked + 1})`))?.includes(
          t("en", "betterMove", { move: t("en", "pickUpMove") }),
        )
      )
        expect(lifted.length).toBe(1);
    }

    // The link, opened afresh by someone else (a phone): the same hand, move by move.
    const phone = await running.browser.newContext({ ...PHONE, locale: "en-GB" });
    const other = await phone.newPage();
    other.on("pageerror", (e) => errors.push(e.message));
    await other.goto(`${running.server.url}/?game=${encodeURIComponent(handId)}`);
    await other.locator("#moves > li").first().waitFor();
    expect(await other.locator("#moves > li").count()).toBe(moves);
    expect(await other.locator("#review-start").isVisible()).toBe(true); // no review until asked for
    await other.locator("#table canvas").waitFor();
    await other.keyboard.press("End");
    const theirEnd = await waitFor(other, (x) => (x as ReplayInspect).index === moves, "the end of the hand");
    const a = handsShown(theirEnd);
    expect([a.mine, ...a.theirs].sort()).toEqual([last.mine, ...last.theirs].sort());
    expect(a.pile).toEqual(last.pile);
    expect(await other.textContent("#replay-result")).toBe(await page.textContent("#replay-result"));
    await other.screenshot({ path: artifactPath("replay-phone.png") });
    await phone.close();
    expect(errors).toEqual([]);
    await page.context().close();
  }, 420_000);

  it("says a tampered record is damaged instead of showing a broken table, and an unknown id is not found", async () => {
    const page = await openLobby(running.browser, running.server, DESKTOP);
    await page.selectOption("#level", "easy");
    await page.click("#play-computer");
    await waitFor(page, (s) => s.view?.prompt === "chooseTrump" && s.layout !== null, "the trump choice");
    await clickAMove(page);
    await playToResult([page]);
    const handId = (await waitFor(page, (s) => s.view?.phase === "over", "the result")).view!.handId;
    await page.context().close();
    await vi.waitFor(() => recordOf(handId), { timeout: 10_000, interval: 250 });
    const body = (await (await fetch(`${running.server.url}/api/games/${encodeURIComponent(handId)}`)).json()) as {
      log: unknown[];
    };
    const log = body.log.slice();
    [log[1], log[2]] = [log[2], log[1]]; // two moves swapped: the second is no longer legal where it stands

    const context = await running.browser.newContext({ ...DESKTOP, locale: "en-GB" });
    const tampered = await context.newPage();
    await tampered.route("**/api/games/**", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ ...body, log }) }),
    );
    await tampered.goto(`${running.server.url}/?game=${encodeURIComponent(handId)}`);
    await tampered.locator("#replay-error[role=alert]").waitFor();
    expect(await tampered.textContent("#replay-error")).toMatch(/^This record is damaged: move \d+ is not legal there/);
    expect(await tampered.locator("#table").isHidden()).toBe(true);
    await tampered.unroute("**/api/games/**");

    const missing = await context.newPage();
    await missing.goto(`${running.server.url}/?game=no-such-hand`);
    await missing.locator("#replay-error[role=alert]").waitFor({ timeout: 20_000 });
    expect(await missing.textContent("#replay-error")).toBe(t("en", "replayNotFound"));
    await context.close();
  }, 200_000);
});
