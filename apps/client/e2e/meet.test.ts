/**
 * Meeting people in real browsers against a real server: a player waiting for a quick
 * match is an open seek in another page's lobby (with the players online), a click there
 * sits that page down at the same table; they greet each other with a preset reaction
 * (and one of them mutes the next), and both play the hand out. Then one challenges the
 * other from My games (a rated duel), the other accepts the invitation, and both sit at one private duel.
 */
import { REACTION_GAP_MS } from "@yourtrumps/protocol";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import {
  atPrivateDuel,
  clickAMove,
  DESKTOP,
  inspect,
  openLobby,
  pickTrump,
  playToResult,
  serverAndBrowser,
  spoken,
  untilStill,
  waitFor,
} from "./harness.js";
import { canvasImage, differingPixels } from "./pixels.js";

// Nobody's seat goes to a computer while the test looks; no turn clock, so the canvas changes only when something happens.
const env = serverAndBrowser({ FILL_AFTER_SECONDS: "120", TURN_SECONDS: "0" });

async function waitForLine(page: Page, line: string): Promise<void> {
  await expect.poll(() => spoken(page), { timeout: 10_000, message: `"${line}" said` }).toContain(line);
}

describe("meeting people", () => {
  it("a seek seen and sat at from another lobby, reactions heard and muted, a hand played, then a challenge from My games accepted", async () => {
    const seeker = await openLobby(env.browser, env.server, DESKTOP);
    await seeker.locator("#open-leaderboard").waitFor(); // the identity is confirmed: the name goes to the server
    await seeker.fill("#name", "Seeker");
    await seeker.press("#name", "Tab");
    const other = await openLobby(env.browser, env.server, DESKTOP);
    await other.locator("#open-leaderboard").waitFor(); // the identity is confirmed: the name goes to the server
    await other.fill("#name", "Other");
    await other.press("#name", "Tab");
    await other.locator("#online-count").waitFor();
    await seeker.click("#reduced-motion");
    await seeker.click("#quick-match");
    await waitFor(
      seeker,
      (s) => s.view !== null && s.view.mySeat >= 0 && s.view.phase === "waiting",
      "the seeker waiting",
    );
    const seek = other.locator("#seeks li", { hasText: "Seeker" });
    await seek.waitFor({ timeout: 15_000 });
    expect(await seek.textContent()).toContain("table of 2");
    await other.locator("#online-count", { hasText: "2 players online" }).waitFor({ timeout: 15_000 });
    await other.click("#reduced-motion");
    await seek.locator("button.sit").click();
    await waitFor(other, (s) => s.view !== null && s.view.mySeat >= 0, "the other seated");
    const both = await waitFor(
      seeker,
      (s) => s.view !== null && s.view.seats.filter((x) => !x.isAI && x.name !== "").length === 2,
      "two people at the table",
    );
    expect(both.view?.seats.map((x) => x.name).sort()).toEqual(["Other", "Seeker"]);
    for (const page of [seeker, other]) await pickTrump(page);
    // Reactions: from the menu, heard at the other seat (bubble and live region); muted there, no longer heard.
    await waitFor(other, (s) => s.idle && s.view?.phase === "playing", "the deal landed at the other seat");
    await untilStill(other);
    const stillTable = await canvasImage(other);
    await seeker.click("#reactions-toggle");
    await seeker.click("[data-reaction=hello]");
    await waitForLine(other, "Seeker: Hello");
    // The bubble is drawn by itself, with no move to redraw the table (software GL draws only what changed: scene/frame-changes.ts),
    // and on the canvas: the seeker's plate is at the top of the other's table, where a bubble above it was drawn off the canvas.
    await expect
      .poll(async () => differingPixels(other, stillTable, await canvasImage(other)), { timeout: 2000 })
      .toBeGreaterThan(100);
    await waitForLine(seeker, "Seeker: Hello"); // the seeker hears its own from the server's broadcast too, which may reach it after the other
    await other.click("#mute-table-reactions");
    // The phrases wait out the product's gap between two reactions (REACTION_GAP_MS), and say so; once it is over the next is sent.
    await seeker.click("#reactions-toggle");
    await expect
      .poll(() => seeker.locator("[data-reaction=thanks]").getAttribute("aria-disabled"), {
        timeout: REACTION_GAP_MS * 5,
      })
      .toBe("false");
    await seeker.locator("[data-reaction=thanks]").focus(); // the menu is in the Tab order: a focused phrase is said with Enter
    await seeker.keyboard.press("Enter");
    await waitForLine(seeker, "Seeker: Thanks");
    // The menu closed with the phrase said: the focus is back on the table, where the game's keys are.
    expect(await seeker.evaluate(() => document.activeElement?.id)).toBe("table");
    // A move made after the server broadcast the thanks reaches the other page after it, on the same socket: once the
    // move is on the other's table, the thanks has come there too, and was not said.
    const seqBefore = (await inspect(other)).view?.seq;
    if (!(await clickAMove(seeker))) expect(await clickAMove(other)).toBe(true);
    await waitFor(other, (s) => s.view?.seq !== seqBefore, "the next move at the other seat");
    expect(await spoken(other)).not.toContain("Seeker: Thanks");
    await playToResult([seeker, other], 150_000, 0);
    const [a, b] = [await inspect(seeker), await inspect(other)];
    expect(a.view?.result).toEqual(b.view?.result);

    // From My games, Other challenges Seeker, who is still at the finished table: the invitation shows there, Accept takes both to one private duel.
    await other.click("#settings-toggle");
    await other.click("#leave");
    await other.click("#open-history");
    const challenge = other.locator("#games-list button.challenge", { hasText: "Seeker" }).first();
    await challenge.click();
    await other.click("#challenge-rated"); // a rated duel or a casual one: the button asks first
    const invitation = seeker.locator("#challenge");
    await invitation.waitFor({ timeout: 10_000 });
    expect(await invitation.textContent()).toContain("Other challenges you to a duel");
    await seeker.click("#challenge-accept");
    const [x, y] = [await atPrivateDuel(seeker), await atPrivateDuel(other)];
    expect(x.view?.seats.map((seat) => seat.name).sort()).toEqual(["Other", "Seeker"]);
    expect(y.view?.mySeat).not.toBe(x.view?.mySeat);
    await seeker.context().close();
    await other.context().close();
  }, 240_000);
});
