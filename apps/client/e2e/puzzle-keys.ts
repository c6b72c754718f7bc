/** Moving on the puzzle page by keys alone, as a player would: the browser tests of puzzles share it. */
import type { Puzzle, PuzzleMove } from "@yourtrumps/ai";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { t } from "../src/i18n/index.js";
import { keyMoves } from "../src/puzzle/puzzle-fixtures.js";
import { waitFor } from "./harness.js";

export const verdict = (page: Page): Promise<string | null> => page.locator("#puzzle-verdict").textContent();

export async function myTurn(page: Page): Promise<void> {
  await waitFor(page, (s) => (s.view?.myTurn ?? false) && s.idle, "the player's move");
}

/**
 * Plays one move by keys alone: → to the card among the legal ones, Enter; P to pick up.
 * `after`: the table's seq when the previous move was made, so the position read is one
 * past it (a seat that beat plays its second card at once: the turn never leaves it, and a
 * busy page may not have applied the last key yet). Returns the seq it moved at.
 */
export async function keyMove(page: Page, move: PuzzleMove, after = -1): Promise<number> {
  const s = await waitFor(page, (x) => (x.view?.myTurn ?? false) && x.idle && x.view!.seq > after, "the player's move");
  if (move === "pickup") await page.keyboard.press("p");
  else {
    const legal = s.view!.hand.filter((h) => h.legal).map((h) => h.card);
    expect(legal).toContain(move);
    for (let i = 0; i <= legal.indexOf(move); i++) await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
  }
  return s.view!.seq;
}

/** Plays the tree's first accepted move at each step (`p`'s solution: the API's or the shipped set's) until the verdict is "solved". */
export async function solve(page: Page, p: Pick<Puzzle, "solution">): Promise<void> {
  let seq = -1;
  for (const m of keyMoves(p as Puzzle)) seq = await keyMove(page, m, seq);
  await expect.poll(() => verdict(page), { timeout: 20_000 }).toBe(t("en", "puzzleSolved"));
}
