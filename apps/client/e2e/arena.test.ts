/**
 * An arena tournament in real browsers against a real server: an account creates it over
 * HTTP; two people open its page, join, are paired by the server and seated at one table
 * (the seat reservation consumed by the page), Alma goes berserk, they play the hand through, and see their scores
 * in the standings; one pauses from the table after the hand and is shown paused, on their
 * own page and in the other's standings. axe on the Tournaments and arena pages.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, inspect, pickTrump, playToResult, serverAndBrowser, waitFor, type RunningServer } from "./harness.js";

// One-minute arenas allowed, none made by the server's own schedule; nobody's seat goes to a computer.
const env = serverAndBrowser({ ARENA_MIN_MINUTES: "1", ARENA_SCHEDULE: "0", FILL_AFTER_SECONDS: "120" });

async function call(server: RunningServer, method: string, path: string, token: string | null, body: object) {
  const response = await fetch(server.url + path, {
    method,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> };
}

/** An account's token, and an arena it created starting now. */
async function arenaOfAnAccount(server: RunningServer): Promise<string> {
  const guest = await call(server, "POST", "/api/players", null, { name: "Organiser" });
  const token = String(guest.body.token);
  expect(
    (await call(server, "POST", "/api/account", token, { handle: "organiser", password: "a tall arena 42" })).status,
  ).toBe(201);
  const made = await call(server, "POST", "/api/arenas", token, { name: "Browser arena", minutes: 10, berserk: true });
  expect(made.status).toBe(201);
  return String(made.body.id);
}

/** A person with a name of their own (and reduced motion, so the hand goes quickly) on a page of the client. */
async function person(name: string, path: string): Promise<Page> {
  const context = await env.browser.newContext({ ...DESKTOP, locale: "en-GB" });
  await context.addInitScript((n) => {
    if (localStorage.getItem("yourtrumps.settings") === null)
      localStorage.setItem("yourtrumps.settings", JSON.stringify({ name: n, reducedMotion: true }));
  }, name);
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await page.goto(env.server.url + path);
  return page;
}

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** The standings as the page shows them: name → [score, hands, paused]. */
async function standings(page: Page): Promise<Record<string, [number, number, boolean]>> {
  return page.$$eval("#arena-standings tbody tr", (rows) =>
    Object.fromEntries(
      rows.map((row) => {
        const cells = [...row.querySelectorAll("td")];
        const name = cells[1]?.querySelector("bdi")?.textContent ?? "";
        return [
          name,
          [
            parseInt(cells[2]?.textContent ?? "", 10),
            Number(cells[3]?.textContent),
            !!cells[1]?.querySelector(".note"),
          ],
        ];
      }),
    ),
  );
}

describe("an arena in the browser", () => {
  it("two people join from its page, are paired, play the hand, see their scores; one pauses and is shown paused", async () => {
    const arenaId = await arenaOfAnAccount(env.server);

    // The Tournaments page lists it as running, and opens its page.
    const alma = await person("Alma", "/#arenas");
    await alma.locator(`#arena-${arenaId}`).waitFor();
    expect(await alma.locator("#arenas-running").textContent()).toContain("Browser arena");
    expect(await seriousViolations(alma)).toEqual([]);
    await alma.click(`#arena-${arenaId}`);
    await alma.locator("#arena-join").waitFor();
    expect(await alma.locator("#page-title").textContent()).toBe("Browser arena");
    const boris = await person("Boris", `/#arena=${arenaId}`);
    await boris.locator("#arena-join").waitFor();

    await alma.click("#arena-join");
    await alma.locator("#arena-state", { hasText: "ready" }).waitFor();
    expect(await seriousViolations(alma)).toEqual([]);
    await boris.click("#arena-join");

    // Paired: both are seated at one table, which says whose arena it is and each seat's arena score.
    for (const page of [alma, boris]) {
      await waitFor(page, (s) => s.view !== null && s.view.mySeat >= 0, "seated at the arena's table");
      await page.locator("#arena-note-name", { hasText: "Browser arena" }).waitFor();
    }
    const seated = await waitFor(alma, (s) => s.view?.seats.every((x) => x.name !== "") === true, "both seats named");
    expect(seated.view?.seats.map((x) => x.name).sort()).toEqual(["Alma", "Boris"]);
    expect(seated.view?.seats.map((x) => x.arena)).toEqual([
      { score: 0, fire: false, berserk: false },
      { score: 0, fire: false, berserk: false },
    ]);
    // Alma goes berserk before her first move: her seat says so at both tables, and the button goes.
    await alma.click("#arena-berserk-go");
    for (const page of [alma, boris])
      await waitFor(page, (s) => s.view?.seats.find((x) => x.name === "Alma")?.arena?.berserk === true, "Alma berserk");
    expect(await alma.locator("#arena-berserk-go").count()).toBe(0);
    expect(await boris.locator("#arena-berserk-go").count()).toBe(1); // Boris has not moved yet either
    for (const page of [alma, boris]) await pickTrump(page);
    await playToResult([alma, boris], 150_000, 0);
    const over = (await inspect(alma)).view;
    const loser = over?.result?.loser ?? null;
    const loserName = loser === null ? null : over?.seats.find((x) => x.seat === loser)?.name;
    // Lichess's sheet: a win 2, a loss 0, a draw 1 each; berserk Alma's win counts 3 when she made at least 7 moves.
    const expected = (name: string): number[] =>
      loserName === null ? [1] : loserName === name ? [0] : name === "Alma" ? [2, 3] : [2];

    // After the hand: "Next hand in 3 s" with Pause; Alma pauses, and both are back on the arena's page.
    await alma.click("#arena-pause-hand");
    await alma.locator("#arena-next", { hasText: "Paused" }).waitFor();
    await alma.locator("#arena-resume").waitFor({ timeout: 15_000 });
    expect(await alma.locator("#arena-state").textContent()).toBe("paused");
    await boris.locator("#arena-standings").waitFor({ timeout: 15_000 });
    await expect
      .poll(
        async () => {
          const lines = await standings(boris);
          return [lines.Alma?.[1], lines.Boris?.[1], lines.Alma?.[2]]; // hands, and Alma paused
        },
        { timeout: 15_000 },
      )
      .toEqual([1, 1, true]);
    const lines = await standings(boris);
    expect(expected("Alma")).toContain(lines.Alma?.[0]);
    expect(expected("Boris")).toContain(lines.Boris?.[0]);
    expect((await standings(alma)).Alma?.[0]).toBe(lines.Alma?.[0]); // the same standings on both pages
    expect(await boris.locator("#arena-state").textContent()).toContain("ready");
    expect(await seriousViolations(boris)).toEqual([]);

    // Resumed, Alma is ready again, and the two are paired for their next hand.
    await alma.click("#arena-resume");
    await waitFor(
      boris,
      (s) => s.view !== null && s.view.mySeat >= 0 && s.view.phase !== "over",
      "paired again",
      30_000,
    );
    await alma.context().close();
    await boris.context().close();
  }, 300_000);
});
