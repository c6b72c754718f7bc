/**
 * The tables' writes to the database, committed in groups: whatever every table of this
 * process changed in one stretch (a move each, a seat taken, a new deal) goes out as one
 * transaction (storage/live-tables.ts). A table's patch waits for the commit that holds
 * its change (table/patch-scheduler.ts), so no client ever sees a move a crash could lose.
 *
 * One group is in flight at a time, and the next starts `batchMs` after the last one
 * started, or as soon as it holds `fullGroup` writes. A commit's cost is mostly its own,
 * not its rows' (an embedded PGlite pays a fixed cost for any statement after a pause, a
 * PostgreSQL round trip is a round trip; a row costs far less): at people's pace (2,000
 * duels, some 700 moves a second) groups of up to 100 ms make ten commits a second instead
 * of a hundred, for a move's patch waiting half a group more on average, under the 300 ms of
 * its card's flight; under load a group fills in a few milliseconds and goes
 * at once, so the tail stays short. `batchMs` 0 writes every turn of the event loop. A table's snapshot is made when its group is written (`save` takes a function),
 * so a table that changed five times writes once.
 *
 * When the database is down, the groups are kept (merged, in order) and retried with
 * backoff; a patch then waits at most `maxWaitMs` and goes out anyway: play goes on, and
 * `/health` says that what is played now would not survive a crash.
 */
import type { JsonObject, LiveBatch, LiveMoveWrite, LiveTables } from "../storage/index.js";
import { retryDelay } from "../database/retry-delay.js";

export interface JournalOptions {
  batchMs?: number; // the longest time between the starts of two groups; default 100
  fullGroup?: number; // a group of this many writes starts at once; default 64
  maxWaitMs?: number; // the longest a patch waits for its commit; default 1000
  leaseMs: number; // the owner's lease on the tables it writes
  retryMaxMs?: number; // longest backoff while the database is down; default 5000
  log: (line: string) => void;
  lost: (roomId: string) => void; // another process owns this table now: stop playing it here
}

export interface JournalStatus {
  db: "up" | "down"; // down from a failed commit until the next one succeeds
  pending: number; // writes not yet committed
}

/** A caller of committed(): answered true once `upTo` is committed, false at its deadline. */
interface Waiter {
  upTo: number;
  deadline: number;
  resolve: (inTime: boolean) => void;
}

/** What a table has to write: its snapshot, and the hand its moves belong to. */
export interface TableSnapshotWrite {
  snapshot: JsonObject;
  handId: string | null;
}

export class TableJournal {
  #saves = new Map<string, () => TableSnapshotWrite>();
  #moves: LiveMoveWrite[] = [];
  #drops = new Set<string>();
  #failed: LiveBatch | null = null; // a group the database refused, to go out first
  #writing: Promise<void> | null = null;
  #scheduled: Promise<void> | null = null;
  #lastStart = 0;
  #down = false;
  #failures = 0;
  #closed = false;
  #seq = 0; // writes so far
  #taken = 0; // writes handed to a group so far
  #committedSeq = 0; // writes committed so far (in order: a group holds every write before it)
  #lastWrite = new Map<string, number>(); // table → its latest write's number
  #pendingWrites = 0; // writes since the last group was taken
  #waiters: Waiter[] = []; // committed()'s callers, in the order they asked
  #driving = false; // a loop commits groups for the waiters
  #deadlineTimer: ReturnType<typeof setTimeout> | undefined;
  #deadlineAt = Infinity;
  #full: (() => void) | null = null; // wakes a group waiting out `batchMs` once it is full
  readonly #batchMs: number;
  readonly #fullGroup: number;
  readonly #maxWaitMs: number;
  readonly #retryMaxMs: number;

  constructor(
    private readonly live: LiveTables,
    private readonly owner: string,
    private readonly options: JournalOptions,
  ) {
    this.#batchMs = options.batchMs ?? 100;
    this.#fullGroup = options.fullGroup ?? 64;
    this.#maxWaitMs = options.maxWaitMs ?? 1000;
    this.#retryMaxMs = options.retryMaxMs ?? 5000;
  }

  /** The table's snapshot changed; `snapshot` is called when the group is written. */
  save(roomId: string, snapshot: () => TableSnapshotWrite): void {
    this.#drops.delete(roomId);
    this.#saves.set(roomId, snapshot);
    this.#lastWrite.set(roomId, ++this.#seq);
    this.#counted();
  }

  /** A move landed at the table. */
  move(move: LiveMoveWrite): void {
    this.#moves.push(move);
    this.#lastWrite.set(move.roomId, ++this.#seq);
    this.#counted();
  }

  #counted(): void {
    if (++this.#pendingWrites >= this.#fullGroup && this.#full) this.#full();
  }

  /** The table is finished with: nobody will come back to it. */
  drop(roomId: string): void {
    this.#saves.delete(roomId);
    this.#moves = this.#moves.filter((m) => m.roomId !== roomId);
    this.#drops.add(roomId);
    this.#lastWrite.delete(roomId);
    ++this.#seq;
  }

  /** The number of the latest write so far. */
  get seq(): number {
    return this.#seq;
  }

  /** True once every write up to `seq` is committed. */
  isCommitted(seq: number): boolean {
    return this.#committedSeq >= seq;
  }

  /** The number of the latest write of `roomId` (0: none pending or known). */
  lastWriteOf(roomId: string): number {
    return this.#lastWrite.get(roomId) ?? 0;
  }

  /** True when writes wait that no commit has taken yet. */
  get dirty(): boolean {
    return this.#saves.size > 0 || this.#moves.length > 0 || this.#drops.size > 0 || this.#failed !== null;
  }

  status(): JournalStatus {
    return {
      db: this.#down ? "down" : "up",
      pending:
        this.#saves.size +
        this.#moves.length +
        this.#drops.size +
        (this.#failed ? this.#failed.save.length + this.#failed.moves.length + this.#failed.drop.length : 0),
    };
  }

  /**
   * Resolves once everything written so far is committed — or after `maxWaitMs`
   * (then `false`), when the database is slow or down, or at once when a group fails.
   * Never rejects. Waiters wait in one queue with one timer for the earliest deadline:
   * at people's pace a patch a table waits, a promise race and a timer each were most of
   * the journal's own JavaScript.
   */
  committed(upTo = this.#seq): Promise<boolean> {
    if (this.isCommitted(upTo)) return Promise.resolve(true);
    if (this.#closed) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      this.#waiters.push({ upTo, deadline: Date.now() + this.#maxWaitMs, resolve });
      this.#armDeadline();
      void this.#drive();
    });
  }

  /** Writes what is pending now, however long the database takes (shutdown); rejects while it is down. */
  async flush(): Promise<void> {
    while (this.dirty || this.#writing) await this.#commitAll();
  }

  /** Nothing is written after this; whoever waits is answered `false`. */
  close(): void {
    this.#closed = true;
    this.#answer(() => true, false);
  }

  /** Commits groups while anyone waits; a failed group answers every waiter `false` (the retry goes on by itself). */
  async #drive(): Promise<void> {
    if (this.#driving) return;
    this.#driving = true;
    try {
      while (this.#waiters.length > 0) {
        // close() answers every waiter, and committed() adds none after it
        try {
          await this.#commitAll();
        } catch {
          this.#answer(() => true, false);
          return;
        }
        this.#answer((w) => this.isCommitted(w.upTo), true);
      }
    } finally {
      this.#driving = false;
    }
  }

  /** Resolves the waiters `which` picks with `answer`, keeping the others in order. */
  #answer(which: (w: Waiter) => boolean, answer: boolean): void {
    const waiting: Waiter[] = [];
    for (const w of this.#waiters) {
      if (which(w)) w.resolve(answer);
      else waiting.push(w);
    }
    this.#waiters = waiting;
    this.#armDeadline();
  }

  /** One timer, for the earliest deadline of those who wait (the first: deadlines come in the order of waiting). */
  #armDeadline(): void {
    const first = this.#waiters[0];
    if (first === undefined) {
      clearTimeout(this.#deadlineTimer);
      this.#deadlineTimer = undefined;
      this.#deadlineAt = Infinity;
      return;
    }
    if (this.#deadlineTimer !== undefined && this.#deadlineAt <= first.deadline) return;
    clearTimeout(this.#deadlineTimer);
    this.#deadlineAt = first.deadline;
    this.#deadlineTimer = setTimeout(
      () => {
        this.#deadlineTimer = undefined;
        const now = Date.now();
        this.#answer((w) => w.deadline <= now, false);
      },
      Math.max(0, first.deadline - Date.now()),
    );
  }

  /** One group after the one in flight (if any), holding everything pending when it starts. */
  #commitAll(): Promise<void> {
    if (this.#scheduled) return this.#scheduled;
    const self: { promise?: Promise<void> } = {};
    const scheduled: Promise<void> = (async (): Promise<void> => {
      await Promise.resolve(); // `#scheduled` is this promise only once this function has returned it
      if (this.#writing) await this.#writing.catch(() => {});
      const wait = this.#lastStart + this.#batchMs - Date.now();
      if (wait > 0 && this.#pendingWrites < this.#fullGroup) await this.#fullOrAfter(wait);
      if (this.#scheduled === self.promise) this.#scheduled = null;
      const writing = this.#writeGroup();
      this.#writing = writing;
      try {
        await writing;
      } finally {
        if (this.#writing === writing) this.#writing = null;
      }
    })();
    self.promise = scheduled;
    this.#scheduled = scheduled;
    return scheduled;
  }

  /** Resolves after `ms`, or sooner once `fullGroup` writes wait. */
  #fullOrAfter(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        if (this.#full === done) this.#full = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#full = done;
    });
  }

  async #writeGroup(): Promise<void> {
    this.#lastStart = Date.now();
    const group = this.#take();
    const through = this.#taken;
    if (this.#closed) return;
    if (group.save.length === 0 && group.moves.length === 0 && group.drop.length === 0) {
      this.#committedSeq = Math.max(this.#committedSeq, through);
      return;
    }
    try {
      const lost = await this.live.write(group, this.owner, this.options.leaseMs);
      this.#committedSeq = Math.max(this.#committedSeq, through);
      if (this.#down)
        this.options.log(`the tables' journal reaches the database again (${this.#failures} failed commits)`);
      this.#down = false;
      this.#failures = 0;
      for (const roomId of lost) this.options.lost(roomId);
    } catch (e) {
      this.#failed = group;
      this.#failures++;
      if (!this.#down)
        this.options.log(
          `the tables' journal cannot reach the database (${e instanceof Error ? e.message : String(e)}); retrying, and patches go out after ${this.#maxWaitMs} ms`,
        );
      this.#down = true;
      setTimeout(
        () => void this.#commitAll().catch(() => {}),
        retryDelay(this.#failures, 200, this.#retryMaxMs),
      ).unref();
      throw e;
    }
  }

  /** Everything pending, the refused group first; snapshots made now. */
  #take(): LiveBatch {
    const failed = this.#failed;
    this.#failed = null;
    const saves = new Map<string, TableSnapshotWrite>();
    for (const t of failed?.save ?? []) saves.set(t.roomId, t);
    for (const [roomId, make] of this.#saves)
      saves.set(roomId, { ...make(), roomId } as TableSnapshotWrite & { roomId: string });
    const drops = new Set([...(failed?.drop ?? []), ...this.#drops]);
    for (const roomId of drops) saves.delete(roomId);
    const group: LiveBatch = {
      save: [...saves].map(([roomId, t]) => ({ roomId, snapshot: t.snapshot, handId: t.handId })),
      moves: [...(failed?.moves ?? []), ...this.#moves].filter((m) => !drops.has(m.roomId)),
      drop: [...drops],
      ...(failed ? { again: true } : {}),
    };
    this.#saves.clear();
    this.#moves = [];
    this.#drops.clear();
    this.#taken = this.#seq;
    this.#pendingWrites = 0;
    return group;
  }
}
