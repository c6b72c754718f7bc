/**
 * AiPool: computer players on worker threads, so the server's event loop never blocks
 * on a search. Jobs wait in a FIFO queue; workers start lazily, one job each at a time.
 * Failures reject the job's promise (never throw), and a crashed worker is replaced.
 * Node modules are imported on first use so browser bundles of this package still load.
 */
import type { Move, PlayerView } from "@yourtrumps/engine";
import type { Worker } from "node:worker_threads";
import type { AnalyseOptions } from "./analyse.js";
import type { WorkerReply, WorkerRequest } from "./worker-messages.js";
import type { Analysis, Level } from "./types.js";

type Request = Omit<WorkerRequest, "id"> & { id?: number };
interface Job {
  req: Request;
  resolve: (r: WorkerReply & { ok: true }) => void;
  reject: (e: Error) => void;
}
interface Slot {
  worker: Worker;
  job: Job | null;
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
  private readonly queue: Job[] = [];
  private starting = 0; // workers being created
  private nextId = 1;
  private closed = false;

  /**
   * @param o.size worker threads at most (default 1: searches are CPU-bound, one per core)
   * @param o.workerUrl the worker script (default: this package's dist/worker.js)
   */
  constructor(o: { size?: number; workerUrl?: URL } = {}) {
    this.size = Math.max(1, Math.floor(o.size ?? 1));
    this.workerUrl = o.workerUrl ?? defaultWorkerUrl();
  }

  /** A move for the view's seat at `level` (same semantics as `chooseMove`). */
  chooseMove(view: PlayerView, o: { level: Level; seed?: number; timeMs?: number; iterations?: number }): Promise<Move> {
    return this.run({ kind: "choose", view, options: o }).then((r) => ("move" in r ? r.move : Promise.reject(new Error("bad reply"))));
  }

  /** Analysis of the view's position (same semantics as `analyse`). */
  analyse(view: PlayerView, o: AnalyseOptions = {}): Promise<Analysis> {
    return this.run({ kind: "analyse", view, options: o }).then((r) => ("analysis" in r ? r.analysis : Promise.reject(new Error("bad reply"))));
  }

  /** Terminates every worker; queued and running jobs are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    const pending = this.queue.splice(0);
    for (const j of pending) j.reject(new Error("AiPool closed"));
    const slots = this.slots.splice(0);
    for (const s of slots) s.job?.reject(new Error("AiPool closed"));
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private run(req: Request): Promise<WorkerReply & { ok: true }> {
    if (this.closed) return Promise.reject(new Error("AiPool closed"));
    return new Promise((resolve, reject) => {
      this.queue.push({ req, resolve, reject });
      this.pump();
    });
  }

  /** Hands queued jobs to idle workers, starting new workers up to the size. */
  private pump(): void {
    for (const s of this.slots) {
      if (this.queue.length === 0) return;
      if (s.job === null) this.give(s, this.queue.shift()!);
    }
    if (this.queue.length > this.starting && this.slots.length + this.starting < this.size) {
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
          for (const j of this.queue.splice(0)) j.reject(err);
        },
      );
    }
  }

  private give(s: Slot, job: Job): void {
    const id = this.nextId++;
    s.job = { ...job, req: { ...job.req, id } };
    s.worker.ref(); // keep the process alive while a job runs
    s.worker.postMessage({ ...job.req, id });
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
      if (reply.ok) job.resolve(reply);
      else job.reject(new Error(reply.error));
      this.pump();
    });
    const fail = (err: Error): void => {
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      slot.job?.reject(err);
      slot.job = null;
      if (!this.closed) this.pump();
    };
    worker.on("error", (e) => fail(e instanceof Error ? e : new Error(String(e))));
    worker.on("exit", (code) => fail(new Error(`AI worker exited with code ${code}`)));
    return slot;
  }
}
