/**
 * Which puzzle a player is given: the daily one and "Next". Pure functions of the set, so
 * the server's pool and the page offline choose alike — the daily puzzle of a date is the
 * same puzzle whether the page asked the server or read the shipped set.
 */
import type { Puzzle } from "./format.js";

/** "Next" picks at random among this many unseen puzzles nearest the player's rating. */
export const NEAREST_CHOICES = 8;

/** The rating "Next" aims at for a player without one (offline, or no identity): a new player's. */
export const UNRATED_AIM = 1500;

/** The UTC date of `now` ("2026-12-02"), the daily puzzle's key. */
export function utcDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The puzzle of a UTC date ("2026-12-02") among `puzzles`: the same for everyone that day, a different one most days. */
export function dailyPuzzle<P extends Pick<Puzzle, "id">>(puzzles: readonly P[], date: string): P | undefined {
  const byId = [...puzzles].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (byId.length === 0) return undefined;
  let h = 0x811c9dc5; // FNV-1a of the date: stable across releases as long as the set is
  for (let i = 0; i < date.length; i++) h = Math.imul(h ^ date.charCodeAt(i), 0x01000193) >>> 0;
  return byId[h % byId.length];
}

/** What "Next" chooses from. */
export interface NextAsk {
  rating: number; // the player's rating, or UNRATED_AIM
  seen: ReadonlySet<string>; // ids never to give again
  current?: ReadonlyMap<string, number>; // puzzles' ratings now, where players' results moved them from the estimate
  above?: number; // a streak: only puzzles rated above this
}

/**
 * The NEAREST_CHOICES unseen puzzles nearest `rating` (by their current rating when known,
 * else their estimate), nearest first; `above` keeps only harder ones (a streak's rising
 * ratings).
 */
export function nearestUnseenOf<P extends Pick<Puzzle, "id" | "rating">>(puzzles: readonly P[], ask: NextAsk): P[] {
  const ratingOf = (p: P): number => ask.current?.get(p.id) ?? p.rating;
  const above = ask.above ?? -Infinity;
  const open = puzzles.filter((p) => !ask.seen.has(p.id) && ratingOf(p) > above);
  return open
    .sort(
      (a, b) =>
        Math.abs(ratingOf(a) - ask.rating) - Math.abs(ratingOf(b) - ask.rating) ||
        ratingOf(a) - ratingOf(b) ||
        (a.id < b.id ? -1 : 1),
    )
    .slice(0, NEAREST_CHOICES);
}

/**
 * "Next": one of `nearestUnseenOf`, at random (`pick`: a random whole number below n —
 * crypto's randomInt on the server, getRandomValues in the page). Undefined when none is left.
 */
export function nearestUnseen<P extends Pick<Puzzle, "id" | "rating">>(
  puzzles: readonly P[],
  ask: NextAsk & { pick: (n: number) => number },
): P | undefined {
  const nearest = nearestUnseenOf(puzzles, ask);
  return nearest.length === 0 ? undefined : nearest[ask.pick(nearest.length)];
}
