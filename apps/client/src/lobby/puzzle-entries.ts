/**
 * The lobby's puzzle entries: "Daily puzzle" (with the day's goal and rating once known),
 * "Puzzles" and "Streak". One node kept across the lobby's redraws; the day's puzzle is
 * asked of the server (without the token: looking is not being served it), or offline
 * read from the shipped set, whose chunk loads only then.
 */
import { t, type Lang } from "../i18n/index.js";
import type { Api } from "../net/api.js";
import { isOnline } from "../pwa/connectivity.js";
import { el } from "../shell/dom.js";

export interface PuzzleEntriesHost {
  lang(): Lang;
  open(which: string): void; // "daily", "streak", or "next" for Puzzles
}

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

export class PuzzleEntries {
  private readonly node = el("section", { id: "puzzle-entries" });
  private facts: DailyFacts | null = null;
  private asking: Promise<void> | null = null;

  constructor(
    private readonly api: Api,
    private readonly host: PuzzleEntriesHost,
  ) {}

  /** The entries in the lobby's language; the day's facts are asked for once a day. */
  shown(): HTMLElement {
    this.render();
    const today = new Date().toISOString().slice(0, 10);
    if (this.facts?.date !== today && this.asking === null) {
      const ask = isOnline() ? this.api.puzzle(null, "daily", readDailyFacts) : shippedDailyFacts(new Date());
      this.asking = ask
        .then((facts) => {
          this.facts = facts;
          this.render();
        })
        .catch(() => {})
        .finally(() => (this.asking = null));
    }
    return this.node;
  }

  private render(): void {
    const L = this.host.lang();
    const button = (id: string, text: string, which: string): HTMLButtonElement => {
      const b = el("button", { id, type: "button" }, text);
      b.addEventListener("click", () => this.host.open(which));
      return b;
    };
    const f = this.facts;
    const daily = f
      ? t(L, "puzzleDailyIs", { goal: t(L, f.goal === "win" ? "puzzleGoalWin" : "puzzleGoalDraw"), rating: f.rating })
      : t(L, "puzzleDaily");
    this.node.replaceChildren(
      el(
        "div",
        { class: "buttons" },
        button("puzzle-daily", daily, "daily"),
        button("puzzle-next", t(L, "puzzles"), "next"),
        button("puzzle-streak", t(L, "puzzleStreak"), "streak"),
      ),
    );
  }
}
