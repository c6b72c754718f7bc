/**
 * AiPool: computer players on worker threads, so the server's event loop never blocks
 * on a search. Workers start lazily, one job each at a time. Failures reject the job's
 * promise (never throw), and a crashed worker is replaced. Node modules are imported on
 * first use so browser bundles of this package still load.
 *
 * The pool is shared by every table of a server, so no table may own it:
 * - Each job names its `owner` (a table). Queues are per owner and served round-robin,
 *   one job per owner in turn, so one table's pile of jobs never starves another's.
 * - A `background` job (a hint, say) runs only when no other job waits.
 * - `cancel(owner)` drops the owner's queued jobs and voids its running one. A running
 *   search is left to finish and its answer ignored, rather than the worker terminated:
 *   every server job carries a time cap (`maxMs`), so the waste is bounded, while a new
 *   worker would cost a thread start and a cold JIT on the very next job.
 * - `maxMs` counts from the call, not from when a worker takes the job: time spent queued
 *   comes off the search, so an answer is due in time even when the pool is busy (the
 *   search is shorter then, never later).
 * - `load()` says how busy the pool is, for callers that can do without an answer (hints).
 */
import type { HandSetup, Move, PlayerView } from "@yourtrumps/engine";
import type { Worker } from "node:worker_threads";
import type { AnalyseOptions } from "./analyse.js";
import type { SeatMistake } from "./puzzles/mistakes.js";
import type { MistakeOptions, WorkerReply, WorkerRequest } from "./worker-messages.js";

export type { MistakeOptions } from "./worker-messages.js";
export type { SeatMistake } from "./puzzles/mistakes.js";
import type { Analysis, Level } from "./types.js";

/** Who a job is for (the unit of fair scheduling and of cancellation: a server passes the table's id), and how urgent it is. */
export interface JobOptions {
  owner?: string; // default: a key of the job's own (no fairness or cancellation beyond the job)
  background?: boolean; // runs only when no foreground job waits (default false)
}

/** How busy the pool is now, and what it has done. */
export interface PoolLoad {
  queued: number; // jobs waiting for a worker
  running: number; // jobs on a worker (cancelled ones included until their worker answers)
  owners: number; // distinct owners with jobs waiting
  oldestWaitMs: number; // how long the longest-waiting job has waited; 0 when none
  done: number; // jobs answered since the pool started
  capped: number; // of them, searches that ran until their `maxMs` cap (cut short by it, or by time queued)
}

/** The rejection of a cancelled job. */
export class AiCancelled extends Error {
  override name = "AiCancelled";
}

/** Below this a capped search still gets some time: an arbitrary legal move is worse than a 10 ms search. */
export const MIN_SEARCH_MS = 10;

type Request = WorkerRequest extends infer R
  ? R extends WorkerRequest
    ? Omit<R, "id"> & { id?: number }
    : never
  : never; // each kind of request, its id not yet given
interface Job {
  req: Request;
  owner: string;
  queuedAt: number; // performance.now() when asked
  resolve: (r: WorkerReply & { ok: true }) => void;
  reject: (e: Error) => void;
}
interface Running extends Job {
  startedAt: number;
  capMs: number; // the maxMs the worker got; Infinity when uncapped
  cancelled: boolean;
}
interface Slot {
  worker: Worker;
  job: Running | null;
}

/** The compiled worker next to this module (dist/), also when this file runs as TypeScript from src/ in tests. */
function defaultWorkerUrl(): URL {
  const here = import.meta.url;
  return here.endsWith(".ts") ? new URL("../dist/worker.js", here) : new URL("./worker.js", here);
}

export class AiPool {
  private readonly size: number;
  private readonly workerUrl: URL;
  private readonly slots: Slot[] = [];
  // Per owner, foreground then background; each Map's order is its round-robin order.
  private readonly queues = [new Map<string, Job[]>(), new Map<string, Job[]>()] as const;
  private queued = 0;
  private starting = 0; // workers being created
  private nextId = 1;
  private done = 0;
  private capped = 0;
  private closed = false;

  /**
   * @param o.size worker threads at most (default 1: searches are CPU-bound, one per core)
   * @param o.workerUrl the worker script (default: this package's dist/worker.js)
   */
  constructor(o: { size?: number; workerUrl?: URL } = {}) {
    this.size = Math.max(1, Math.floor(o.size ?? 1));
    this.workerUrl = o.workerUrl ?? defaultWorkerUrl();
  }

  /** A move for the view's seat at `level` (same semantics as `chooseMove`; `maxMs` counts from this call). */
  chooseMove(
    view: PlayerView,
    o: { level: Level; seed?: number; timeMs?: number; iterations?: number; maxMs?: number },
    job: JobOptions = {},
  ): Promise<Move> {
    return this.run({ kind: "choose", view, options: o }, job).then((r) =>
      "move" in r ? r.move : Promise.reject(new Error("bad reply")),
    );
  }

  /** Analysis of the view's position (same semantics as `analyse`; `maxMs` counts from this call). */
  analyse(view: PlayerView, o: AnalyseOptions = {}, job: JobOptions = {}): Promise<Analysis> {
    return this.run({ kind: "analyse", view, options: o }, job).then((r) =>
      "analysis" in r ? r.analysis : Promise.reject(new Error("bad reply")),
    );
  }

  /** The mistakes of `o.seats` in a played hand (`mistakesOf` from its setup and log): seconds of solving, so a pool of its own suits it. */
  mistakes(setup: HandSetup, log: Move[], o: MistakeOptions, job: JobOptions = {}): Promise<SeatMistake[]> {
    return this.run({ kind: "mistakes", setup, log, options: o }, job).then((r) =>
      "mistakes" in r ? r.mistakes : Promise.reject(new Error("bad reply")),
    );
  }

  /** Drops `owner`'s queued jobs and voids its running ones (rejected with AiCancelled); answers how many. */
  cancel(owner: string): number {
    let n = 0;
    const waiting = this.queues.flatMap((queues) => {
      const jobs = queues.get(owner) ?? [];
      queues.delete(owner);
      return jobs;
    });
    this.queued -= waiting.length;
    for (const job of waiting) {
      job.reject(new AiCancelled(`cancelled: ${owner}`));
      n++;
    }
    for (const s of this.slots) {
      if (s.job?.owner !== owner || s.job.cancelled) continue;
      s.job.cancelled = true; // the worker finishes (its search is capped) and its answer is dropped
      s.job.reject(new AiCancelled(`cancelled: ${owner}`));
      n++;
    }
    return n;
  }

  load(): PoolLoad {
    const now = performance.now();
    let oldest = now;
    const owners = new Set<string>();
    for (const queues of this.queues) {
      for (const [owner, jobs] of queues) {
        owners.add(owner);
        oldest = Math.min(oldest, jobs[0]?.queuedAt ?? now);
      }
    }
    return {
      queued: this.queued,
      running: this.slots.filter((s) => s.job !== null).length,
      owners: owners.size,
      oldestWaitMs: now - oldest,
      done: this.done,
      capped: this.capped,
    };
  }

  /** Terminates every worker; queued and running jobs are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const j of this.drain()) j.reject(new Error("AiPool closed"));
    const slots = this.slots.splice(0);
    for (const s of slots) s.job?.reject(new Error("AiPool closed"));
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  /** Empties every queue; answers the jobs it held. */
  private drain(): Job[] {
    const jobs = this.queues.flatMap((queues) => [...queues.values()].flat());
    for (const queues of this.queues) queues.clear();
    this.queued = 0;
    return jobs;
  }

  private run(req: Request, o: JobOptions): Promise<WorkerReply & { ok: true }> {
    if (this.closed) return Promise.reject(new Error("AiPool closed"));
    return new Promise((resolve, reject) => {
      const owner = o.owner ?? `\0job ${this.nextId++}`;
      const queues = this.queues[o.background ? 1 : 0];
      const queue = queues.get(owner);
      const job: Job = { req, owner, queuedAt: performance.now(), resolve, reject };
      if (queue) queue.push(job);
      else queues.set(owner, [job]); // a new owner takes its turn after those already waiting
      this.queued++;
      this.pump();
    });
  }

  /** The next job round-robin, foreground first: the first owner's oldest job; that owner goes to the back if it has more. */
  private take(): Job | undefined {
    for (const queues of this.queues) {
      for (const [owner, jobs] of queues) {
        const job = jobs.shift()!;
        queues.delete(owner);
        if (jobs.length > 0) queues.set(owner, jobs);
        this.queued--;
        return job;
      }
    }
    return undefined;
  }

  /** Hands queued jobs to idle workers, starting new workers up to the size. */
  private pump(): void {
    for (const s of this.slots) {
      if (this.queued === 0) return;
      if (s.job === null) this.give(s, this.take()!);
    }
    if (this.queued > this.starting && this.slots.length + this.starting < this.size) {
      this.starting++;
      this.spawn().then(
        (slot) => {
          this.starting--;
          if (this.closed) void slot.worker.terminate();
          else {
            this.slots.push(slot);
            this.pump();
          }
        },
        (e: unknown) => {
          this.starting--;
          const err = e instanceof Error ? e : new Error(String(e));
          for (const j of this.drain()) j.reject(err);
        },
      );
    }
  }

  private give(s: Slot, job: Job): void {
    const id = this.nextId++;
    const startedAt = performance.now();
    const maxMs = job.req.kind === "mistakes" ? undefined : job.req.options.maxMs; // a hand's mistakes run to the end
    // The cap counts from the call: what the job spent queued comes off its search.
    const capMs = maxMs === undefined ? Infinity : Math.max(MIN_SEARCH_MS, maxMs - (startedAt - job.queuedAt));
    const options = maxMs === undefined ? job.req.options : { ...job.req.options, maxMs: capMs };
    const req = { ...job.req, id, options } as WorkerRequest;
    s.job = { ...job, req, startedAt, capMs, cancelled: false };
    s.worker.ref(); // keep the process alive while a job runs
    s.worker.postMessage(req);
  }

  private async spawn(): Promise<Slot> {
    const { Worker } = await import("node:worker_threads");
    const worker = new Worker(this.workerUrl);
    worker.unref(); // an idle pool never keeps the process alive
    const slot: Slot = { worker, job: null };
    worker.on("message", (reply: WorkerReply) => {
      const job = slot.job;
      if (!job || job.req.id !== reply.id) return;
      slot.job = null;
      worker.unref();
      this.done++;
      if (performance.now() - job.startedAt >= job.capMs - 1) this.capped++;
      if (!job.cancelled) {
        if (reply.ok) job.resolve(reply);
        else job.reject(new Error(reply.error));
      }
      this.pump();
    });
    const fail = (err: Error): void => {
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      if (slot.job && !slot.job.cancelled) slot.job.reject(err);
      slot.job = null;
      if (!this.closed) this.pump();
    };
    worker.on("error", (e) => fail(e instanceof Error ? e : new Error(String(e))));
    worker.on("exit", (code) => fail(new Error(`AI worker exited with code ${code}`)));
    return slot;
  }
}
