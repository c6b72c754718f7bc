/**
 * The room's way to record hands without waiting on the database: `enqueue` returns at
 * once and never throws; a background loop writes records one at a time, in order.
 *
 * When the database is down, records stay in memory and the loop retries the oldest with
 * exponential backoff (with jitter, so processes do not retry in step), up to `maxQueued`
 * records. Retrying is safe because recordHand is idempotent on the hand id: a write whose
 * acknowledgement was lost is not applied twice. A record that can never be written (a
 * RecordError, a constraint violation) is dropped and reported, so it cannot block the rest.
 * Records still queued when the process ends are lost: `flush` on shutdown keeps that window
 * short.
 */
import type { HandRecord } from "../storage/hand-record.js";
import { isPermanentError } from "../storage/errors.js";
import type { RecordResult } from "../storage/record-hand.js";
import { retryDelay } from "../database/retry-delay.js";
import { silentLogger, type Logger } from "../logging/logger.js";

export interface WriterStatus {
  db: "up" | "down"; // down from a failed write until the next one succeeds
  queued: number; // records not yet committed
}

/** How one record ended: committed (newly, or already there), or dropped. Never a rejection. */
export type CommitOutcome = { ok: true; result: RecordResult } | { ok: false; error: Error };

export interface RecordWriterOptions {
  retryMinMs?: number; // first backoff, default 250
  retryMaxMs?: number; // longest backoff, default 30 000
  maxQueued?: number; // records kept while the database is down, default 10 000
  log?: Logger; // default none; one line per outage and per dropped record
}

interface Pending {
  record: HandRecord;
  done: Promise<CommitOutcome>;
  settle: (outcome: CommitOutcome) => void;
}

export class RecordWriter {
  private readonly queue: Pending[] = [];
  private readonly byId = new Map<string, Pending>();
  private readonly idleWaiters = new Set<() => void>();
  private readonly retryMinMs: number;
  private readonly retryMaxMs: number;
  private readonly maxQueued: number;
  private readonly log: Logger;
  private running = false;
  private closed = false;
  private failures = 0; // consecutive failed attempts
  private wakeFromBackoff: (() => void) | null = null;

  constructor(
    private readonly write: (record: HandRecord) => Promise<RecordResult>,
    options: RecordWriterOptions = {},
  ) {
    this.retryMinMs = options.retryMinMs ?? 250;
    this.retryMaxMs = options.retryMaxMs ?? 30_000;
    this.maxQueued = options.maxQueued ?? 10_000;
    this.log = options.log ?? silentLogger();
  }

  /**
   * Queues a record; the promise resolves once it is committed (hold the rematch until
   * then) or dropped. The same hand id queued twice shares one write.
   */
  enqueue(record: HandRecord): Promise<CommitOutcome> {
    const queued = this.byId.get(record.id);
    if (queued !== undefined) return queued.done;
    if (this.closed) return Promise.resolve({ ok: false, error: new Error("the record writer is closed") });
    if (this.queue.length >= this.maxQueued) {
      this.log.warn(
        { handId: record.id },
        `hand not recorded: ${this.queue.length} records already wait for the database`,
      );
      return Promise.resolve({ ok: false, error: new Error("the record queue is full") });
    }
    let settle!: (outcome: CommitOutcome) => void;
    const done = new Promise<CommitOutcome>((resolve) => (settle = resolve));
    const pending = { record, done, settle };
    this.queue.push(pending);
    this.byId.set(record.id, pending);
    void this.drain();
    return done;
  }

  /** For /health. */
  status(): WriterStatus {
    return { db: this.failures > 0 ? "down" : "up", queued: this.queue.length };
  }

  /**
   * On shutdown: retries at once, then resolves true when the queue is empty, or false
   * when `timeoutMs` passes first (the records still queued are then lost with the process).
   */
  flush(timeoutMs: number): Promise<boolean> {
    if (this.queue.length === 0) return Promise.resolve(true);
    this.wakeFromBackoff?.();
    return new Promise((resolve) => {
      const idle = (): void => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.idleWaiters.delete(idle);
        resolve(false);
      }, timeoutMs);
      this.idleWaiters.add(idle);
    });
  }

  /** Stops writing; records still queued resolve as not written. */
  close(): void {
    this.closed = true;
    this.wakeFromBackoff?.();
    for (const p of this.queue.splice(0))
      this.finish(p, { ok: false, error: new Error("the record writer closed before this record was written") });
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.length > 0 && !this.closed) {
        // A write that answers in microtasks (PGlite did while it ran on this thread; a
        // test's fake does): without this, a backlog of records would be written in one
        // stretch that no timer, socket or room message could interrupt.
        await new Promise((resolve) => setImmediate(resolve));
        const head = this.queue[0]!;
        try {
          const result = await this.write(head.record);
          if (this.failures > 0) this.log.info(`database up again: ${this.queue.length} queued records being written`);
          this.failures = 0;
          this.queue.shift();
          this.finish(head, { ok: true, result });
        } catch (e) {
          const error = e instanceof Error ? e : new Error(String(e));
          if (isPermanentError(e)) {
            this.log.error({ handId: head.record.id, err: error }, "hand dropped, it can never be written");
            this.queue.shift();
            this.finish(head, { ok: false, error });
            continue;
          }
          if (this.failures === 0)
            this.log.warn(`database down (${error.message}): ${this.queue.length} records queued, retrying`);
          this.failures++;
          await this.backoff();
        }
      }
    } finally {
      this.running = false;
    }
    if (this.queue.length > 0 || this.closed) return; // after close(), flush times out: nothing more was written
    for (const idle of [...this.idleWaiters]) idle();
    this.idleWaiters.clear();
  }

  private finish(p: Pending, outcome: CommitOutcome): void {
    this.byId.delete(p.record.id);
    p.settle(outcome);
  }

  private backoff(): Promise<void> {
    const delay = retryDelay(this.failures, this.retryMinMs, this.retryMaxMs);
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        this.wakeFromBackoff = null;
        resolve();
      };
      const timer = setTimeout(wake, delay);
      this.wakeFromBackoff = wake;
    });
  }
}
