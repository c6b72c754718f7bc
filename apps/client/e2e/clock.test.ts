import { describe, expect, it } from "vitest";
import type { DrawnBox } from "../src/scene/scene-probe.js";
import { DESKTOP, openLobby, pickTrump, serverAndBrowser, waitFor } from "./harness.js";

/** The turn clock at a quick match with a short clock: in its last ten seconds it shows them, counting down. */
const running = serverAndBrowser({ TURN_SECONDS: "12", FILL_AFTER_SECONDS: "1" });

describe("the turn clock", () => {
  it("writes the seconds left over the mover's avatar in the clock's last ten", async () => {
    const page = await openLobby(running.browser, running.server, DESKTOP);
    await page.click("#reduced-motion");
    await page.click("#quick-match");
    await waitFor(page, (s) => s.view?.seats.length === 2 && s.view.seats.some((x) => x.isAI), "a computer opponent");
    await pickTrump(page);
    const mine = await waitFor(
      page,
      (s) => s.view?.myTurn === true && s.view.seats.some((x) => x.isMe && x.deadline > 0),
      "my turn, clocked",
      60_000,
    );
    const seconds = async (): Promise<number[]> =>
      (await page.evaluate(() => (window as unknown as { __yt: { drawnBoxes(): DrawnBox[] } }).__yt.drawnBoxes()))
        .filter((b) => b.part === "clock-seconds")
        .map((b) => Number(b.words));
    await expect.poll(seconds, { timeout: 15_000 }).toHaveLength(1);
    const first = (await seconds())[0]!;
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThanOrEqual(10);
    await expect.poll(async () => (await seconds())[0] ?? 99, { timeout: 5_000 }).toBeLessThan(first); // it counts down
    expect(mine.view?.seq).toBeDefined();
    await page.context().close();
  }, 120_000);
});
