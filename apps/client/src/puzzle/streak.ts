/**
 * Streak: puzzles of rising rating until the first mistake. The next puzzle must be rated
 * above the last one solved; the run's count and the best run are kept (the server keeps
 * a player's own best of rated solves; offline the page keeps it in localStorage).
 */
export const BEST_STREAK_KEY = "yt.puzzles.bestStreak";

export class Streak {
  count = 0; // puzzles solved in this run
  over = false; // a mistake ended it
  private floor = -Infinity; // the last solved puzzle's rating: the next one is above it

  constructor(private best: number) {}

  /** The best run so far, this one included. */
  get bestCount(): number {
    return Math.max(this.best, this.count);
  }

  /** What the next puzzle must be rated above (undefined for the first). */
  get above(): number | undefined {
    return this.floor === -Infinity ? undefined : this.floor;
  }

  solved(rating: number): void {
    if (this.over) return;
    this.count++;
    this.floor = Math.max(this.floor, rating);
  }

  failed(): void {
    this.over = true;
  }

  /** A new run after a mistake: from the bottom again, the best kept. */
  restart(): void {
    this.best = this.bestCount;
    this.count = 0;
    this.over = false;
    this.floor = -Infinity;
  }
}

/** The best streak this browser has seen (offline, or with no identity). */
export function savedBestStreak(storage: Storage): number {
  const n = Number(storage.getItem(BEST_STREAK_KEY));
  return Number.isInteger(n) && n > 0 ? n : 0;
}

export function saveBestStreak(storage: Storage, best: number): void {
  if (best > savedBestStreak(storage)) storage.setItem(BEST_STREAK_KEY, String(best));
}
