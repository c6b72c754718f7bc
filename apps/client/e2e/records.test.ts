import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { t } from "../src/i18n/index.js";
import { IDENTITY_KEY } from "../src/net/identity.js";
import {
  artifactPath,
  clickAMove,
  clickCanvas,
  DESKTOP,
  inspect,
  openLobby,
  PHONE,
  pickTrump,
  playToResult,
  serverAndBrowser,
  waitFor,
} from "./harness.js";

/**
 * Every hand on record, in the browser against a real server and its own database: the
 * guest identity made on the first visit, renaming, a computer duel found at the top of
 * "My games", the leaderboard, a token the server has forgotten, an unreachable API,
 * and a rated duel between two people with its rating changes at the table.
 */
const running = serverAndBrowser();

function savedIdentity(page: Page): Promise<{ id: string; token: string } | null> {
  return page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? "null") as { id: string; token: string } | null,
    IDENTITY_KEY,
  );
}

/** The server's own view of the token's player (GET /api/me from the page). */
function me(page: Page): Promise<{ name: string; record: { won: number; drawn: number; lost: number } }> {
  return page.evaluate(async (key) => {
    const { token } = JSON.parse(localStorage.getItem(key) ?? "{}") as { token?: string };
    const response = await fetch("/api/me", { headers: { Authorization: `Bearer ${token}` } });
    return (await response.json()) as { name: string; record: { won: number; drawn: number; lost: number } };
  }, IDENTITY_KEY);
}

async function clickButton(page: Page, id: "lobby" | "rematch"): Promise<void> {
  const b = (await inspect(page)).layout?.buttons.find((x) => x.id === id);
  if (!b) throw new Error(`no ${id} button`);
  await clickCanvas(page, b.x + b.w / 2, b.y + b.h / 2);
}

/** Opens "My games" until its first entry is `handId` (the record is written just after the hand ends). */
async function historyShowing(page: Page, handId: string): Promise<void> {
  const firstListed = async (): Promise<string | null> => {
    await page.click("#open-history");
    await page
      .locator("#history .page-status")
      .filter({ hasNotText: t("en", "loading") })
      .waitFor();
    const first = await page
      .locator("#games-list li")
      .first()
      .getAttribute("data-game")
      .catch(() => null);
    if (first !== handId) {
      await page.keyboard.press("Escape");
      await page.locator("#open-history").waitFor();
    }
    return first;
  };
  await expect
    .poll(firstListed, { timeout: 20_000, interval: 300, message: `hand ${handId} at the top of My games` })
    .toBe(handId);
}

/** The result word a seat's history entry shows, from the table's result. */
function outcomeWord(view: { result: { loser: number | null } | null; mySeat: number }): string {
  if (view.result?.loser === view.mySeat) return t("en", "outcomeLost");
  return t("en", view.result?.loser === null ? "outcomeDrawn" : "outcomeWon");
}

describe("every hand on record", () => {
  it("a first visit makes a guest identity, the name field renames it, and a computer duel is at the top of My games", async () => {
    const page = await openLobby(running.browser, running.server, DESKTOP);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    // The identity: made silently, kept in localStorage, shown in the lobby.
    await expect.poll(() => page.textContent("#duel-rating")).toMatch(/^Duel rating: 1500\? · 0 rated games$/);
    const identity = await savedIdentity(page);
    expect(identity?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await page.inputValue("#name")).toMatch(/^Guest /);
    await page.fill("#name", "Tessa");
    await page.press("#name", "Tab"); // "change" fires as the field loses the focus
    await expect.poll(async () => (await me(page)).name).toBe("Tessa");
    await page.reload();
    await expect.poll(() => page.inputValue("#name")).toBe("Tessa");
    expect((await savedIdentity(page))?.token).toBe(identity?.token); // the same player on the next visit

    // A duel against the computer, by clicks, to the result.
    await page.click("#reduced-motion");
    await page.selectOption("#level", "easy");
    await page.click("#play-computer");
    await waitFor(page, (s) => s.view?.prompt === "chooseTrump" && s.layout !== null, "the trump choice");
    await clickAMove(page);
    await playToResult([page]);
    const over = await waitFor(page, (s) => s.view?.phase === "over" && s.idle, "the result");
    const handId = over.view?.handId ?? "";
    expect(handId).not.toBe("");
    expect(over.view?.seats.find((s) => s.isAI)?.rating).toBeNull(); // computer seats have no rating
    await clickButton(page, "lobby");
    await page.locator("#play-computer").waitFor();

    // "My games": that hand first, with its date, opponent, result and no rating change (practice).
    await historyShowing(page, handId);
    const top = page.locator("#games-list li").first();
    const endedAt = Date.parse((await top.locator("time").getAttribute("datetime")) ?? "");
    expect(Date.now() - endedAt).toBeLessThan(5 * 60_000);
    expect(await top.locator("time").textContent()).toMatch(/\d{4}/);
    expect(await top.locator(".game-opponents").textContent()).toBe("vs Computer (Easy)");
    expect(await top.locator(".game-mode").textContent()).toBe("Against the computer · 2 players");
    expect(await top.locator(".game-result strong").textContent()).toBe(outcomeWord(over.view!));
    expect(await top.locator(".game-change").textContent()).toBe("not rated");
    expect(await page.textContent("#history .page-status")).toBe("1 game shown");
    expect(await page.isHidden("#games-more")).toBe(true); // one page only
    await page.screenshot({ path: artifactPath("history-desktop.png") });

    // Escape (or Back) returns to the lobby, the focus on the button that opened the page; the record counts the hand.
    await page.keyboard.press("Escape");
    await page.locator("#lobby").waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("open-history");
    const { record } = await me(page);
    expect(record.won + record.drawn + record.lost).toBe(1);
    await expect
      .poll(() => page.textContent("#record"))
      .toBe(`Won ${record.won} · Drawn ${record.drawn} · Lost ${record.lost}`);

    // The leaderboard opens (nobody is established yet), its tabs by keys; the browser's Back leaves it.
    await page.keyboard.press("Tab"); // to "Leaderboard"
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("open-leaderboard");
    await page.keyboard.press("Enter");
    await page
      .locator("#leaderboard-panel .page-status")
      .filter({ hasText: t("en", "leaderboardEmpty") })
      .waitFor();
    expect(page.url()).toMatch(/#leaderboard$/);
    await page.focus("#tab-duel");
    await page.keyboard.press("ArrowRight");
    expect(await page.getAttribute("#tab-multi", "aria-selected")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("tab-multi");
    await page
      .locator("#leaderboard-panel .page-status")
      .filter({ hasText: t("en", "leaderboardEmpty") })
      .waitFor();
    await page.screenshot({ path: artifactPath("leaderboard-desktop.png") });
    await page.goBack();
    await page.locator("#lobby").waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("open-leaderboard");
    expect(errors).toEqual([]);
    await page.context().close();
  }, 200_000);

  it("a token the server no longer knows is replaced (and the player told); without the API the game still plays", async () => {
    const context = await running.browser.newContext({ ...PHONE, locale: "en-GB" });
    await context.addInitScript((key) => {
      if (!sessionStorage.getItem("seeded"))
        localStorage.setItem(
          key,
          JSON.stringify({ id: "00000000-0000-4000-8000-000000000000", token: "forgotten-by-the-server" }),
        );
      sessionStorage.setItem("seeded", "1");
    }, IDENTITY_KEY);
    const page = await context.newPage();
    await page.goto(running.server.url);
    await page
      .locator("#toast")
      .filter({ hasText: t("en", "profileRenewed") })
      .waitFor();
    await expect.poll(() => page.textContent("#duel-rating")).toContain("1500?");
    expect((await savedIdentity(page))?.token).not.toBe("forgotten-by-the-server");

    // The API unreachable: the lobby says so, and a computer table still deals (anonymously).
    await page.route("**/api/**", (route) => route.abort());
    await page.reload();
    await page
      .locator("#profile")
      .filter({ hasText: t("en", "profileUnavailable") })
      .waitFor();
    expect(await page.isVisible("#profile-retry")).toBe(true);
    await page.screenshot({ path: artifactPath("lobby-unavailable-phone.png") });
    await page.click("#reduced-motion");
    await page.click("#play-computer");
    const seated = await waitFor(page, (s) => s.view?.prompt === "chooseTrump", "a computer table without the API");
    expect(seated.view?.seats.find((s) => s.isMe)?.rating).toBeNull();
    await context.close();
  }, 120_000);

  it("a rated duel between two identified people: ratings on the plates, changes on the result panel and in My games (phone)", async () => {
    const host = await openLobby(running.browser, running.server, PHONE);
    const guest = await openLobby(running.browser, running.server, PHONE);
    for (const page of [host, guest]) {
      await expect.poll(() => page.textContent("#duel-rating")).toContain("1500?");
      await page.click("#reduced-motion");
    }
    await host.click("#private-table");
    const code = (await host.locator("#table-code").textContent())?.split(":").pop()?.trim() ?? "";
    await guest.fill("#code", code);
    await guest.click("#join");
    await waitFor(
      guest,
      (s) => s.view !== null && s.view.mySeat >= 0 && s.view.seats.every((x) => x.rating !== null),
      "both seats rated",
    );
    for (const page of [host, guest]) await pickTrump(page);
    const playing = await waitFor(host, (s) => s.view?.phase === "playing" && s.idle, "the dealt table");
    expect(playing.view?.seats.map((s) => [s.rating, s.provisional])).toEqual([
      [1500, true],
      [1500, true],
    ]);
    await host.screenshot({ path: artifactPath("rated-table-phone.png") });
    await playToResult([host, guest], 150_000, 0);
    const [a, b] = await Promise.all(
      [host, guest].map((page) =>
        waitFor(
          page,
          (s) => s.view?.phase === "over" && s.view.seats.every((x) => x.ratingChange !== null),
          "the rating changes",
        ),
      ),
    );
    const changes = [a!, b!].map((s) => s.view!.seats.find((x) => x.isMe)!.ratingChange!);
    if (a!.view!.result?.loser === null) expect(changes[0]).toBe(changes[1]);
    else expect(Math.sign(changes[0]!)).toBe(-Math.sign(changes[1]!)); // the winner gains what the loser loses (both new players)
    await host.screenshot({ path: artifactPath("rated-result-phone.png") });

    // My games: the hand with the host's rating change; the leaderboard leaves provisional ratings out.
    await clickButton(host, "lobby");
    await host.locator("#play-computer").waitFor();
    await historyShowing(host, a!.view!.handId);
    const top = host.locator("#games-list li").first();
    expect(await top.locator(".game-change").textContent()).toBe(
      changes[0]! > 0 ? `+${changes[0]}` : changes[0] === 0 ? "±0" : `\u2212${-changes[0]!}`,
    );
    expect(await top.locator(".game-mode").textContent()).toBe("Private table · 2 players");
    await host.screenshot({ path: artifactPath("history-phone.png") });
    await host.click("#page-back");
    await host.click("#open-leaderboard");
    await host
      .locator("#leaderboard-panel .page-status")
      .filter({ hasText: t("en", "leaderboardEmpty") })
      .waitFor();
    await host.screenshot({ path: artifactPath("leaderboard-phone.png") });
    await host.context().close();
    await guest.context().close();
  }, 240_000);

  it("My games pages by the server's cursor, and the leaderboard marks my row (the API's answers stood in for; Russian, Bengali)", async () => {
    const page = await openLobby(running.browser, running.server, PHONE);
    await page.locator("#duel-rating").waitFor();
    const mine = (await savedIdentity(page))!.id;
    const entry = (i: number) => ({
      id: `hand-${i}`,
      mode: i % 3 === 0 ? "quick" : "computer",
      players: i % 3 === 0 ? 3 : 2,
      result: { reason: "out", loser: 1, places: [1, 2, 3] },
      seat: 0,
      place: 1 + (i % 2),
      outcome: i % 2 === 0 ? "won" : "lost",
      opponents:
        i % 3 === 0
          ? [
              { seat: 1, name: "Bob", playerId: "p-bob", computer: null },
              { seat: 2, name: "Computer 2", playerId: null, computer: "hard" },
            ]
          : [{ seat: 1, name: "Computer", playerId: null, computer: "medium" }],
      endedAt: new Date(Date.UTC(2026, 10, 30, 12) - i * 3_600_000).toISOString(),
      ...(i % 3 === 0 ? { ratingDelta: i % 2 === 0 ? 9.4 : -7.6 } : {}),
    });
    const asked: string[] = [];
    await page.route("**/api/players/*/games*", (route) => {
      const before = new URL(route.request().url()).searchParams.get("before");
      asked.push(`${route.request().headers().authorization?.startsWith("Bearer ") ? "token" : "none"} ${before}`);
      const first = before === null ? 0 : 20;
      const games = Array.from({ length: before === null ? 20 : 5 }, (_, i) => entry(first + i));
      return route.fulfill({ json: { games, next: before === null ? "CURSOR-2" : null } });
    });
    await page.route("**/api/leaderboard*", (route) =>
      route.fulfill({
        json: {
          kind: "duel",
          players: [
            { rank: 1, playerId: "p-1", name: "Алёна", rating: 1874.2, rd: 61, games: 212 },
            { rank: 2, playerId: mine, name: "Tessa", rating: 1702.9, rd: 88, games: 40 },
            { rank: 3, playerId: "p-3", name: "Ola Nordmann", rating: 1650, rd: 100, games: 18 },
          ],
        },
      }),
    );
    await page.selectOption("#lang", "ru");
    await page.locator("#open-history").waitFor();
    await page.click("#open-history");
    await page.locator("#games-list li").nth(19).waitFor();
    expect(await page.textContent("#history .page-status")).toBe("Показано 20 партий");
    expect(await page.locator("#games-list li").nth(0).locator(".game-opponents").textContent()).toBe(
      "против: Bob, Компьютер 2 (Сложный)",
    );
    expect(await page.locator("#games-list li").nth(0).locator(".game-change").textContent()).toBe("+9");
    expect(await page.locator("#games-list li").nth(1).locator(".game-change").textContent()).toBe("без рейтинга");
    await page.screenshot({ path: artifactPath("history-ru-phone.png") });
    // "More" fetches the next page by the cursor and moves the focus to its first entry.
    await page.focus("#games-more");
    await page.keyboard.press("Enter");
    await page.locator("#games-list li").nth(24).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-game"))).toBe("hand-20");
    expect(await page.isHidden("#games-more")).toBe(true);
    expect(await page.textContent("#history .page-status")).toBe("Показано 25 партий");
    expect(asked).toEqual(["token null", "token CURSOR-2"]);
    await page.click("#page-back");

    // The leaderboard in Bengali: ranks, rounded ratings, my row marked.
    await page.selectOption("#lang", "bn");
    await page.locator("#open-leaderboard").waitFor();
    await page.click("#open-leaderboard");
    await page.locator("#leaderboard-table").waitFor();
    // Rank, player, rating, games (then who is online, and Challenge on the others' rows).
    const rows = await page.locator("#leaderboard-table tbody tr").evaluateAll((trs) =>
      trs.map((tr) =>
        [...tr.querySelectorAll("td")]
          .slice(0, 4)
          .map((td) => td.textContent)
          .join(""),
      ),
    );
    expect(rows).toEqual(["1Алёна1874212", `2Tessa ${t("bn", "you")}170340`, "3Ola Nordmann165018"]);
    expect(await page.getAttribute("#leaderboard-table tbody tr.me", "aria-current")).toBe("true");
    await page.screenshot({ path: artifactPath("leaderboard-bn-phone.png") });
    await page.setViewportSize(DESKTOP.viewport);
    await page.screenshot({ path: artifactPath("leaderboard-bn-desktop.png") });
    await page.context().close();
  });
});
