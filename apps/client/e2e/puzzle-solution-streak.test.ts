import {
  parsePuzzleLine,
  puzzleHand,
  toEngineMove,
  type Puzzle,
  type PuzzleMove,
  type PuzzleStep,
} from "@yourtrumps/ai";
import { SHIPPED_PUZZLES } from "@yourtrumps/ai/puzzles/shipped";
import { applyMove, type Card, type Hand } from "@yourtrumps/engine";
import type { Browser, Page, Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import { cardLabel, t } from "../src/i18n/index.js";
import { IDENTITY_KEY } from "../src/net/identity.js";
import { keyMoves, wrongMove } from "../src/puzzle/puzzle-fixtures.js";
import { BEST_STREAK_KEY } from "../src/puzzle/streak.js";
import { DESKTOP, serverAndBrowser, spoken, waitFor } from "./harness.js";
import { keyMove, myTurn, solve, verdict } from "./puzzle-keys.js";

/**
 * "Show the solution" and the Streak, in the browser against a real server: the line the
 * table plays is read off the page position by position and held against the solution tree
 * the API serves; a Streak run is solved with the API's trees, ended by a mistake, and its
 * best comes back from the server after a reload that has forgotten this browser's own.
 */
const running = serverAndBrowser();
const shipped = SHIPPED_PUZZLES.split("\n").map(parsePuzzleLine);

/** A puzzle as the API serves it. */
type Served = Puzzle & { estimate: number; streak?: { count: number; best: number; over: boolean } };

async function api<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {
    Accept: "application/json",
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...(body ? { "Content-Type": "application/json" } : {}),
  };
  const response = await fetch(running.server.url + path, {
    method,
    headers,
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** The tree's main line, walked here rather than by the page's code: the first accepted move at each step, the defence's replies between. */
function lineOf(solution: PuzzleStep): PuzzleMove[] {
  const moves: PuzzleMove[] = [];
  for (let s: PuzzleStep | null = solution; s !== null;) {
    if ("reply" in s) {
      moves.push(s.reply);
      s = s.next;
    } else {
      const [move, child]: [PuzzleMove, PuzzleStep | null] = (
        Object.entries(s.accept) as [PuzzleMove, PuzzleStep | null][]
      )[0]!;
      moves.push(move);
      s = child;
    }
  }
  return moves;
}

/** A position as the test compares it: the pile, and each side's cards as a set. */
interface Shown {
  pile: Card[];
  mine: Card[];
  theirs: Card[];
}

function shownOf(h: Hand, player: number): Shown {
  return { pile: h.pile.slice(), mine: h.hands[player]!.slice().sort(), theirs: h.hands[1 - player]!.slice().sort() };
}

/** Notes, in the page, every position the table shows from now on (a line's moves come 60 ms apart in this build). */
async function startNoting(page: Page): Promise<void> {
  await page.evaluate(() => {
    type View = { pile: string[]; hand: { card: string }[]; seats: { isMe: boolean; shown: string[] | null }[] };
    const w = window as unknown as { __yt: { inspect(): { view: View | null } }; __shown: unknown[]; __noting: number };
    w.__shown = [];
    let last = "";
    w.__noting = window.setInterval(() => {
      const v = w.__yt.inspect().view;
      if (!v) return;
      const shown = {
        pile: v.pile.slice(),
        mine: v.hand.map((h) => h.card).sort(),
        theirs: (v.seats.find((s) => !s.isMe)?.shown ?? []).slice().sort(),
      };
      const key = JSON.stringify(shown);
      if (key !== last) w.__shown.push(shown);
      last = key;
    }, 4);
  });
}

async function stopNoting(page: Page): Promise<Shown[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __shown: Shown[]; __noting: number };
    clearInterval(w.__noting);
    return w.__shown;
  });
}

/** A page with `identity` saved, as if it had made it itself; this browser's best streak is forgotten at every load. */
async function pageAs(browser: Browser, identity: { id: string; token: string }): Promise<Page> {
  const context = await browser.newContext({ ...DESKTOP, locale: "en-GB" });
  await context.addInitScript(
    ([key, value, best]) => {
      localStorage.setItem(key!, value!);
      localStorage.removeItem(best!);
    },
    [IDENTITY_KEY, JSON.stringify(identity), BEST_STREAK_KEY],
  );
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  return page;
}

const isNext = (ask: "start" | "continue") => (r: Response) => {
  const url = new URL(r.url());
  return (
    url.pathname === "/api/puzzles/next" && url.searchParams.get("streak") === ask && r.request().method() === "GET"
  );
};
const isAttempt = (id: string) => (r: Response) =>
  new URL(r.url()).pathname === `/api/puzzles/${id}/attempts` && r.request().method() === "POST";
const streakLine = (page: Page): Promise<string | null> => page.locator("#puzzle-streak").textContent();

describe("the puzzle page's solution and Streak", () => {
  it("after a wrong move, Show the solution plays the main line of the API's solution tree on the table, position by position", async () => {
    const p = shipped.filter((q) => keyMoves(q).length >= 2)[4]!;
    const tree = await api<Served>("GET", `/api/puzzles/${p.id}`, null);
    const line = lineOf(tree.solution);
    expect(line.length).toBeGreaterThanOrEqual(3); // two moves of the player's and a reply between, at least
    const expected = [shownOf(puzzleHand(tree.position), tree.position.toMove)];
    for (let h = puzzleHand(tree.position), i = 0; i < line.length; i++) {
      const r = applyMove(h, toEngineMove(line[i]!));
      if (!r.ok) throw new Error(`the API's line: ${line[i]} is illegal (${r.error.message})`);
      h = r.hand;
      expected.push(shownOf(h, tree.position.toMove));
    }

    const context = await running.browser.newContext({ ...DESKTOP, locale: "en-GB" });
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error("page error:", e.message));
    await page.goto(`${running.server.url}/?puzzle=${p.id}`);
    await myTurn(page);
    await keyMove(page, wrongMove(tree));
    await expect.poll(() => verdict(page)).toBe(t("en", "puzzleWrong"));
    await page.locator("#puzzle-solution").waitFor({ timeout: 30_000 }); // after the refutation
    await waitFor(page, (s) => s.idle, "the refutation played out");

    await startNoting(page);
    await page.click("#puzzle-solution");
    await expect.poll(() => verdict(page)).toBe(t("en", "puzzleShowing"));
    // Under "The solution:", the line itself, move by move.
    expect(await page.locator("#puzzle-line").textContent()).toBe(
      line.map((m) => (m === "pickup" ? t("en", "pickUpMove") : cardLabel(m))).join(" → "),
    );
    expect(await page.locator("#puzzle-line").isVisible()).toBe(true);
    // A way back to the lobby is always on the page.
    expect(await page.locator("#puzzle-lobby").textContent()).toBe(t("en", "backToLobby"));
    expect(await page.locator("#puzzle-lobby").isVisible()).toBe(true);
    await page.locator("#puzzle-retry").waitFor({ timeout: 30_000 }); // offered again once the line is played
    expect(await page.locator("#puzzle-solution").isVisible()).toBe(false);
    const seen = await stopNoting(page);
    // The table went back to the start and then through the line's positions, none outside it, to its end.
    const start = seen.findIndex((s) => JSON.stringify(s) === JSON.stringify(expected[0]));
    expect(start).toBeGreaterThanOrEqual(0);
    const after = seen.slice(start);
    const indices = after.map((s) => expected.findIndex((e) => JSON.stringify(e) === JSON.stringify(s)));
    expect(
      indices.every((i) => i >= 0),
      JSON.stringify(after),
    ).toBe(true);
    expect(indices).toEqual([...indices].sort((a, b) => a - b)); // in the line's order
    expect(after.at(-1)).toEqual(expected.at(-1));
    expect(new Set(indices).size).toBeGreaterThanOrEqual(Math.min(expected.length, 3)); // the moves were played one by one, not jumped to the end
    await context.close();
  }, 90_000);

  it("a Streak run: two solves count up with the second puzzle rated higher, a mistake ends it, and after a reload the server's best shows", async () => {
    const me = await api<{ id: string; token: string }>("POST", "/api/players", null, { name: "Streaker" });
    const page = await pageAs(running.browser, me);
    const firstServed = page.waitForResponse(isNext("start"));
    await page.goto(`${running.server.url}/?puzzle=streak`);
    const first = (await (await firstServed).json()) as Served;
    expect(first.streak).toEqual({ count: 0, best: 0, over: false });
    await myTurn(page);
    expect(await streakLine(page)).toBe(t("en", "puzzleStreakCount", { count: 0, best: 0 }));

    let posted = page.waitForResponse(isAttempt(first.id));
    await solve(page, first);
    expect(((await (await posted).json()) as Served).streak).toEqual({ count: 1, best: 1, over: false });
    await expect.poll(() => streakLine(page)).toBe(t("en", "puzzleStreakCount", { count: 1, best: 1 }));

    const secondServed = page.waitForResponse(isNext("continue"));
    await page.click("#puzzle-next");
    const second = (await (await secondServed).json()) as Served;
    expect(second.rating).toBeGreaterThan(first.rating);
    await myTurn(page);
    expect(await page.locator("#puzzle-facts").textContent()).toContain(
      t("en", "puzzleRatingIs", { rating: second.rating }),
    );
    posted = page.waitForResponse(isAttempt(second.id));
    await solve(page, second);
    await posted;
    await expect.poll(() => streakLine(page)).toBe(t("en", "puzzleStreakCount", { count: 2, best: 2 }));

    const thirdServed = page.waitForResponse(isNext("continue"));
    await page.click("#puzzle-next");
    const third = (await (await thirdServed).json()) as Served;
    expect(third.rating).toBeGreaterThan(second.rating);
    await myTurn(page);
    posted = page.waitForResponse(isAttempt(third.id));
    await keyMove(page, wrongMove(third));
    await expect.poll(() => verdict(page)).toBe(t("en", "puzzleWrong"));
    expect(((await (await posted).json()) as Served).streak).toEqual({ count: 0, best: 2, over: true });
    await expect.poll(() => spoken(page)).toContain(t("en", "puzzleStreakOver", { count: 2 }));
    expect((await api<{ bestStreak: number }>("GET", `/api/players/${me.id}/puzzles`, null)).bestStreak).toBe(2);

    // This browser's best is forgotten at the load (the init script): what shows is the server's.
    const restarted = page.waitForResponse(isNext("start"));
    await page.reload();
    expect(((await (await restarted).json()) as Served).streak).toEqual({ count: 0, best: 2, over: false });
    await myTurn(page);
    expect(await page.evaluate((key) => localStorage.getItem(key), BEST_STREAK_KEY)).toBeNull();
    await expect.poll(() => streakLine(page)).toBe(t("en", "puzzleStreakCount", { count: 0, best: 2 }));
    await page.context().close();
  }, 120_000);
});
