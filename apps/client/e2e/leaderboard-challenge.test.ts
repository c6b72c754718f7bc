/**
 * A challenge from a leaderboard row, in two real browsers against a real server. The
 * leaderboard lists established ratings only, so one player ("Ranked") is written into
 * the server's database before it starts, and that page is given Ranked's identity. The
 * other page sees Ranked online on the leaderboard and challenges them to a casual
 * duel; Ranked — in a local game against the computer — sees the invitation there,
 * accepts, and both sit at one private duel.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { t } from "../src/i18n/index.js";
import { IDENTITY_KEY } from "../src/net/identity.js";
import { CLIENT_DIR, DESKTOP, openLobby, serverAndBrowser, waitFor } from "./harness.js";

/**
 * Run by the server's own Node, as the harness runs the server: its built storage opens
 * the database (migrating a new one), makes Ranked with an established duel rating, and
 * prints Ranked's credentials.
 */
const SEED = `
const { openStore } = await import(process.env.STORAGE);
const store = await openStore({ dataDir: process.env.DATA_DIR });
const made = await store.createPlayer("Ranked");
await store.db.insertInto("ratings").values({ player_id: made.id, kind: "duel", rating: 1720, rd: 60, volatility: 0.06, games: 40 }).execute();
await store.close();
console.log(JSON.stringify({ id: made.id, token: made.token }));
`;

const dataDir = mkdtempSync(join(tmpdir(), "yourtrumps-e2e-board-"));
let ranked = { id: "", token: "" };
beforeAll(async () => {
  // Before the server opens the database (registered before serverAndBrowser's own beforeAll).
  const storage = resolve(CLIENT_DIR, "../server/dist/storage/index.js");
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", SEED], { env: { ...process.env, STORAGE: storage, DATA_DIR: dataDir } });
  ranked = JSON.parse(stdout.trim().split("\n").at(-1)!) as typeof ranked;
}, 60_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const env = serverAndBrowser({ DATA_DIR: dataDir });

/** A page that is `ranked` (its identity in localStorage before the page loads). */
async function rankedPage(): Promise<Page> {
  const context = await env.browser.newContext({ ...DESKTOP, locale: "en-GB" });
  await context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [IDENTITY_KEY, JSON.stringify(ranked)]);
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await page.goto(env.server.url);
  await page.locator("#open-leaderboard").waitFor();
  return page;
}

describe("a challenge from the leaderboard", () => {
  it("an online player's row challenges them (casual); the invitation reaches their local game; accepted, both sit at one private duel", async () => {
    const invitee = await rankedPage();
    expect(await invitee.inputValue("#name")).toBe("Ranked");
    await invitee.click("#reduced-motion");
    await invitee.click("#play-computer");
    await waitFor(invitee, (s) => s.view?.mode === "computer", "Ranked's local game");

    const fan = await openLobby(env.browser, env.server, DESKTOP);
    await fan.locator("#open-leaderboard").waitFor();
    await fan.fill("#name", "Fan");
    await fan.press("#name", "Tab");
    await fan.click("#reduced-motion");
    await fan.click("#open-leaderboard");
    const row = fan.locator(`tr[data-player="${ranked.id}"]`);
    await row.locator("td.presence", { hasText: t("en", "statusOnline") }).waitFor({ timeout: 10_000 });
    const challenge = row.locator("button.challenge");
    expect(await challenge.isDisabled()).toBe(false);
    await challenge.click();
    await fan.click("#challenge-casual");

    const invitation = invitee.locator("#challenge");
    await invitation.waitFor({ timeout: 10_000 });
    expect(await invitation.textContent()).toContain(t("en", "challengeCasualFrom", { name: "Fan" }));
    await invitee.click("#challenge-accept");
    const duel = (page: Page) => waitFor(page, (s) => s.view?.mode === "private" && s.view.mySeat >= 0 && s.view.seats.filter((x) => !x.isAI && x.name !== "").length === 2, "both at the private duel", 20_000);
    const [x, y] = [await duel(invitee), await duel(fan)];
    expect(x.view?.seats.map((seat) => seat.name).sort()).toEqual(["Fan", "Ranked"]);
    expect(y.view?.mySeat).not.toBe(x.view?.mySeat);
    await invitee.context().close();
    await fan.context().close();
  }, 180_000);
});
