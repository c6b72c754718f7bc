/**
 * An arena's standings: by score; then by performance (the average over a player's finished
 * hands of the opponent's rating +500 for a win, −500 for a loss, as lichess's); then by who
 * reached their score first. Players who have not finished a hand come after everyone who
 * has, by rating. Kept sorted as results arrive: a result moves one line (a binary search and
 * one splice), so 10,000 players are not sorted again at every hand.
 */

/** One player's line, as the director keeps it. */
export interface StandingLine {
  playerId: string;
  name: string;
  rating: number; // the player's rating when they joined
  score: number;
  hands: number; // finished hands
  wins: number;
  berserks: number; // hands they went berserk in
  fire: boolean; // their next hand is played on fire
  performanceSum: number; // Σ over finished hands of the opponent's rating ±500
  reachedAt: number; // epoch ms their score became what it is (0 before their first hand)
}

/** A line's performance, rounded; null before the first finished hand. */
export function performanceOf(line: Pick<StandingLine, "hands" | "performanceSum">): number | null {
  return line.hands === 0 ? null : Math.round(line.performanceSum / line.hands);
}

/** What a finished hand adds to a player's performance sum: the opponent's rating, ±500 for a win or a loss. */
export function performanceOfHand(opponentRating: number, result: "win" | "draw" | "loss"): number {
  return opponentRating + (result === "win" ? 500 : result === "loss" ? -500 : 0);
}

/** Negative when `a` ranks above `b`. */
export function compareLines(a: StandingLine, b: StandingLine): number {
  const played = Number(b.hands > 0) - Number(a.hands > 0);
  if (played !== 0) return played;
  if (a.hands === 0) return b.rating - a.rating || cmp(a.playerId, b.playerId);
  return (
    b.score - a.score ||
    (performanceOf(b) ?? 0) - (performanceOf(a) ?? 0) ||
    a.reachedAt - b.reachedAt ||
    b.rating - a.rating ||
    cmp(a.playerId, b.playerId)
  );
}

/** The standings, sorted at every change. */
export class Standings<Line extends StandingLine = StandingLine> {
  readonly #lines: Line[] = [];
  readonly #byId = new Map<string, Line>();

  /**
   * Adds or replaces a player's line and moves it to its place (a new object: a line is never
   * changed in place, the old one is found by its order). A replaced line moves only the lines
   * between its old place and its new one, by one each.
   */
  set(line: Line): void {
    const lines = this.#lines;
    const old = this.#byId.get(line.playerId);
    this.#byId.set(line.playerId, line);
    if (!old) {
      lines.splice(this.#placeOf(line), 0, line);
      return;
    }
    const from = this.#placeOf(old);
    const to = this.#placeOf(line); // counted with the old line still in its place
    if (to > from) {
      for (let i = from; i < to - 1; i++) lines[i] = lines[i + 1]!;
      lines[to - 1] = line;
    } else {
      for (let i = from; i > to; i--) lines[i] = lines[i - 1]!;
      lines[to] = line;
    }
  }

  get(playerId: string): Line | undefined {
    return this.#byId.get(playerId);
  }

  get size(): number {
    return this.#lines.length;
  }

  /** The first `n` lines, best first. */
  top(n: number): readonly Line[] {
    return this.#lines.slice(0, n);
  }

  /** The best-ranked line that passes `test`, read in order (as far as the first one). */
  first(test: (line: Line) => boolean): Line | undefined {
    return this.#lines.find(test);
  }

  /** Every line, best first (a line's rank is its place + 1); read only, and only until the next change. */
  get lines(): readonly Line[] {
    return this.#lines;
  }

  /** A player's rank (1 = first); 0 for someone not in the arena. */
  rankOf(playerId: string): number {
    const line = this.#byId.get(playerId);
    return line ? this.#placeOf(line) + 1 : 0;
  }

  /** Where `line` is, or goes, in the order: no two lines compare equal (the id breaks every tie). */
  #placeOf(line: StandingLine): number {
    let lo = 0;
    let hi = this.#lines.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareLines(this.#lines[mid]!, line) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
