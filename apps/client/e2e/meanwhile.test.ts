/**
 * Playing the computer while a quick-match seek waits, in two real browsers against a
 * real server: page A opens a seek, presses "Play the computer meanwhile" and makes a
 * move in the local game; page B sees A's seek in its lobby and sits down; A hears it,
 * sees the offer and plays — both make a move at the table — and A's lobby then offers
 * to resume the local game, which resumes where it was. Declining instead releases B's
 * seat (B is told, back in the lobby, where the seek is listed again) and A's local
 * game goes on.
 */
import { describe, expect, it, vi } from "vitest";
import { ColyseusSDK } from "@colyseus/sdk";
import type { Page } from "playwright-core";
import { t } from "../src/i18n/index.js";
import {
  DESKTOP,
  clickAMove,
  inspect,
  openLobby,
  pickTrump,
  serverAndBrowser,
  waitFor,
  type Inspect,
} from "./harness.js";

const FILL_AFTER_SECONDS = 6;
const env = serverAndBrowser({ FILL_AFTER_SECONDS: String(FILL_AFTER_SECONDS) }); // a wait the test outlasts: the hold, not the wait, keeps A's seat from a computer

/** A lobby whose identity is confirmed, named `name`, motion reduced. */
async function lobbyAs(name: string): Promise<Page> {
  const page = await openLobby(env.browser, env.server, DESKTOP);
  await page.locator("#open-leaderboard").waitFor(); // the identity is confirmed: the name goes to the server
  await page.fill("#name", name);
  await page.press("#name", "Tab");
  await page.click("#reduced-motion");
  return page;
}

/**
 * Resolves once a quick table for three, opened now, has been filled by computers (no one else
 * sits at a table for three here): by then a seek opened before it has passed its fill wait too.
 */
async function laterSeekFilled(): Promise<void> {
  const control = await new ColyseusSDK(env.server.url).create("table", { mode: "quick", players: 3, name: "Control" });
  await vi.waitFor(() => expect(["choosing", "playing"]).toContain((control.state as { phase?: string }).phase), {
    timeout: (FILL_AFTER_SECONDS + 15) * 1000,
    interval: 100,
  });
  await control.leave();
}

/** One move of this page's seat (a trump first, if still to choose); resolves with the state once it landed. */
async function oneMove(page: Page): Promise<Inspect> {
  await pickTrump(page);
  const before = (await inspect(page)).view?.seq ?? -1;
  const end = Date.now() + 30_000;
  while (Date.now() < end) {
    const s = await waitFor(page, (x) => x.view?.phase === "playing" && x.view.myTurn, "my turn", end - Date.now());
    if (s.view?.phase === "playing" && s.view.myTurn && (await clickAMove(page)))
      return waitFor(page, (x) => (x.view?.seq ?? -1) > before, "my move landed", 15_000);
  }
  throw new Error("no move of mine within 30 s");
}

/** A opens a seek and plays the computer meanwhile, one move made; B sits down at the seek from its lobby. */
async function seekAndSit(seekerName: string, comerName: string): Promise<{ a: Page; b: Page; localSeq: number }> {
  const a = await lobbyAs(seekerName);
  const b = await lobbyAs(comerName);
  await a.click("#quick-match");
  await waitFor(
    a,
    (s) => s.view?.mode === "quick" && s.view.phase === "waiting" && s.view.mySeat >= 0,
    "A waiting at the seek",
  );
  const laterFill = laterSeekFilled();
  laterFill.catch(() => {}); // awaited below, once A is playing the computer
  const meanwhile = a.locator("#play-meanwhile");
  await meanwhile.focus(); // in the Tab order: a DOM button
  await a.keyboard.press("Enter");
  await waitFor(a, (s) => s.view?.mode === "computer", "A's local game");
  const local = await oneMove(a);
  // B sits after A's seek has passed its fill wait (FILL_AFTER_SECONDS): the offer A then gets proves the hold kept the seat.
  await laterFill;
  const seek = b.locator("#seeks li", { hasText: seekerName });
  await seek.waitFor({ timeout: 15_000 });
  await seek.locator("button.sit").click();
  await waitFor(b, (s) => s.view?.mode === "quick" && s.view.mySeat >= 0, "B seated");
  return { a, b, localSeq: local.view!.seq };
}

describe("playing the computer meanwhile", () => {
  it("the offer taken: both play at the table, and A's lobby resumes the local game where it was", async () => {
    const { a, b, localSeq } = await seekAndSit("Waiter", "Comer");
    const offer = a.locator("#seat-offer");
    await offer.waitFor({ timeout: 10_000 });
    expect(await offer.textContent()).toContain(t("en", "seatOffer", { name: "Comer" }));
    expect(await offer.getAttribute("role")).toBe("alertdialog");
    expect(await a.evaluate(() => document.activeElement?.id)).toBe("offer-play");
    expect(await a.evaluate(() => (window as unknown as { __yt: { sounds(): string[] } }).__yt.sounds())).toContain(
      "seated",
    );
    expect(await b.evaluate(() => document.getElementById("seat-offer"))).toBeNull();
    await a.click("#offer-play");
    const atTable = (page: Page) =>
      waitFor(
        page,
        (s) =>
          s.view?.mode === "quick" &&
          s.view.phase !== "waiting" &&
          s.view.seats.filter((x) => !x.isAI && x.name !== "").length === 2,
        "both at the table",
        20_000,
      );
    const [x, y] = [await atTable(a), await atTable(b)];
    expect(x.view?.seats.map((s) => s.name).sort()).toEqual(["Comer", "Waiter"]);
    expect(y.view?.mySeat).toBeGreaterThanOrEqual(0);
    await pickTrump(a);
    await pickTrump(b);
    // Both make a move at the table (whoever is to move first).
    const moved = new Set<Page>();
    const end = Date.now() + 60_000;
    while (moved.size < 2 && Date.now() < end) {
      await vi.waitFor(
        async () => {
          for (const page of [a, b]) if (!moved.has(page) && (await inspect(page)).view?.myTurn) return;
          throw new Error("nobody to move at the table");
        },
        { timeout: Math.max(end - Date.now(), 1), interval: 50 },
      );
      for (const page of [a, b]) {
        const s = await inspect(page);
        if (moved.has(page) || !s.view?.myTurn) continue;
        const seq = s.view.seq;
        if (await clickAMove(page)) {
          await waitFor(page, (v) => (v.view?.seq ?? -1) > seq, "the move at the table", 15_000);
          moved.add(page);
        }
      }
    }
    expect(moved.size).toBe(2);

    // A leaves the table (confirming, as one leaving people mid-hand is asked): the lobby offers the local game set aside, and it resumes as it was.
    a.once("dialog", (dialog) => void dialog.accept());
    await a.click("#settings-toggle");
    await a.click("#leave");
    const resume = a.locator("#resume-local");
    await resume.waitFor();
    expect(await resume.textContent()).toBe(t("en", "resumeLocal"));
    await resume.click();
    const back = await waitFor(a, (s) => s.view?.mode === "computer", "the local game again");
    expect(back.view!.seq).toBeGreaterThanOrEqual(localSeq);
    await a.context().close();
    await b.context().close();
  }, 240_000);

  it("declined: B's seat is released and B is told; the seek is listed again; A's local game goes on", async () => {
    const { a, b } = await seekAndSit("Holder", "Visitor");
    await a.locator("#seat-offer").waitFor({ timeout: 10_000 });
    await a.click("#offer-decline");
    await b.locator("#toast", { hasText: t("en", "seatReleased") }).waitFor({ timeout: 10_000 });
    await b.locator("#play-computer").waitFor(); // B is in the lobby again
    await b.locator("#seeks li", { hasText: "Holder" }).waitFor({ timeout: 15_000 }); // the seek is still open
    expect(await a.locator("#seat-offer").count()).toBe(0);
    expect((await inspect(a)).view?.mode).toBe("computer");
    await oneMove(a); // the local game goes on
    await a.context().close();
    await b.context().close();
  }, 240_000);
});
