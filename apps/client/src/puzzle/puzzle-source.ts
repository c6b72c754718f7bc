/**
 * Where the page's puzzles come from. Online with an identity: the server, which notes
 * what it served and rates the first try. Offline or without an identity: the shipped
 * set, loaded only by the puzzle page (`@yourtrumps/ai/puzzles/shipped`, a chunk of its
 * own), unrated; "Next" then picks an unseen one near UNRATED_AIM, the ids seen kept in
 * localStorage. The daily puzzle is `dailyPuzzle` of the same set either way.
 */
import {
  dailyPuzzle,
  nearestUnseen,
  parsePuzzleLine,
  puzzleLine,
  utcDate,
  UNRATED_AIM,
  type Puzzle,
} from "@yourtrumps/ai";
import type { Api } from "../net/api.js";
import type { FirstTry } from "./puzzle-run.js";
import { readServerRun, type ServerRun, type StreakAsk } from "./streak.js";

export const SEEN_KEY = "yt.puzzles.seen";

/** A puzzle as the page got it. */
export interface Served {
  puzzle: Puzzle;
  rated: boolean; // served by the server to this player: its first try is rated
  daily: string | null; // the UTC date it is the daily puzzle of
  streak?: ServerRun; // served by the server for a Streak run: the run as it stands
}

/** What the server said of a rated try. */
export interface RatedTry {
  before: number;
  after: number;
  streak: ServerRun | null; // the try was at the server's Streak puzzle: the run after it
}

/** What "Next" asks for: harder than `above`; in a Streak, the run's puzzle (`streak`). */
export interface NextAsk {
  above?: number;
  streak?: StreakAsk;
}

export interface PuzzleSourceParts {
  api: Api;
  token: () => string | null; // the confirmed identity's token, or null
  online: () => boolean;
  storage: Storage; // localStorage: the ids seen offline
  pick: (n: number) => number; // a random whole number below n
  now: () => Date;
}

let shipped: Promise<Puzzle[]> | null = null;

/** The shipped set, parsed once (its chunk loads on the first call). */
export function shippedPuzzles(): Promise<Puzzle[]> {
  shipped ??= import("@yourtrumps/ai/puzzles/shipped").then(({ SHIPPED_PUZZLES }) =>
    SHIPPED_PUZZLES.split("\n")
      .filter((l) => l !== "")
      .map(parsePuzzleLine),
  );
  return shipped;
}

/** The day's puzzle of the shipped set, as the lobby shows it offline. */
export async function shippedDaily(now: Date): Promise<{ date: string; goal: Puzzle["goal"]; rating: number } | null> {
  const date = utcDate(now);
  const p = dailyPuzzle(await shippedPuzzles(), date);
  return p ? { date, goal: p.goal, rating: p.rating } : null;
}

export class PuzzleSource {
  constructor(private readonly parts: PuzzleSourceParts) {}

  /** Whether puzzles come from the server now (rated), or from the shipped set. */
  get rated(): boolean {
    return this.parts.online() && this.parts.token() !== null;
  }

  /** The puzzle `which` names: an id, or "daily". Rejects when there is no such puzzle. */
  async get(which: string): Promise<Served> {
    const served =
      (this.rated ? await this.fromServer(which === "daily" ? "daily" : encodeURIComponent(which)) : null) ??
      (await this.fromSet(which));
    if (served === null) throw new Error(`there is no puzzle ${which}`);
    this.seen(served.puzzle.id);
    return served;
  }

  /**
   * An unseen puzzle near the player's rating (above `above` in a streak); null when none is
   * left. A Streak's asks the server for its run's puzzle (`streak`), which the server counts;
   * the shipped set stands in when it cannot be asked (unrated, uncounted).
   */
  async next(ask: NextAsk = {}): Promise<Served | null> {
    const { above, streak } = ask;
    const query = new URLSearchParams({
      ...(above === undefined ? {} : { above: String(Math.floor(above)) }),
      ...(streak === undefined ? {} : { streak }),
    }).toString();
    const fromServer = this.rated ? await this.fromServer(`next${query === "" ? "" : `?${query}`}`) : null;
    if (fromServer !== null) return fromServer;
    const all = await shippedPuzzles();
    const p = nearestUnseen(all, {
      rating: UNRATED_AIM,
      seen: this.seenIds(),
      pick: this.parts.pick,
      ...(above === undefined ? {} : { above }),
    });
    if (p === undefined) return null;
    this.seen(p.id);
    return { puzzle: p, rated: false, daily: null };
  }

  /** Posts a rated puzzle's first try; the rating change, or null (unrated, or the server could not be asked). */
  async attempt(served: Served, first: FirstTry): Promise<RatedTry | null> {
    const token = this.parts.token();
    if (!served.rated || token === null || first.moves.length === 0) return null;
    try {
      return await this.parts.api.puzzleAttempt(
        token,
        served.puzzle.id,
        { moves: first.moves, result: first.result },
        readRatedTry,
      );
    } catch {
      return null;
    }
  }

  private async fromServer(path: string): Promise<Served | null> {
    try {
      return await this.parts.api.puzzle(this.parts.token(), path, readServed);
    } catch {
      return null; // the shipped set stands in, unrated
    }
  }

  private async fromSet(which: string): Promise<Served | null> {
    const all = await shippedPuzzles();
    if (which === "daily") {
      const date = utcDate(this.parts.now());
      const p = dailyPuzzle(all, date);
      return p ? { puzzle: p, rated: false, daily: date } : null;
    }
    const p = all.find((q) => q.id === which);
    return p ? { puzzle: p, rated: false, daily: null } : null;
  }

  private seenIds(): Set<string> {
    try {
      const list: unknown = JSON.parse(this.parts.storage.getItem(SEEN_KEY) ?? "[]");
      return new Set(Array.isArray(list) ? list.filter((x): x is string => typeof x === "string") : []);
    } catch {
      return new Set();
    }
  }

  private seen(id: string): void {
    const ids = this.seenIds();
    ids.add(id);
    this.parts.storage.setItem(SEEN_KEY, JSON.stringify([...ids]));
  }
}

/** A puzzle answer, through the format's one check: its line is written and read back. */
export function readServed(body: unknown): Served | null {
  if (typeof body !== "object" || body === null) return null;
  try {
    const puzzle = parsePuzzleLine(puzzleLine(body as Puzzle));
    const daily = (body as { daily?: unknown }).daily;
    const streak = readServerRun(body);
    return {
      puzzle,
      rated: true,
      daily: typeof daily === "string" ? daily : null,
      ...(streak === null ? {} : { streak }),
    };
  } catch {
    return null;
  }
}

function readRatedTry(body: unknown): RatedTry | null {
  const player = (body as { player?: { before?: unknown; after?: unknown } } | null)?.player;
  return typeof player?.before === "number" && typeof player.after === "number"
    ? { before: player.before, after: player.after, streak: readServerRun(body) }
    : null;
}
