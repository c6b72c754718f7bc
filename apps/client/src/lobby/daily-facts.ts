/**
 * The day's puzzle as the lobby's "Daily puzzle" names it (its goal and rating): asked of
 * the server (without the token: looking is not being served it), or offline read from
 * the shipped set, whose chunk loads only then.
 */
import type { Api } from "../net/api.js";
import { isOnline } from "../pwa/connectivity.js";

/** The day's puzzle as the lobby shows it. */
export interface DailyFacts {
  date: string;
  goal: "win" | "draw";
  rating: number;
}

function readDailyFacts(body: unknown): DailyFacts | null {
  const b = body as { daily?: unknown; goal?: unknown; rating?: unknown } | null;
  if (typeof b?.daily !== "string" || (b.goal !== "win" && b.goal !== "draw") || typeof b.rating !== "number")
    return null;
  return { date: b.daily, goal: b.goal, rating: b.rating };
}

async function shippedDailyFacts(now: Date): Promise<DailyFacts | null> {
  const { shippedDaily } = await import("../puzzle/puzzle-source.js"); // the AI's puzzle code and the shipped set stay out of the lobby's chunk
  return shippedDaily(now);
}

/** The day's puzzle's facts, asked for at most once a day (the lobby shows them on its Daily puzzle button). */
export class DailyPuzzle {
  private facts: DailyFacts | null = null;
  private asking: Promise<void> | null = null;

  constructor(
    private readonly api: Api,
    private readonly changed: (facts: DailyFacts | null) => void,
  ) {}

  get known(): DailyFacts | null {
    return this.facts;
  }

  /** Asks for today's facts unless they are known or on their way. */
  ask(): void {
    const today = new Date().toISOString().slice(0, 10);
    if (this.facts?.date === today || this.asking !== null) return;
    const ask = isOnline() ? this.api.puzzle(null, "daily", readDailyFacts) : shippedDailyFacts(new Date());
    this.asking = ask
      .then((facts) => {
        this.facts = facts;
        this.changed(facts);
      })
      .catch(() => {})
      .finally(() => (this.asking = null));
  }
}
