/**
 * A challenge from a leaderboard row, in two real browsers against a real server. The
 * leaderboard lists established ratings only, so one player ("Ranked") is written into
 * the server's database before it starts (an account holder: the boards list no guests), and that page is given Ranked's identity. The
 * other page sees Ranked online on the leaderboard and challenges them to a casual
 * duel; Ranked — in a local game against the computer — sees the invitation there,
 * accepts, and both sit at one private duel. Then the same from a player's page
 * (`#player=<id>`), and to Ranked on a replay opened by its link (`?game=<id>`).
 */
import { execFile } from "node:child_process";
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { t } from "../src/i18n/index.js";
import { atPrivateDuel, CLIENT_DIR, DESKTOP, openAs, openLobby, serverAndBrowser, waitFor } from "./harness.js";
import { handOnRecord } from "./hand-on-record.js";
import { pgliteDataDir } from "@yourtrumps/server/test-kit";

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
await store.accounts.claimAccount(made.id, { handle: "Ranked", key: "ranked" }, null); // the leaderboards list account holders
await store.close();
console.log(JSON.stringify({ id: made.id, token: made.token }));
`;

const dataDir = await pgliteDataDir();
let ranked = { id: "", token: "" };
beforeAll(async () => {
  // Before the server opens the database (registered before serverAndBrowser's own beforeAll).
  const storage = resolve(CLIENT_DIR, "../server/dist/storage/index.js");
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", SEED], {
    env: { ...process.env, STORAGE: storage, DATA_DIR: dataDir },
  });
  ranked = JSON.parse(stdout.trim().split("\n").at(-1)!) as typeof ranked;
}, 60_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const env = serverAndBrowser({ DATA_DIR: dataDir });

/** A page that is `ranked` (its identity in localStorage before the page loads). */
async function rankedPage(path = "/"): Promise<Page> {
  const page = await openAs(env.browser, env.server, ranked, path);
  if (path === "/") await page.locator("#open-leaderboard").waitFor();
  return page;
}

/** Another page, named Fan, on the leaderboard. */
async function fanAtLeaderboard(): Promise<Page> {
  const fan = await openLobby(env.browser, env.server, DESKTOP);
  await fan.locator("#open-leaderboard").waitFor();
  await fan.fill("#name", "Fan");
  await fan.press("#name", "Tab");
  await fan.click("#reduced-motion");
  await fan.click("#open-leaderboard");
  return fan;
}

describe("a challenge from the leaderboard", () => {
  it("an online player's row challenges them (casual); the invitation reaches their local game; accepted, both sit at one private duel", async () => {
    const invitee = await rankedPage();
    expect(await invitee.inputValue("#name")).toBe("Ranked");
    await invitee.click("#reduced-motion");
    await invitee.click("#play-computer");
    await waitFor(invitee, (s) => s.view?.mode === "computer", "Ranked's local game");

    const fan = await fanAtLeaderboard();
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
    const [x, y] = [await atPrivateDuel(invitee), await atPrivateDuel(fan)];
    expect(x.view?.seats.map((seat) => seat.name).sort()).toEqual(["Fan", "Ranked"]);
    expect(y.view?.mySeat).not.toBe(x.view?.mySeat);
    await invitee.context().close();
    await fan.context().close();
  }, 180_000);

  it("a row's name opens the player's page (ratings, record, puzzles, online); its Challenge (rated) is accepted; Back returns to the leaderboard", async () => {
    const invitee = await rankedPage();
    const fan = await fanAtLeaderboard();
    // Online, or still playing: the duel of the test before holds Ranked's seat for their return.
    const here = new RegExp(`${t("en", "statusOnline")}|${t("en", "statusPlaying")}`);
    await fan.locator(`tr[data-player="${ranked.id}"] td.presence`, { hasText: here }).waitFor({ timeout: 10_000 });
    await fan.locator(`tr[data-player="${ranked.id}"] a.player-link`).click();
    const page = fan.locator("#player");
    await page.locator("#page-title", { hasText: "Ranked" }).waitFor();
    expect(new URL(fan.url()).hash).toBe(`#player=${ranked.id}`);
    expect(await page.locator("#player-duel").textContent()).toContain(t("en", "duelRating", { rating: "1720" }));
    expect(await page.locator("#player-record").textContent()).toBe(
      t("en", "recordLine", { won: 0, drawn: 0, lost: 0 }),
    );
    await page.locator("#player-puzzles").waitFor();
    await page.locator("#player-status", { hasText: here }).waitFor({ timeout: 10_000 });
    const challenge = page.locator("#player-challenge");
    expect(await challenge.isDisabled()).toBe(false);
    await challenge.click();
    await fan.click("#challenge-rated");
    await invitee.locator("#challenge").waitFor({ timeout: 10_000 });
    expect(await invitee.locator("#challenge").textContent()).toContain(t("en", "challengeFrom", { name: "Fan" })); // a rated duel: not "a casual duel"
    await invitee.click("#challenge-accept");
    await atPrivateDuel(invitee);
    await atPrivateDuel(fan);
    await invitee.context().close();

    // Another page: the player's own page has no Challenge; Back from a player's page opened on the leaderboard goes back to it.
    const own = await rankedPage();
    await own.click("#open-leaderboard");
    await own.locator(`tr[data-player="${ranked.id}"] a.player-link`).click();
    await own.locator("#player #player-status").waitFor();
    await own.locator("#player #player-record").waitFor();
    expect(await own.locator("#player-challenge").count()).toBe(0);
    await own.click("#player #page-back");
    await own.locator("#leaderboard:not([hidden]) tr[data-player]").first().waitFor();
    expect(await own.locator("#player").isHidden()).toBe(true);
    await own.context().close();
    await fan.context().close();
  }, 180_000);

  it("the invitation reaches a replay opened by its link; accepted there, the game page sits down at the duel", async () => {
    const gameId = await handOnRecord(env.server.url, ranked.token);
    const invitee = await rankedPage(`/?game=${gameId}`);
    await invitee.locator("#replay:not([hidden])").waitFor();
    const fan = await fanAtLeaderboard();
    const row = fan.locator(`tr[data-player="${ranked.id}"]`);
    const here = new RegExp(`${t("en", "statusOnline")}|${t("en", "statusPlaying")}`);
    await row.locator("td.presence", { hasText: here }).waitFor({ timeout: 10_000 });
    await row.locator("button.challenge").click();
    await fan.click("#challenge-rated");
    await invitee.locator("#challenge").waitFor({ timeout: 10_000 });
    expect(new URL(invitee.url()).searchParams.get("game")).toBe(gameId); // still on the replay
    await invitee.click("#challenge-accept");
    await invitee.waitForURL((u) => !u.searchParams.has("game")); // the game page, loaded (its test hook set) before the table is read
    await atPrivateDuel(invitee);
    await atPrivateDuel(fan);
    await invitee.context().close();
    await fan.context().close();
  }, 180_000);
});
