/**
 * The puzzles the server serves: packages/ai's shipped set, read once at start through the
 * format's one check (`parsePuzzleLine`), by id; the daily one and the nearest unseen by
 * `dailyPuzzle` / `nearestUnseenOf`, as the page offline chooses (puzzle-source.ts picks among them).
 */
import { dailyPuzzle, nearestUnseenOf, parsePuzzleLine, type Puzzle } from "@yourtrumps/ai";
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

  /** The NEAREST_CHOICES unseen puzzles nearest `rating` (its current rating from `current` when known, else its estimate), nearest first; `above` keeps only harder ones. */
  nearest(
    rating: number,
    seen: ReadonlySet<string>,
    current: ReadonlyMap<string, number> = new Map(),
    above = -Infinity,
  ): Puzzle[] {
    return nearestUnseenOf(this.all, { rating, seen, current, above });
  }
}
