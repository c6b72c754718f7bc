/**
 * The puzzle page, `?puzzle=<id>` (also `daily` and `streak`): a puzzle on the game's own
 * table (PuzzleTable through the TableController: the same animation, mouse and keys), its
 * panel beside it, and what follows a result — the attempt posted, Try again, Show the
 * solution, Next. Loaded as a chunk of its own, with the shipped set, only on this page.
 */
import { t, type Key } from "../i18n/index.js";
import { WorkerComputer } from "../local/computer.js";
import type { OpenedEntry } from "../net/table-session.js";
import type { LiveRegion } from "../shell/live.js";
import { go } from "../shell/route.js";
import type { Settings } from "../shell/settings.js";
import { PuzzlePanel, type PuzzleChoice } from "./puzzle-panel.js";
import { PuzzleRun } from "./puzzle-run.js";
import { PuzzleSource, type PuzzleSourceParts, type Served } from "./puzzle-source.js";
import { PuzzleTable, type PuzzleEvent } from "./puzzle-table.js";
import { Streak, saveBestStreak, savedBestStreak } from "./streak.js";

/** The defence's pause before a reply (a person's, not a machine's instant answer); the browser tests' build waits less. */
export const REPLY_PAUSE_MS = __TEST_HOOK__ ? 60 : 600;

/** The performance marks the bench reads: the first move can be made; a move's verdict shows. */
export const READY_MARK = "puzzle-ready";
export const VERDICT_MARK = "puzzle-verdict";

/** What the page needs from the app. */
export interface PuzzlePageHost {
  settings(): Settings;
  enter(entry: OpenedEntry): Promise<void>; // the first puzzle's table
  switchTo(entry: OpenedEntry): Promise<void>; // the next one's, in place of the last
  live: LiveRegion;
  toast(text: string): void;
  table: HTMLElement; // the canvas's parent: the focus goes back there for the next move
}

export class PuzzlePage {
  private readonly panel: PuzzlePanel;
  private readonly source: PuzzleSource;
  private readonly streak: Streak | null;
  private computer: WorkerComputer | null = null; // the refutations' solver, started with the first wrong move
  private served: Served | null = null;
  private table: PuzzleTable | null = null;
  private entered = false;
  private readonly judged = new WeakSet<PuzzleRun>(); // the puzzles whose first try is posted and counted
  private posting: Promise<void> | null = null; // the last first try on its way: a Streak's next waits for the server to count it
  private closed = false;

  constructor(
    private readonly host: PuzzlePageHost,
    sourceParts: PuzzleSourceParts,
    private readonly which: string, // an id, "daily", "next" (one near the player's rating) or "streak"
  ) {
    this.source = new PuzzleSource(sourceParts);
    this.streak = which === "streak" ? new Streak(savedBestStreak(sourceParts.storage)) : null;
    this.panel = new PuzzlePanel(
      () => host.settings().lang,
      (c) => void this.chose(c),
    );
  }

  /** Shows the puzzle the address names; false when there is none (the app goes to the lobby). */
  async start(): Promise<boolean> {
    document.body.classList.add("puzzling");
    document.body.append(this.panel.node);
    try {
      const served = this.streak
        ? await this.source.next({ streak: "start" })
        : this.which === "next"
          ? await this.source.next()
          : await this.source.get(this.which);
      if (served === null) throw new Error("none left");
      await this.show(served);
      performance.mark(READY_MARK);
      return true;
    } catch {
      this.host.toast(this.tr(this.streak ? "puzzleNoneLeft" : "puzzleNotFound"));
      this.close();
      return false;
    }
  }

  /** The table was left (the ⚙ menu's Leave): the panel goes, the table gets its room back. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.computer?.close();
    this.panel.node.remove();
    document.body.classList.remove("puzzling");
    dispatchEvent(new Event("resize")); // the table's size changed
  }

  private async show(served: Served): Promise<void> {
    this.served = served;
    const run = new PuzzleRun(served.puzzle);
    const settings = this.host.settings();
    const entry: OpenedEntry = {
      kind: "opened",
      open: (events) =>
        (this.table = new PuzzleTable(run, events, {
          name: settings.name || t(settings.lang, "namePlaceholder"),
          pauseMs: REPLY_PAUSE_MS,
          refute: (position) => (this.computer ??= new WorkerComputer()).refute(position),
          told: (e) => this.told(run, e),
        })),
    };
    this.panel.show(served.puzzle, served.daily);
    this.panel.rate(served.rated ? "" : this.tr("puzzleUnrated"));
    if (served.streak) this.streak?.heard(served.streak);
    this.panel.streakIs(this.streak && this.streak.count, this.streak?.bestCount ?? 0);
    if (this.streak === null && !served.daily && this.which !== served.puzzle.id)
      go({ kind: "puzzle", which: served.puzzle.id });
    if (this.entered) await this.host.switchTo(entry);
    else await this.host.enter(entry);
    this.entered = true;
    await new Promise((ok) => setTimeout(ok, 0)); // the table's first snapshot is delivered in a task of its own
    this.host.live.say([this.panel.headingText(), this.tr("puzzleYourMove")]);
  }

  private told(run: PuzzleRun, e: PuzzleEvent): void {
    if (this.closed || run !== this.table?.run) return;
    if (e.kind === "verdict") {
      const key: Key = e.verdict === "kept" ? "puzzleKept" : e.verdict === "solved" ? "puzzleSolved" : "puzzleWrong";
      this.host.live.say([this.panel.say(key)]);
      performance.mark(VERDICT_MARK);
      if (e.verdict === "kept") return;
      this.posting = this.result(run);
      if (e.verdict === "solved") this.offer(["next"]);
      return;
    }
    if (e.after === "refutation") {
      this.panel.say("puzzleRefuted");
      this.host.live.say([this.tr("puzzleRefuted")]);
      this.offer(["retry", "solution", "next"]);
    }
    if (e.after === "solution") this.offer(["retry", "next"]);
  }

  /** The first try's result: posted (rated), and counted in a streak. */
  private async result(run: PuzzleRun): Promise<void> {
    const served = this.served;
    const first = run.firstTry;
    if (!served || !first || run.puzzle.id !== served.puzzle.id || this.judged.has(run)) return;
    this.judged.add(run);
    if (this.streak && !this.streak.over) {
      if (first.result === "solved") this.streak.solved(run.puzzle.rating);
      else this.streak.failed();
      saveBestStreak(localStorage, this.streak.count); // this browser's own runs; the server's best is read back, not copied here
      this.panel.streakIs(this.streak.count, this.streak.bestCount);
      if (this.streak.over) this.host.live.say([this.tr("puzzleStreakOver", { count: this.streak.count })]);
    }
    const change = await this.source.attempt(served, first);
    if (change?.streak && this.streak && !this.closed) {
      this.streak.heard(change.streak);
      this.panel.streakIs(this.streak.count, this.streak.bestCount);
    }
    if (change !== null && !this.closed) {
      const text = this.tr("puzzleRatingChange", {
        before: Math.round(change.before),
        after: Math.round(change.after),
      });
      this.panel.rate(text);
      this.host.live.say([text]);
    }
  }

  /** Offers the choices after a result, announced and focused (Tab and Enter go on from there). */
  private offer(choices: PuzzleChoice[]): void {
    this.panel.offer(choices);
    this.host.live.say([this.tr("puzzleChoices")]);
    this.panel.focusChoice();
  }

  private async chose(choice: PuzzleChoice): Promise<void> {
    const table = this.table;
    if (!table || this.closed) return;
    switch (choice) {
      case "retry":
        this.panel.offer([]);
        this.panel.showSolution(null);
        this.panel.say("puzzleYourMove");
        table.retry();
        this.host.table.focus({ preventScroll: true });
        return;
      case "solution":
        this.panel.offer([]);
        this.panel.say("puzzleShowing");
        this.panel.showSolution(table.showSolution());
        this.host.live.say([this.panel.lineText()]);
        return;
      case "next":
        return this.next();
      default: {
        const never: never = choice;
        return never;
      }
    }
  }

  private async next(): Promise<void> {
    if (this.streak?.over) this.streak.restart();
    this.panel.offer([]);
    await this.posting; // a Streak's run goes on from the count the server has made
    const served = await this.source
      .next(
        this.streak
          ? { streak: this.streak.ask, ...(this.streak.above === undefined ? {} : { above: this.streak.above }) }
          : {},
      )
      .catch(() => null);
    if (this.closed) return;
    if (served === null) return this.host.toast(this.tr("puzzleNoneLeft"));
    await this.show(served);
    this.host.table.focus({ preventScroll: true });
  }

  private tr(key: Key, params?: Record<string, string | number>): string {
    return t(this.host.settings().lang, key, params);
  }
}
