import { Client } from "@colyseus/sdk";
import { ROOM_NAME } from "@yourtrumps/protocol";
import { describe, expect, it } from "vitest";
import { DESKTOP, inspect, openLobby, pickTrump, serverAndBrowser, waitFor } from "./harness.js";

/**
 * A person leaving a table with other people: the one who leaves is asked first, and the
 * ones who stay are told the computer took the seat. A private duel between the real page
 * and a player that is a program (the real SDK).
 */
const running = serverAndBrowser();

describe("leaving a table with people", () => {
  it("asks before leaving mid-hand, and tells the others when a person's seat passes to the computer", async () => {
    const page = await openLobby(running.browser, running.server, DESKTOP);
    await page.click("#private-table");
    const code = (await page.locator("#table-code").textContent())?.split(":").pop()?.trim() ?? "";
    const friend = await new Client(running.server.url.replace(/^http/, "ws")).join(ROOM_NAME, {
      mode: "private",
      code,
      name: "Friend",
    });
    await waitFor(page, (s) => s.view?.prompt === "chooseTrump", "the trump choice");

    // Leave with a person at the table: a confirmation; declined, the page stays in its seat.
    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.click("#settings-toggle");
    await page.click("#leave");
    await expect
      .poll(() => asked)
      .toEqual(["Leave this hand? The others are still playing; the computer will take your seat."]);
    await page.keyboard.press("Escape"); // the settings panel, if still open
    await pickTrump(page); // the page still plays its seat
    expect((await inspect(page)).view?.mySeat).toBe(0);

    // The friend leaves: the page is told, in its note and its live region.
    await friend.leave();
    await page.locator("#toast", { hasText: "Friend left the table; the computer plays their seat." }).waitFor();
    await waitFor(page, (s) => s.view?.seats.some((x) => x.isAI) ?? false, "the computer in the friend's seat");

    // Only the computer left: Leave goes at once.
    await page.click("#settings-toggle");
    await page.click("#leave");
    await page.locator("#play-computer").waitFor();
    expect(asked).toHaveLength(1);
    await page.context().close();
  }, 90_000);
});
