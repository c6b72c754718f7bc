/**
 * The puzzles the server serves: packages/ai's shipped set, read once at start through the
 * format's one check (`parsePuzzleLine`), by id; which one to serve is `dailyPuzzle` / `nearestUnseen`.
 */
import { randomInt } from "node:crypto";
import { NEAREST_CHOICES, dailyPuzzle, nearestUnseen, parsePuzzleLine, type Puzzle } from "@yourtrumps/ai";
import { SHIPPED_PUZZLES } from "@yourtrumps/ai/puzzles/shipped";

export class PuzzlePool {
  private readonly byId = new Map<string, Puzzle>();
  private readonly all: Puzzle[];

  constructor(lines: string = SHIPPED_PUZZLES) {
    for (const line of lines.split("\n")) {
      if (line === "") continue;
      const p = parsePuzzleLine(line);
      this.byId.set(p.id, p);
    }
    this.all = [...this.byId.values()];
  }

  get size(): number {
    return this.byId.size;
  }

  /** Every puzzle's id. */
  ids(): string[] {
    return [...this.byId.keys()];
  }

  get(id: string): Puzzle | undefined {
    return this.byId.get(id);
  }

  /** The puzzle of a UTC date ("2026-12-02"): the same for everyone that day, and the same the page offline picks (`dailyPuzzle`). */
  daily(date: string): Puzzle | undefined {
    return dailyPuzzle(this.all, date);
  }

  /**
   * An unseen puzzle near `rating` (its current rating from `current` when known, else its
   * estimate), chosen by `nearestUnseen`; `above` keeps only harder ones (a streak's rising
   * ratings). Undefined when every puzzle has been seen.
   */
  next(rating: number, seen: ReadonlySet<string>, current: ReadonlyMap<string, number> = new Map(), above = -Infinity): Puzzle | undefined {
    return nearestUnseen(this.all, { rating, seen, current, above, pick: (n) => randomInt(n) });
  }

  /** The NEAREST_CHOICES unseen puzzles nearest `rating` (as `next` rates them), nearest first. */
  nearest(rating: number, seen: ReadonlySet<string>, current: ReadonlyMap<string, number> = new Map(), above = -Infinity): Puzzle[] {
    const ratingOf = (p: Puzzle): number => current.get(p.id) ?? p.rating;
    const open = this.all.filter((p) => !seen.has(p.id) && ratingOf(p) > above);
    return open.sort((a, b) => Math.abs(ratingOf(a) - rating) - Math.abs(ratingOf(b) - rating)).slice(0, NEAREST_CHOICES);
  }
}
