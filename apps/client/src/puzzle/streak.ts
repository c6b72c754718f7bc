/**
 * Streak: puzzles of rising rating until the first mistake. The next puzzle must be rated
 * above the last one solved; the run's count and the best run are kept. Online with an
 * identity the server counts the run too, from the puzzles it served for it, and keeps the
 * player's best; this browser keeps the best of the runs played here in localStorage, and
 * the page shows the larger of the two.
 */
export const BEST_STREAK_KEY = "yt.puzzles.bestStreak";

/** Which puzzle of a run the page asks the server for: a new run's first, or the next after a solve. */
export type StreakAsk = "start" | "continue";

/** A run as the server counted it (a Streak puzzle's answer, or the first try's). */
export interface ServerRun {
  count: number; // solved at the first try in a row, in this run
  best: number; // the player's longest run on the server
  over: boolean; // a failure ended it
}

export class Streak {
  count = 0; // puzzles solved in this run
  over = false; // a mistake ended it
  private floor = -Infinity; // the last solved puzzle's rating: the next one is above it

  constructor(private best: number) {}

  /** The best run so far, this one included. */
  get bestCount(): number {
    return Math.max(this.best, this.count);
  }

  /** What the page asks the server for next: a new run until one puzzle is solved, then the run's next. */
  get ask(): StreakAsk {
    return this.count === 0 || this.over ? "start" : "continue";
  }

  /** The server's word on the player's best (it counted runs this browser may not have seen). */
  heard(run: ServerRun): void {
    this.best = Math.max(this.best, run.best);
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

/** The best streak played in this browser (the server's best is the identity's, from every browser). */
export function savedBestStreak(storage: Storage): number {
  const n = Number(storage.getItem(BEST_STREAK_KEY));
  return Number.isInteger(n) && n > 0 ? n : 0;
}

export function saveBestStreak(storage: Storage, best: number): void {
  if (best > savedBestStreak(storage)) storage.setItem(BEST_STREAK_KEY, String(best));
}

/** A run from the server's answer, or null when it has none (or not in this shape). */
export function readServerRun(body: unknown): ServerRun | null {
  const run = (body as { streak?: unknown } | null)?.streak;
  if (typeof run !== "object" || run === null) return null;
  const { count, best, over } = run as Record<string, unknown>;
  const whole = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0;
  return whole(count) && whole(best) && typeof over === "boolean" ? { count, best, over } : null;
}
