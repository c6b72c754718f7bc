/**
 * Meeting people in real browsers against a real server: a player waiting for a quick
 * match is an open seek in another page's lobby (with the players online), a click there
 * sits that page down at the same table, and both play the hand out.
 */
import { describe, expect, it } from "vitest";
import { DESKTOP, inspect, openLobby, pickTrump, playToResult, serverAndBrowser, waitFor } from "./harness.js";

const env = serverAndBrowser({ FILL_AFTER_SECONDS: "120" }); // nobody's seat goes to a computer while the test looks

describe("meeting people", () => {
  it("a waiting quick match is a seek in another lobby, with the players online; a click there sits down at that table and both play", async () => {
    const seeker = await openLobby(env.browser, env.server, DESKTOP);
    await seeker.fill("#name", "Seeker");
    await seeker.press("#name", "Tab");
    const other = await openLobby(env.browser, env.server, DESKTOP);
    await other.fill("#name", "Other");
    await other.press("#name", "Tab");
    await other.locator("#online-count").waitFor();
    await seeker.click("#reduced-motion");
    await seeker.click("#quick-match");
    await waitFor(seeker, (s) => s.view !== null && s.view.mySeat >= 0 && s.view.phase === "waiting", "the seeker waiting");
    const seek = other.locator("#seeks li", { hasText: "Seeker" });
    await seek.waitFor({ timeout: 15_000 });
    expect(await seek.textContent()).toContain("table of 2");
    await other.locator("#online-count", { hasText: "2 players online" }).waitFor({ timeout: 15_000 });
    await other.click("#reduced-motion");
    await seek.locator("button.sit").click();
    await waitFor(other, (s) => s.view !== null && s.view.mySeat >= 0, "the other seated");
    const both = await waitFor(seeker, (s) => s.view !== null && s.view.seats.filter((x) => !x.isAI && x.name !== "").length === 2, "two people at the table");
    expect(both.view?.seats.map((x) => x.name).sort()).toEqual(["Other", "Seeker"]);
    for (const page of [seeker, other]) await pickTrump(page);
    await playToResult([seeker, other], 150_000, 0);
    const [a, b] = [await inspect(seeker), await inspect(other)];
    expect(a.view?.result).toEqual(b.view?.result);
    await seeker.context().close();
    await other.context().close();
  }, 240_000);
});
