/**
 * The server's side of the embedded database's worker thread (pglite-worker.ts): what
 * Kysely's PGlite dialect calls — `query(sql, params)` and `close()` — sent to the thread
 * as messages, each answered by id. PGlite's WebAssembly on the server's own thread held
 * the event loop for every statement (a group commit of the tables' journal, a vacuum, a
 * deep history page), and so every table in the process with it; here it costs the server
 * a structured clone each way.
 *
 * A thread that dies (an uncaught error, a WebAssembly abort) fails every query waiting
 * on it and every later one, with an error that says so: nothing hangs, and nothing starts
 * a second PGlite on the same files behind the first one's back.
 */
import { Worker } from "node:worker_threads";
import type { PGlite, Results } from "@electric-sql/pglite";
import { rebuiltError, type PgliteReply, type PgliteRequest, type PgliteWorkerData } from "./pglite-messages.js";

/** The compiled worker next to this module (dist/), also when this file runs as TypeScript from src/ in tests. */
function defaultWorkerUrl(): URL {
  const here = import.meta.url;
  return here.endsWith(".ts")
    ? new URL("../../dist/database/pglite-worker.js", here)
    : new URL("./pglite-worker.js", here);
}

/**
 * The thread starts with none of the process's Node options: it runs a compiled file and needs
 * none, and some would stop it — `--input-type` (a process started as `node --input-type=module
 * -e "…"`, a script's one-off) says how an inline entry is read, and V8's own options
 * (`--expose-gc`, as the benchmark's server runs) are refused by `Worker` outright.
 */
const THREAD_EXEC_ARGV: string[] = [];

interface Pending {
  resolve: (reply: PgliteReply) => void;
  reject: (error: Error) => void;
}

/** Where a thread opens PGlite, and (tests) which worker it runs. */
export interface ThreadStart {
  dataDir: string | undefined; // PGlite's cluster folder (undefined: in memory)
  workerUrl?: URL; // the worker script; default: this package's dist/database/pglite-worker.js (tests give faulty ones)
}

/** The two methods of PGlite the dialect uses (kysely-pglite-dialect calls nothing else). */
export type PgliteClient = Pick<PGlite, "query" | "close">;

export class PgliteThread implements PgliteClient {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | null = null; // set once the thread is gone: every request fails with it
  private closing: Promise<void> | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on("message", (message: PgliteReply) => this.settle(message));
    worker.on("error", (e: unknown) =>
      this.fail(
        new Error(`the embedded database's thread failed: ${e instanceof Error ? e.message : String(e)}`, { cause: e }),
      ),
    );
    worker.on("exit", (code) => this.fail(new Error(`the embedded database's thread exited (code ${code})`)));
  }

  /** Starts the thread and opens PGlite in it (ThreadStart); rejects with PGlite's own error if it does not open. */
  static async start(o: ThreadStart): Promise<PgliteThread> {
    const worker = new Worker(o.workerUrl ?? defaultWorkerUrl(), {
      workerData: { dataDir: o.dataDir } satisfies PgliteWorkerData,
      execArgv: THREAD_EXEC_ARGV,
    });
    const opened = await new Promise<PgliteReply>((resolve, reject) => {
      const onExit = (code: number): void =>
        reject(new Error(`the embedded database's thread exited (code ${code}) before PGlite opened`));
      worker.once("error", reject);
      worker.once("exit", onExit);
      worker.once("message", (message: PgliteReply) => {
        worker.off("error", reject);
        worker.off("exit", onExit);
        resolve(message);
      });
    });
    if (opened.kind !== "ready") {
      await worker.terminate();
      throw opened.kind === "failed"
        ? rebuiltError(opened.error)
        : new Error(`the embedded database's thread said ${opened.kind} before ready`);
    }
    worker.unref(); // an idle database never keeps the process alive; a query in flight does (see request)
    return new PgliteThread(worker);
  }

  /** True once the thread is gone (it exited or threw): every request fails. */
  get dead(): boolean {
    return this.failure !== null;
  }

  /** Why the thread is gone; undefined while it runs. */
  get failureMessage(): string | undefined {
    return this.failure?.message;
  }

  /** One statement with its parameters, as PGlite's `query` (rows and affectedRows; no field descriptions). */
  async query<T>(sql: string, params: unknown[] = []): Promise<Results<T>> {
    if (this.closing !== null) throw new Error("the embedded database is closed");
    const reply = await this.request((id) => ({ kind: "query", id, sql, params }));
    if (reply.kind !== "rows") throw new Error(`the embedded database answered a query with ${reply.kind}`);
    return { rows: reply.rows as T[], affectedRows: reply.affectedRows, fields: [] };
  }

  /** PGlite's own dump of its data directory, a gzipped tar (what PGlite's `loadDataDir` opens); taken between two queries, so consistent. */
  async dump(): Promise<Uint8Array> {
    if (this.closing !== null) throw new Error("the embedded database is closed");
    const reply = await this.request((id) => ({ kind: "dump", id }));
    if (reply.kind !== "dumped") throw new Error(`the embedded database answered a dump with ${reply.kind}`);
    return new Uint8Array(reply.data);
  }

  /** Closes PGlite (its files written) and ends the thread. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      try {
        if (this.failure === null) await this.request((id) => ({ kind: "close", id }));
      } finally {
        await this.worker.terminate(); // already on its way out once PGlite closed
      }
    })();
    return this.closing;
  }

  private request(make: (id: number) => PgliteRequest): Promise<PgliteReply> {
    if (this.failure !== null) return Promise.reject(this.failure);
    const id = this.nextId++;
    const message = make(id);
    return new Promise((resolve, reject) => {
      try {
        this.worker.postMessage(message); // throws at once for a parameter that cannot be cloned
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
        return;
      }
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
    });
  }

  private settle(message: PgliteReply): void {
    if (!("id" in message)) return;
    const waiting = this.pending.get(message.id);
    if (waiting === undefined) return;
    this.pending.delete(message.id);
    if (this.pending.size === 0) this.worker.unref();
    if (message.kind === "error") waiting.reject(rebuiltError(message.error));
    else waiting.resolve(message);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(this.failure);
    this.pending.clear();
  }
}
