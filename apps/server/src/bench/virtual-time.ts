/**
 * Simulated time for a benchmark: `setTimeout`/`clearTimeout` and a clock that jump from
 * one timer to the next, so an hour of an arena runs in seconds while the code under test
 * is the real code. Promises settle between two timers (a macrotask of the real loop runs
 * in between), so async work reads as instant, which is what it is against an in-memory store.
 */
type Task = { at: number; seq: number; run: () => void };

export class VirtualTime {
  now: number;
  #tasks: Task[] = [];
  #seq = 0;
  readonly #realSetTimeout = globalThis.setTimeout;
  readonly #realClearTimeout = globalThis.clearTimeout;

  constructor(start: number) {
    this.now = start;
  }

  /** Takes over the global timers until `restore`. */
  install(): void {
    const add = (run: () => void, ms = 0): Task => {
      const task = { at: this.now + Math.max(0, ms), seq: this.#seq++, run };
      this.#tasks.push(task);
      return task;
    };
    (globalThis as { setTimeout: unknown }).setTimeout = (run: () => void, ms?: number) => add(run, ms);
    (globalThis as { clearTimeout: unknown }).clearTimeout = (task: unknown) => {
      const i = this.#tasks.indexOf(task as Task);
      if (i >= 0) this.#tasks.splice(i, 1);
    };
  }

  restore(): void {
    globalThis.setTimeout = this.#realSetTimeout;
    globalThis.clearTimeout = this.#realClearTimeout;
  }

  /** Schedules `run` at simulated time `at`. */
  at(at: number, run: () => void): void {
    this.#tasks.push({ at, seq: this.#seq++, run });
  }

  /** Runs every timer due up to `until`, in order, letting promises settle after each. */
  async runUntil(until: number): Promise<void> {
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      let next: Task | undefined;
      for (const t of this.#tasks) if (!next || t.at < next.at || (t.at === next.at && t.seq < next.seq)) next = t;
      if (!next || next.at > until) break;
      this.#tasks.splice(this.#tasks.indexOf(next), 1);
      this.now = Math.max(this.now, next.at);
      next.run();
    }
    this.now = until;
  }
}
