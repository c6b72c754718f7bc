/**
 * What the table draws ahead while the page has nothing to do: the strings a next move is
 * likely to need (text-pool.ts's `prepare`), so the move's own show redraws no text. One
 * piece of work waits at a time — a newer one replaces it, since it knows the newer table —
 * and runs in an idle period (`requestIdleCallback`, where the browser has it; otherwise a
 * short timeout), or within `timeoutMs` at the latest.
 */
export class IdleWork {
  private work: (() => void) | null = null;
  private waiting = false;

  constructor(private readonly timeoutMs = 1000) {}

  /** Work waits to run. */
  get pending(): boolean {
    return this.work !== null;
  }

  schedule(work: () => void): void {
    this.work = work;
    if (this.waiting) return;
    this.waiting = true;
    const run = () => {
      this.waiting = false;
      const next = this.work;
      this.work = null;
      next?.();
    };
    if (typeof requestIdleCallback === "function") requestIdleCallback(run, { timeout: this.timeoutMs });
    else setTimeout(run, 50);
  }

  /** Drops the work waiting (the table goes away). */
  cancel(): void {
    this.work = null;
  }
}
