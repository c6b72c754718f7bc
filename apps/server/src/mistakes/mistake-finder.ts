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
 * Why the queue is the database's: the transaction that records a hand queues it
 * (storage/mistake-searches.ts), and the one that stores its mistakes takes it off. The
 * finder holds only a small batch it claimed, oldest first, so a burst of hands costs rows,
 * not memory, and nothing is skipped; a crash or a restart loses nothing either: the next
 * start (`resume`) goes on with what waits. `offer` only says that a hand was queued.
 */
import { AiPool } from "@yourtrumps/ai";
import {
  personSeats,
  type FoundMistake,
  type HandRecord,
  type MistakeStore,
  type PendingSearch,
} from "../storage/index.js";
import { retryDelay } from "../database/retry-delay.js";
import { silentLogger, type Logger } from "../logging/logger.js";

export interface MistakeFinderOptions {
  owner?: string; // this process's name among those sharing the database (its claims' holder); default "embedded"
  batch?: number; // hands claimed at a time, held in memory; default 4
  leaseMs?: number; // a claim lapses this long after it was made (a crashed process's hands are then anyone's); default 10 minutes
  budget?: number; // each exact solve's budget in positions, default the generator's
  busy?: () => boolean; // the tables' searches are queued: wait (default: never)
  busyWaitMs?: number; // how long to wait then before looking again, default 1000
  retryMinMs?: number; // after a database error, the first wait before trying again (doubling to retryMaxMs); default 500
  retryMaxMs?: number; // default 30 000
  log?: Logger;
}

export interface MistakeFinderStatus {
  queued: number; // hands waiting in the database (every process's), as last counted, less those searched here since
  batch: number; // of them, claimed by this process and held in memory, not yet searched
  running: boolean; // a hand is being searched
  searched: number; // hands searched since the start
  found: number; // mistakes stored since the start
  failed: number; // hands whose search failed (taken off the queue, no puzzles from them)
  retrying: boolean; // the database failed the last claim or store: trying again after a wait
}

const DEFAULT_LEASE_MS = 10 * 60_000; // a batch takes seconds; the lease only matters after a crash

export class MistakeFinder {
  private batch: PendingSearch[] = [];
  private readonly owner: string;
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly busyWaitMs: number;
  private readonly log: Logger;
  private readonly idleWaiters = new Set<() => void>();
  private pool: AiPool | null = null;
  private running = false;
  private claiming = false; // a claim is on its way to the database
  private drained = false; // the last claim found nothing, and no hand was queued since
  private offeredMeanwhile = false; // a hand was queued while a claim was on its way: it may not have seen it
  private started = false;
  private closed = false;
  private wait: NodeJS.Timeout | null = null;
  private errorsInARow = 0;
  private queued = 0;
  private counts = { searched: 0, found: 0, failed: 0 };

  constructor(
    private readonly store: MistakeStore,
    private readonly o: MistakeFinderOptions = {},
  ) {
    this.owner = o.owner ?? "embedded";
    this.batchSize = o.batch ?? 4;
    this.leaseMs = o.leaseMs ?? DEFAULT_LEASE_MS;
    this.busyWaitMs = o.busyWaitMs ?? 1000;
    this.log = o.log ?? silentLogger();
  }

  /** Starts taking the hands that wait in the database: those left by an earlier run, then each new one. Call once the store is up. */
  resume(): void {
    this.started = true;
    this.drained = false;
    this.pump();
  }

  /**
   * A recorded hand, queued by its record's transaction: looked for at once when it has a
   * person's duel seat (false when it has none, or the finder is closed). Never throws.
   */
  offer(record: HandRecord): boolean {
    if (this.closed || personSeats(record).length === 0) return false;
    this.queued++;
    this.drained = false;
    if (this.claiming) this.offeredMeanwhile = true;
    this.started = true;
    this.pump();
    return true;
  }

  status(): MistakeFinderStatus {
    return {
      queued: this.queued,
      batch: this.batch.length,
      running: this.running,
      ...this.counts,
      retrying: this.errorsInARow > 0,
    };
  }

  /** Resolves once no hand waits in the database for this finder, none is held and none runs (tests; a shutdown does not wait for it). */
  idle(): Promise<void> {
    if (this.settled()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.add(resolve));
  }

  /** Stops the worker and lets go of the batch: the hands stay queued in the database for the next start (a search running is abandoned). */
  async close(): Promise<void> {
    this.closed = true;
    this.batch = [];
    if (this.wait !== null) clearTimeout(this.wait);
    this.wait = null;
    await this.pool?.close();
    this.settleIdle();
  }

  /** The one worker thread, started with the first search. */
  private workerPool(): AiPool {
    return (this.pool ??= new AiPool({ size: 1 }));
  }

  private pump(): void {
    if (!this.started || this.running || this.claiming || this.closed || this.wait !== null) return;
    const hand = this.batch[0];
    if (hand === undefined) {
      if (this.drained) return this.settleIdle();
      return void this.claim();
    }
    if (this.o.busy?.()) return this.after(this.busyWaitMs);
    this.batch.shift();
    this.running = true;
    void this.searchAndStore(hand).finally(() => {
      this.running = false;
      this.pump();
    });
  }

  /** The next batch from the database, oldest first. */
  private async claim(): Promise<void> {
    this.claiming = true;
    this.offeredMeanwhile = false;
    try {
      const { hands, waiting } = await this.store.claim(this.owner, this.batchSize, this.leaseMs);
      if (this.closed) return;
      this.batch = hands;
      this.queued = waiting;
      this.drained = hands.length === 0 && !this.offeredMeanwhile;
      this.errorsInARow = 0;
    } catch (e) {
      if (this.closed) return;
      this.failedOnDatabase("hands waiting for their mistake search not read", e);
    } finally {
      this.claiming = false;
    }
    this.pump();
  }

  private async searchAndStore(hand: PendingSearch): Promise<void> {
    let found: FoundMistake[];
    try {
      const seats = hand.people.map((p) => p.seat);
      const mistakes =
        seats.length === 0
          ? []
          : await this.workerPool().mistakes(hand.setup, hand.log, {
              seats,
              ...(this.o.budget === undefined ? {} : { budget: this.o.budget }),
            });
      const playerOf = new Map(hand.people.map((p) => [p.seat, p.playerId]));
      found = mistakes.map((m) => ({ playerId: playerOf.get(m.seat)!, moveIndex: m.moveIndex, puzzle: m.puzzle }));
    } catch (e) {
      if (this.closed) return; // the worker was stopped under it: the hand stays queued for the next start
      // The search is deterministic: a hand it fails on would fail again. Off the queue, with nothing found.
      this.counts.failed++;
      this.log.warn({ handId: hand.gameId, err: e }, "mistakes of the hand not searched");
      found = [];
    }
    try {
      await this.store.add(hand.gameId, found);
      if (this.closed) return;
      this.counts.searched++;
      this.counts.found += found.length;
      this.queued = Math.max(0, this.queued - 1);
      this.errorsInARow = 0;
    } catch (e) {
      if (this.closed) return;
      // Still queued and still this process's claim: the next claim takes it again, after a wait.
      this.batch = [];
      this.failedOnDatabase(`mistakes of hand ${hand.gameId} not stored`, e);
    }
  }

  private failedOnDatabase(what: string, e: unknown): void {
    this.errorsInARow++;
    const delay = retryDelay(this.errorsInARow, this.o.retryMinMs ?? 500, this.o.retryMaxMs ?? 30_000);
    if (this.errorsInARow === 1 || this.errorsInARow % 20 === 0)
      this.log.warn(`${what}: ${e instanceof Error ? e.message : String(e)} (trying again in ${delay} ms)`);
    this.after(delay);
  }

  /** Looks again after `ms`. */
  private after(ms: number): void {
    this.wait = setTimeout(() => {
      this.wait = null;
      this.pump();
    }, ms);
    this.wait.unref();
  }

  private settled(): boolean {
    return (
      this.closed ||
      (!this.running &&
        !this.claiming &&
        this.wait === null &&
        this.batch.length === 0 &&
        (this.drained || !this.started))
    );
  }

  private settleIdle(): void {
    if (!this.settled()) return;
    for (const resolve of this.idleWaiters) resolve();
    this.idleWaiters.clear();
  }
}
