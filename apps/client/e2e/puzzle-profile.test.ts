import type { PuzzleMove, PuzzleStep } from "@yourtrumps/ai";
import { legalMoves } from "@yourtrumps/engine";
import { puzzleHand, toPuzzleMove } from "@yourtrumps/ai";
import { describe, expect, it } from "vitest";
import { t } from "../src/i18n/index.js";
import { IDENTITY_KEY } from "../src/net/identity.js";
import { artifactPath, DESKTOP, serverAndBrowser } from "./harness.js";

/**
 * The profile's puzzle part and the leaderboard's Puzzles tab, in the browser against a
 * real server and its own database: a player made through the API solves and fails real
 * puzzles until the rating is established, and the page shows what the server recorded.
 */
const running = serverAndBrowser();

interface Served {
  id: string;
  position: Parameters<typeof puzzleHand>[0];
  solution: PuzzleStep;
}

/** The player's moves along the first accepted path of a solution tree. */
function firstSolve(s: PuzzleStep | null): PuzzleMove[] {
  if (s === null) return [];
  if ("reply" in s) return firstSolve(s.next);
  const [move, child] = Object.entries(s.accept)[0]! as [PuzzleMove, PuzzleStep | null];
  return [move, ...firstSolve(child)];
}

async function api<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { "Content-Type": "application/json" } : {}) };
  const response = await fetch(running.server.url + path, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

interface PuzzleRecord {
  rating: number;
  provisional: boolean;
  solved: number;
  failed: number;
  bestStreak: number;
}

describe("puzzles on the profile and the leaderboard", () => {
  it("the profile shows the puzzle rating, solved / failed and the best streak; the Puzzles tab lists the player", async () => {
    const me = await api<{ id: string; token: string }>("POST", "/api/players", null, { name: "Puzzler" });
    // Three solves in a row (the best streak), then solves and failures by turns until the rating is established.
    let record = await api<PuzzleRecord>("GET", `/api/players/${me.id}/puzzles`, null);
    for (let i = 0; record.provisional; i++) {
      if (i > 100) throw new Error("the puzzle rating never became established");
      const p = await api<Served>("GET", "/api/puzzles/next", me.token);
      const solve = i < 3 || i % 2 === 0;
      const wrong = legalMoves(puzzleHand(p.position)).map(toPuzzleMove).find((m) => !("accept" in p.solution && m in p.solution.accept))!;
      await api("POST", `/api/puzzles/${p.id}/attempts`, me.token, solve ? { moves: firstSolve(p.solution), result: "solved" } : { moves: [wrong], result: "failed" });
      record = await api<PuzzleRecord>("GET", `/api/players/${me.id}/puzzles`, null);
    }
    expect(record.bestStreak).toBe(3);

    const context = await running.browser.newContext({ ...DESKTOP, locale: "en-GB" });
    await context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [IDENTITY_KEY, JSON.stringify({ id: me.id, token: me.token })]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(running.server.url + "/");
    const line = `${t("en", "puzzleRatingLine", { rating: Math.round(record.rating) })} · ${t("en", "puzzleRecordLine", { solved: record.solved, failed: record.failed, best: 3 })}`;
    await expect.poll(() => page.textContent("#puzzle-rating"), { timeout: 20_000 }).toBe(line);
    expect(line).not.toContain("?"); // established: no provisional mark
    await page.screenshot({ path: artifactPath("puzzle-profile-desktop.png") });

    await page.click("#open-leaderboard");
    await page.click("#tab-puzzles");
    expect(await page.getAttribute("#tab-puzzles", "aria-selected")).toBe("true");
    const mine = page.locator("#leaderboard-table tbody tr.me");
    await mine.waitFor();
    expect(await mine.getAttribute("data-player")).toBe(me.id);
    const cells = await mine.locator("td").evaluateAll((tds) => tds.slice(0, 4).map((td) => td.textContent));
    expect(cells).toEqual(["1", `Puzzler ${t("en", "you")}`, String(Math.round(record.rating)), String(record.solved)]);
    expect(await page.locator("#leaderboard-table thead th").nth(3).textContent()).toBe(t("en", "colSolved"));
    await page.screenshot({ path: artifactPath("puzzle-leaderboard-desktop.png") });
    expect(errors).toEqual([]);
    await context.close();
  }, 200_000);
});
