/**
 * The puzzles the server serves: packages/ai's shipped set, read once at start through the
 * format's one check (`parsePuzzleLine`), by id and by starting rating.
 */
import { randomInt } from "node:crypto";
import { SHIPPED_PUZZLES, parsePuzzleLine, type Puzzle } from "@yourtrumps/ai";

/** "Next" picks at random among this many unseen puzzles nearest the player's rating. */
export const NEAREST_CHOICES = 8;

export class PuzzlePool {
  private readonly byId = new Map<string, Puzzle>();
  private readonly byRating: Puzzle[]; // by starting rating, then id

  constructor(lines: string = SHIPPED_PUZZLES) {
    for (const line of lines.split("\n")) {
      if (line === "") continue;
      const p = parsePuzzleLine(line);
      this.byId.set(p.id, p);
    }
    this.byRating = [...this.byId.values()].sort((a, b) => a.rating - b.rating || (a.id < b.id ? -1 : 1));
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

  /** The puzzle of a UTC date ("2026-12-02"): the same for everyone that day, a different one each day. */
  daily(date: string): Puzzle | undefined {
    const ids = [...this.byId.keys()].sort();
    if (ids.length === 0) return undefined;
    let h = 0x811c9dc5;
    for (let i = 0; i < date.length; i++) h = Math.imul(h ^ date.charCodeAt(i), 0x01000193) >>> 0;
    return this.byId.get(ids[h % ids.length]!);
  }

  /**
   * An unseen puzzle near `rating` (its current rating from `current` when known, else its
   * estimate): one of the NEAREST_CHOICES nearest, at random; `above` keeps only harder
   * ones (a streak's rising ratings). Undefined when every puzzle has been seen.
   */
  next(rating: number, seen: ReadonlySet<string>, current: ReadonlyMap<string, number> = new Map(), above = -Infinity): Puzzle | undefined {
    const nearest = this.nearest(rating, seen, current, above);
    return nearest.length === 0 ? undefined : nearest[randomInt(nearest.length)];
  }

  /** The NEAREST_CHOICES unseen puzzles nearest `rating` (as `next` rates them), nearest first. */
  nearest(rating: number, seen: ReadonlySet<string>, current: ReadonlyMap<string, number> = new Map(), above = -Infinity): Puzzle[] {
    const ratingOf = (p: Puzzle): number => current.get(p.id) ?? p.rating;
    const open = this.byRating.filter((p) => !seen.has(p.id) && ratingOf(p) > above);
    return open.sort((a, b) => Math.abs(ratingOf(a) - rating) - Math.abs(ratingOf(b) - rating)).slice(0, NEAREST_CHOICES);
  }
}
