/**
 * The embedded database's thread, started again when it dies (pglite-thread.ts). A thread
 * that died — an uncaught error, a WebAssembly abort — fails what was waiting on it; the
 * next query starts a new thread on the same files (PGlite replays its own log as a
 * PostgreSQL would after a crash) and goes there. Without this, one abort left the process
 * without its database until someone restarted it: every table's patch waited out the
 * journal's deadline, every record failed.
 *
 * A transaction is one thread's: the dialect opens it with `begin` and ends it with
 * `commit` or `rollback`, each a query of its own. When the thread dies inside one, every
 * later statement of that transaction fails — it must not run, committed one by one, on the
 * new thread — its `commit` fails, and its `rollback` (which Kysely sends after the failure)
 * succeeds: the caller sees the whole transaction fail, as if the database had gone away.
 *
 * A thread that will not start fails the query that asked, and the next try waits out a
 * backoff (retry-delay.ts), so a broken data folder is not opened in a tight loop.
 */
import type { Results } from "@electric-sql/pglite";
import { PgliteThread, type PgliteClient, type ThreadStart } from "./pglite-thread.js";
import { retryDelay } from "./retry-delay.js";

const RESTART_MIN_MS = 200;
const RESTART_MAX_MS = 10_000;

export interface RestartOptions {
  thread: ThreadStart; // each thread's, the first and every new one (tests give a worker that dies)
  onRestart?: (cause: Error) => void; // a thread died and a new one is open (the server logs it)
}

export class RestartingPglite implements PgliteClient {
  private thread: PgliteThread;
  private starting: Promise<PgliteThread> | null = null;
  private failedStarts = 0;
  private nextStartAt = 0;
  private inTransaction: PgliteThread | null = null; // the thread a transaction opened on
  private closed = false;

  private constructor(
    first: PgliteThread,
    private readonly options: RestartOptions,
  ) {
    this.thread = first;
  }

  /** Starts the first thread; rejects as PgliteThread.start does (nothing is retried at start). */
  static async start(options: RestartOptions): Promise<RestartingPglite> {
    return new RestartingPglite(await PgliteThread.start(options.thread), options);
  }

  async query<T>(sql: string, params: unknown[] = []): Promise<Results<T>> {
    if (this.closed) throw new Error("the embedded database is closed");
    const statement = sql.length <= 64 ? sql.trim().toLowerCase() : ""; // begin, commit, rollback, start transaction …: short
    const ends = statement === "commit" || statement === "rollback";
    const open = this.inTransaction;
    if (open?.dead === true) {
      // The transaction's thread is gone (a new one, if any, is another): none of it may run elsewhere.
      if (ends) this.inTransaction = null;
      if (statement === "rollback") return { rows: [], affectedRows: 0, fields: [] };
      throw new Error(
        `the embedded database's thread died inside this transaction (${open.failureMessage ?? "restarted"}); nothing of it was committed`,
      );
    }
    const thread = await this.live();
    if (statement === "begin" || statement.startsWith("start transaction")) this.inTransaction = thread;
    else if (ends) this.inTransaction = null;
    return thread.query<T>(sql, params);
  }

  /** The current thread's dump (pglite-thread.ts), a dead thread started again first. */
  async dump(): Promise<Uint8Array> {
    return (await this.live()).dump();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.starting?.catch(() => {});
    await this.thread.close();
  }

  /** The thread to send to: the current one, or a new one if it died. */
  private async live(): Promise<PgliteThread> {
    if (!this.thread.dead) return this.thread;
    this.starting ??= this.restart().finally(() => (this.starting = null));
    return this.starting;
  }

  private async restart(): Promise<PgliteThread> {
    const cause = new Error(this.thread.failureMessage ?? "the embedded database's thread is gone");
    if (Date.now() < this.nextStartAt)
      throw new Error(
        `${cause.message}; starting it again failed, the next try in ${this.nextStartAt - Date.now()} ms`,
      );
    try {
      await this.thread.close(); // already gone: this only ends the worker's handle
      const thread = await PgliteThread.start(this.options.thread);
      if (this.closed) {
        await thread.close();
        throw new Error("the embedded database is closed");
      }
      this.thread = thread;
      this.failedStarts = 0;
      this.options.onRestart?.(cause);
      return thread;
    } catch (e) {
      this.nextStartAt = Date.now() + retryDelay(++this.failedStarts, RESTART_MIN_MS, RESTART_MAX_MS);
      throw e;
    }
  }
}
