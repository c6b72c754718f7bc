/**
 * "Learn from your mistakes", server side: once a duel with a person in it is on record,
 * its mistake puzzles are looked for (packages/ai's `mistakesOf`, the exact solver on every
 * small endgame position of the hand: up to seconds of CPU) and stored as that person's.
 *
 * Why a lane of its own: the search is far longer than any move or hint, so on the tables'
 * search pool it would hold a worker a move is waiting for. Here it gets one worker thread
 * (an AiPool of size 1, started on first use), takes one hand at a time, and waits while
 * the tables' searches are queued (`busy`): found a little later is as good as found.
 *
 * Why bounded: hands end in bursts (a tournament round, a restart's abandoned tables), and
 * a queue that grew with them would hold every record in memory. Past `maxQueued` a hand
 * is skipped and counted, never queued; its mistakes are lost, its record is not.
 */
import { AiPool } from "@yourtrumps/ai";
import type { FoundMistake, HandRecord, MistakeStore } from "../storage/index.js";

export interface MistakeFinderOptions {
  maxQueued?: number; // hands waiting at most, default 64
  budget?: number; // each exact solve's budget in positions, default the generator's
  busy?: () => boolean; // the tables' searches are queued: wait (default: never)
  busyWaitMs?: number; // how long to wait then before looking again, default 1000
  log?: (line: string) => void;
}

export interface MistakeFinderStatus {
  queued: number; // hands waiting
  running: boolean; // a hand is being searched
  searched: number; // hands searched since the start
  found: number; // mistakes stored since the start
  skipped: number; // hands not searched: the queue was full
  failed: number; // hands whose search or store failed
}

/** The seats of a recorded hand whose mistakes are looked for: a person's, held by them to the end, in a duel. */
export function personSeats(record: HandRecord): number[] {
  if (record.setup.players !== 2) return [];
  return record.seats.flatMap((s, seat) => (s.playerId !== null && s.computer === null ? [seat] : []));
}

export class MistakeFinder {
  private readonly queue: HandRecord[] = [];
  private readonly maxQueued: number;
  private readonly busyWaitMs: number;
  private readonly log: (line: string) => void;
  private readonly idleWaiters = new Set<() => void>();
  private pool: AiPool | null = null;
  private running = false;
  private closed = false;
  private wait: NodeJS.Timeout | null = null;
  private counts = { searched: 0, found: 0, skipped: 0, failed: 0 };

  constructor(
    private readonly store: MistakeStore,
    private readonly o: MistakeFinderOptions = {},
  ) {
    this.maxQueued = o.maxQueued ?? 64;
    this.busyWaitMs = o.busyWaitMs ?? 1000;
    this.log = o.log ?? ((line) => console.error(line));
  }

  /** Queues a recorded hand's search when it has a person's duel seat; false when it has none, or the queue is full. Never throws. */
  offer(record: HandRecord): boolean {
    if (this.closed || personSeats(record).length === 0) return false;
    if (this.queue.length >= this.maxQueued) {
      this.counts.skipped++;
      if (this.counts.skipped === 1 || this.counts.skipped % 100 === 0) this.log(`mistakes of hand ${record.id} not searched: ${this.queue.length} hands already wait (${this.counts.skipped} skipped so far)`);
      return false;
    }
    this.queue.push(record);
    this.pump();
    return true;
  }

  status(): MistakeFinderStatus {
    return { queued: this.queue.length, running: this.running, ...this.counts };
  }

  /** Resolves once no hand waits or runs (tests; a shutdown does not wait for it). */
  idle(): Promise<void> {
    if (!this.running && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.add(resolve));
  }

  /** Drops the queue and stops the worker; a search running is abandoned. */
  async close(): Promise<void> {
    this.closed = true;
    this.queue.length = 0;
    if (this.wait !== null) clearTimeout(this.wait);
    await this.pool?.close();
    this.settleIdle();
  }

  /** The one worker thread, started with the first search. */
  private workerPool(): AiPool {
    return (this.pool ??= new AiPool({ size: 1 }));
  }

  private pump(): void {
    if (this.running || this.closed || this.wait !== null) return;
    const record = this.queue[0];
    if (record === undefined) return this.settleIdle();
    if (this.o.busy?.()) {
      this.wait = setTimeout(() => {
        this.wait = null;
        this.pump();
      }, this.busyWaitMs);
      this.wait.unref();
      return;
    }
    this.queue.shift();
    this.running = true;
    void this.searchAndStore(record).finally(() => {
      this.running = false;
      this.pump();
    });
  }

  private async searchAndStore(record: HandRecord): Promise<void> {
    try {
      const mistakes = await this.workerPool().mistakes(record.setup, record.log, { seats: personSeats(record), ...(this.o.budget === undefined ? {} : { budget: this.o.budget }) });
      if (this.closed) return;
      const found: FoundMistake[] = mistakes.map((m) => ({ playerId: record.seats[m.seat]!.playerId!, moveIndex: m.moveIndex, puzzle: m.puzzle }));
      await this.store.add(record.id, found);
      this.counts.searched++;
      this.counts.found += found.length;
    } catch (e) {
      if (this.closed) return;
      this.counts.failed++;
      this.log(`mistakes of hand ${record.id} not stored: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  private settleIdle(): void {
    if (this.running || (this.queue.length > 0 && !this.closed)) return;
    for (const resolve of this.idleWaiters) resolve();
    this.idleWaiters.clear();
  }
}
