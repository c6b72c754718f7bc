/**
 * Every puzzle the API serves: the shipped pool (read once at start) and the puzzles found
 * in players' recorded mistakes (in the database, so every process sharing it serves the
 * same). `get` looks in both; `next` picks among the nearest of both. `daily` stays on the
 * shipped set alone, so the daily puzzle is the same offline and on every server.
 */
import { randomInt } from "node:crypto";
import { NEAREST_CHOICES, type Puzzle } from "@yourtrumps/ai";
import type { MistakeStore } from "../storage/index.js";
import { PuzzlePool } from "./puzzle-pool.js";

/** Who is asking for "next": a player (skip what they were served) or a page (skip the ids it names). */
export type Seen = { playerId: string; served: ReadonlySet<string> } | { playerId: null; exclude: ReadonlySet<string> };

export class PuzzleSource {
  constructor(
    private readonly mistakes: MistakeStore,
    readonly shipped = new PuzzlePool(),
  ) {}

  /** A puzzle by id, shipped or stored; undefined when neither has it. */
  async get(id: string): Promise<Puzzle | undefined> {
    return this.shipped.get(id) ?? (await this.mistakes.puzzle(id)) ?? undefined;
  }

  /**
   * An unseen puzzle near `rating`: one of the NEAREST_CHOICES nearest of shipped and stored
   * together, at random. `current` holds the shipped puzzles' ratings now (stored ones come
   * with theirs); `above` keeps only harder ones. Undefined when nothing unseen is left.
   */
  async next(
    rating: number,
    seen: Seen,
    current: ReadonlyMap<string, number>,
    above = -Infinity,
  ): Promise<Puzzle | undefined> {
    const skip = seen.playerId === null ? seen.exclude : seen.served;
    const shipped = this.shipped
      .nearest(rating, skip, current, above)
      .map((puzzle) => ({ puzzle, rating: current.get(puzzle.id) ?? puzzle.rating }));
    const stored = await this.mistakes.nearest({
      rating,
      above,
      seenBy: seen.playerId,
      exclude: seen.playerId === null ? [...seen.exclude] : [],
      limit: NEAREST_CHOICES,
    });
    const byId = new Map([...stored, ...shipped].map((c) => [c.puzzle.id, c])); // a stored copy of a shipped puzzle counts once
    const nearest = [...byId.values()]
      .sort((a, b) => Math.abs(a.rating - rating) - Math.abs(b.rating - rating))
      .slice(0, NEAREST_CHOICES);
    return nearest.length === 0 ? undefined : nearest[randomInt(nearest.length)]!.puzzle;
  }
}
