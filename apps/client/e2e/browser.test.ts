import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { bn } from "../src/i18n/bn.js";
import { tr } from "../src/i18n/tr.js";
import {
  artifactPath,
  clickAMove,
  clickCanvas,
  DESKTOP,
  inspect,
  mayAct,
  openLobby,
  PHONE,
  pickTrump,
  playToResult,
  serverAndBrowser,
  spoken,
  waitFor,
} from "./harness.js";
import { distinctColours } from "./pixels.js";

/**
 * Browser tests: Debian Chromium (playwright-core) drives the e2e build of the client,
 * served by a real game server process. Every move is a click at a real canvas position
 * taken from the page's layout; the test hook only reports state.
 */
const running = serverAndBrowser({ TURN_SECONDS: "60" }); // human tables run a clock: the ring is drawn

function open(options: typeof PHONE | typeof DESKTOP, path = "/"): Promise<Page> {
  return openLobby(running.browser, running.server, options, path);
}

async function playComputer(page: Page): Promise<void> {
  await page.selectOption("#level", "easy");
  await page.click("#play-computer");
  await waitFor(page, (s) => s.view?.prompt === "chooseTrump" && s.layout !== null, "the trump choice");
  await clickAMove(page); // a trump button on the canvas
  await waitFor(page, (s) => (s.view?.myTrump ?? null) !== null, "my trump");
}

describe("browser", () => {
  it("plays a whole duel against the computer by clicking the canvas until the result shows", async () => {
    const page = await open(DESKTOP);
    await playComputer(page);
    // The hint button asks the computer's analyser; the answer is shown and spoken.
    const mine = await waitFor(
      page,
      (s) => (s.layout?.buttons.some((b) => b.id === "hint") ?? false) && s.view?.prompt !== "wait",
      "my first turn",
    );
    const hint = mine.layout!.buttons.find((b) => b.id === "hint")!;
    await clickCanvas(page, hint.x + hint.w / 2, hint.y + hint.h / 2);
    await expect
      .poll(async () => (await spoken(page)).some((l) => l.startsWith("Hint: ")), { timeout: 15_000 })
      .toBe(true);
    await playToResult([page]);
    const end = await waitFor(page, (s) => s.view?.phase === "over" && s.idle, "the result");
    expect(end.layout?.buttons.map((b) => b.id)).toEqual(["rematch", "lobby", "review"]);
    const lines = await spoken(page);
    expect(lines.some((l) => /You (won|lost)|Draw/.test(l))).toBe(true); // the result, in the live region
    expect(lines.some((l) => / plays | beats with /.test(l))).toBe(true); // every move is announced
    await page.screenshot({ path: artifactPath("duel-result-desktop.png") });
    // Rematch: the same seats, a new hand.
    const rematch = end.layout!.buttons.find((b) => b.id === "rematch")!;
    await clickCanvas(page, rematch.x + rematch.w / 2, rematch.y + rematch.h / 2);
    await waitFor(page, (s) => s.view?.phase === "choosing" || s.view?.phase === "playing", "the new hand");
    await page.context().close();
  });

  it("two players meet at a private table by code and by link, and play to the result", async () => {
    const host = await open(PHONE);
    await host.click("#reduced-motion"); // animation speed is not the point here
    await host.click("#private-table");
    const code = (await host.locator("#table-code").textContent())?.split(":").pop()?.trim() ?? "";
    expect(code).toMatch(/^[A-Z0-9]{4,}$/);
    const link = (await host.locator("#table-link").getAttribute("href")) ?? "";
    expect(link).toContain(`?table=${code}`);
    // The friend follows the link: the code is filled in, one click joins.
    const guest = await open(DESKTOP, `/?table=${code}`);
    expect(await guest.inputValue("#code")).toBe(code);
    await guest.click("#reduced-motion");
    await guest.click("#join");
    await waitFor(guest, (s) => s.view !== null && s.view.players === 2 && s.view.mySeat >= 0, "the guest seated");
    await host.locator("#banner").waitFor({ state: "hidden" });
    for (const page of [host, guest]) await pickTrump(page); // clicked again if the other player took that suit first
    const clocked = await waitFor(
      host,
      (s) => s.view?.phase === "playing" && s.view.seats.some((x) => x.deadline > 0),
      "a running turn clock",
    );
    expect(clocked.view?.seats.filter((x) => x.deadline > 0)).toHaveLength(1); // only the mover's clock runs
    await host.screenshot({ path: artifactPath("private-table-phone.png") });
    await playToResult([host, guest], 150_000, 0); // both beat whenever they can: a short hand
    const [a, b] = [await inspect(host), await inspect(guest)];
    expect(a.view?.result).toEqual(b.view?.result);
    expect(a.view?.mySeat).not.toBe(b.view?.mySeat);
    await host.context().close();
    await guest.context().close();
  }, 200_000);

  it("quick match: a lone player gets a computer opponent after the fill time, and can leave", async () => {
    const page = await open(PHONE);
    await page.click("#reduced-motion");
    await page.click("#quick-match");
    const seated = await waitFor(
      page,
      (s) => s.view !== null && s.view.seats.length === 2 && s.view.seats.some((x) => x.isAI),
      "a computer opponent",
      20_000,
    );
    expect(seated.view?.mode).toBe("quick");
    await page.click("#settings-toggle");
    await page.click("#leave");
    await page.locator("#play-computer").waitFor();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0); // no seat to come back to
    await page.context().close();
  });

  it("a reload mid-hand returns to the same seat with the same cards, and play carries on", async () => {
    const page = await open(PHONE);
    await page.click("#reduced-motion");
    await playComputer(page);
    for (let moves = 0; moves < 4;) {
      const before = await waitFor(page, mayAct, "my move");
      if (await clickAMove(page)) {
        moves++;
        await waitFor(
          page,
          (s) => s.view?.seq !== before.view?.seq || s.view?.prompt !== before.view?.prompt,
          "a move",
        );
      }
    }
    const mine = await waitFor(page, (s) => s.view?.phase === "playing" && s.view.myTurn, "my turn");
    await page.reload();
    const back = await waitFor(
      page,
      (s) => s.view?.phase === "playing" && s.view.hand.length > 0,
      "the table after reload",
    );
    expect(back.view?.mySeat).toBe(mine.view?.mySeat);
    expect(back.view?.hand.map((h) => h.card)).toEqual(mine.view?.hand.map((h) => h.card));
    expect(back.view?.pile).toEqual(mine.view?.pile);
    // Carry on with the keyboard: → chooses a legal card, Enter plays it (or P picks up).
    const seq = back.view?.seq;
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press(back.view?.hand.some((h) => h.legal) ? "Enter" : "p");
    await waitFor(page, (s) => s.view?.seq !== seq, "the keyboard move");
    // Drag a legal card onto the pile (picking up while only that is allowed).
    for (;;) {
      const s = await waitFor(
        page,
        (x) => x.view?.phase === "over" || (x.view?.legal.length ?? 0) > 0,
        "my turn to drag",
      );
      if (s.view?.phase === "over") break;
      const card = s.layout!.hand.find((h) => h.legal);
      if (!card) {
        await clickAMove(page);
        await waitFor(page, (x) => x.view?.seq !== s.view?.seq, "a pickup");
        continue;
      }
      const box = (await page.locator("#table canvas").boundingBox())!;
      // Dragged sideways and dropped back on the hand, a card is not played…
      await page.mouse.move(box.x + card.hit.x + card.hit.w / 2, box.y + card.hit.y + 20);
      await page.mouse.down();
      await page.mouse.move(box.x + card.hit.x + card.hit.w / 2 + 60, box.y + card.hit.y + 30, { steps: 4 });
      await page.mouse.up();
      expect((await inspect(page)).view?.seq).toBe(s.view?.seq);
      // …dropped on the pile, it is.
      await page.mouse.move(box.x + card.hit.x + card.hit.w / 2, box.y + card.hit.y + 20);
      await page.mouse.down();
      await page.mouse.move(box.x + s.layout!.pileCentre.x, box.y + s.layout!.pileCentre.y, { steps: 6 });
      await page.mouse.up();
      const after = await waitFor(page, (x) => x.view?.seq !== s.view?.seq, "the dragged card");
      expect(after.view?.hand.map((h) => h.card)).not.toContain(card.card);
      // The drop on the pile's move has landed, so a move the sideways drop made would have been sent before it: it made none.
      expect((after.movesSent ?? 0) - (s.movesSent ?? 0)).toBe(1);
      break;
    }
    await playToResult([page]);
    await page.context().close();
  }, 200_000);

  it("the table is drawn at phone and desktop size (screenshots saved as artifacts)", async () => {
    for (const [name, options] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      const page = await open(options);
      await playComputer(page);
      await waitFor(
        page,
        (s) => s.view?.phase === "playing" && s.idle && (s.layout?.hand.length ?? 0) > 0,
        "the dealt table",
      );
      const png = await page.screenshot({ path: artifactPath(`table-${name}.png`) });
      expect(await distinctColours(page, png)).toBeGreaterThan(40); // cards, felt, text: not a blank canvas
      const canvas = await page.locator("#table canvas").boundingBox();
      expect(canvas?.width).toBe(options.viewport.width);
      const pixels = await page.evaluate(() => (document.querySelector("#table canvas") as HTMLCanvasElement).width);
      expect(pixels).toBe(options.viewport.width * options.deviceScaleFactor); // HiDPI: device pixels
      await page.context().close();
    }
  });

  it("switching the lobby to Bengali and to Turkish shows translated text", async () => {
    const page = await open(PHONE);
    await page.selectOption("#lang", "bn");
    await expect.poll(() => page.textContent("#play-computer")).toBe(bn.playComputer);
    expect(await page.textContent("#lobby h1")).toBe(bn.title);
    expect(await page.getAttribute("html", "lang")).toBe("bn");
    // Bengali shaping needs a Bengali font: one must be present and used.
    expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Bengali"', "আপনার"))).toBe(true);
    await page.screenshot({ path: artifactPath("lobby-bn-phone.png") });
    // The table speaks Bengali too (canvas text and the live region), then back to the lobby.
    await page.click("#play-computer");
    await waitFor(page, (s) => s.view?.prompt === "chooseTrump" && s.layout !== null, "the trump choice");
    await expect.poll(async () => (await spoken(page)).includes(bn.chooseTrump)).toBe(true);
    await page.screenshot({ path: artifactPath("table-bn-phone.png") });
    await page.click("#settings-toggle");
    await page.click("#leave");
    await page.locator("#play-computer").waitFor();
    await page.selectOption("#lang", "tr");
    await expect.poll(() => page.textContent("#play-computer")).toBe(tr.playComputer);
    expect(await page.textContent("#quick-match")).toBe(tr.quickMatch);
    await page.screenshot({ path: artifactPath("lobby-tr-phone.png") });
    // The rules page opens from the lobby in the chosen language, and leads back.
    await page.click("#open-rules");
    await page.locator("#rules-back").waitFor();
    expect(await page.textContent("#rules-back")).toBe(tr.back);
    expect((await page.textContent("#rules"))?.length ?? 0).toBeGreaterThan(1000);
    await page.click("#rules-back");
    await page.locator("#play-computer").waitFor();
    // The choice is remembered across a reload.
    await page.reload();
    await expect.poll(() => page.textContent("#play-computer")).toBe(tr.playComputer);
    await page.context().close();
  });
});
