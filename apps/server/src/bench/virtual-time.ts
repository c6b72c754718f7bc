/**
 * Simulated time for a benchmark: `setTimeout`/`clearTimeout` and a clock that jump from
 * one timer to the next, so an hour of an arena runs in seconds while the code under test
 * is the real code. Promises settle between two timers (a macrotask of the real loop runs
 * in between), so async work reads as instant, which is what it is against an in-memory store.
 */
type Task = { at: number; seq: number; run: () => void; cancelled: boolean };

/** Whether `a` runs before `b`: the earlier time, then the earlier scheduled. */
function before(a: Task, b: Task): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}

export class VirtualTime {
  now: number;
  // A binary min-heap of the timers (a cleared one stays, marked, until it comes up): the bench's own
  // bookkeeping costs next to nothing beside the code it measures, with thousands of tables' timers pending.
  #heap: Task[] = [];
  #seq = 0;
  readonly #realSetTimeout = globalThis.setTimeout;
  readonly #realClearTimeout = globalThis.clearTimeout;

  constructor(start: number) {
    this.now = start;
  }

  /** Takes over the global timers until `restore`. */
  install(): void {
    (globalThis as { setTimeout: unknown }).setTimeout = (run: () => void, ms?: number) =>
      this.#push(this.now + Math.max(0, ms ?? 0), run);
    (globalThis as { clearTimeout: unknown }).clearTimeout = (task: unknown) => {
      if (task && typeof task === "object" && "cancelled" in task) (task as Task).cancelled = true;
    };
  }

  restore(): void {
    globalThis.setTimeout = this.#realSetTimeout;
    globalThis.clearTimeout = this.#realClearTimeout;
  }

  /** Schedules `run` at simulated time `at`. */
  at(at: number, run: () => void): void {
    this.#push(at, run);
  }

  /** Runs every timer due up to `until`, in order, letting promises settle after each. */
  async runUntil(until: number): Promise<void> {
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      while (this.#heap.length > 0 && this.#heap[0]!.cancelled) this.#pop();
      const next = this.#heap[0];
      if (!next || next.at > until) break;
      this.#pop();
      this.now = Math.max(this.now, next.at);
      next.run();
    }
    this.now = until;
  }

  #push(at: number, run: () => void): Task {
    const task: Task = { at, seq: this.#seq++, run, cancelled: false };
    const heap = this.#heap;
    heap.push(task);
    for (let i = heap.length - 1; i > 0;) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
    return task;
  }

  #pop(): void {
    const heap = this.#heap;
    const last = heap.pop()!;
    if (heap.length === 0) return;
    heap[0] = last;
    for (let i = 0; ;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let least = i;
      if (l < heap.length && before(heap[l]!, heap[least]!)) least = l;
      if (r < heap.length && before(heap[r]!, heap[least]!)) least = r;
      if (least === i) break;
      [heap[i], heap[least]] = [heap[least]!, heap[i]!];
      i = least;
    }
  }
}
