/**
 * The computer players of a local table, behind one interface: in the page they think
 * in a Web Worker (WorkerComputer); the headless tests give the table the same
 * @yourtrumps/ai on their own thread (in-thread-computer.ts).
 */
import type { Analysis, PuzzleMove, PuzzlePosition } from "@yourtrumps/ai";
import type { Move, PlayerView } from "@yourtrumps/engine";
import type { Level } from "@yourtrumps/protocol";
import type { AiReply, AiRequest } from "./ai-messages.js";

export interface LocalComputer {
  choose(view: PlayerView, level: Level, seed: number, timeMs?: number): Promise<Move>;
  analyse(view: PlayerView, seed: number, timeMs: number): Promise<Analysis>;
  close(): void; // pending answers never come
}

type Pending = { resolve: (reply: AiReply & { ok: true }) => void; reject: (e: Error) => void };

/** @yourtrumps/ai in a module Worker (its own chunk, loaded when the first local table opens). */
export class WorkerComputer implements LocalComputer {
  private readonly worker = new Worker(new URL("./ai-worker.ts", import.meta.url), {
    type: "module",
    name: "computer",
  });
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** `thought`: the worker's thinking time of each move it chose (the test hook and the bench read them). */
  constructor(private readonly thought: (ms: number) => void = () => {}) {
    this.worker.onmessage = (e: MessageEvent<AiReply>) => {
      const reply = e.data;
      const job = this.pending.get(reply.id);
      if (!job) return;
      this.pending.delete(reply.id);
      if (reply.ok) job.resolve(reply);
      else job.reject(new Error(reply.error));
    };
    this.worker.onerror = (e) => {
      for (const job of this.pending.values()) job.reject(new Error(`the computer's worker failed: ${e.message}`));
      this.pending.clear();
    };
  }

  async choose(view: PlayerView, level: Level, seed: number, timeMs?: number): Promise<Move> {
    const reply = await this.ask({ kind: "choose", view, level, seed, ...(timeMs === undefined ? {} : { timeMs }) });
    if (reply.kind !== "choose") throw new Error("the worker answered another question");
    this.thought(reply.ms);
    return reply.move;
  }

  async analyse(view: PlayerView, seed: number, timeMs: number): Promise<Analysis> {
    const reply = await this.ask({ kind: "analyse", view, seed, timeMs });
    if (reply.kind !== "analyse") throw new Error("the worker answered another question");
    return reply.analysis;
  }

  /** A puzzle's refutation: the solver's best play on from `position` (the puzzle page's). */
  async refute(position: PuzzlePosition): Promise<PuzzleMove[]> {
    const reply = await this.ask({ kind: "refute", position });
    if (reply.kind !== "refute") throw new Error("the worker answered another question");
    return reply.line;
  }

  close(): void {
    this.worker.terminate();
    this.pending.clear();
  }

  private ask(req: DistributiveOmit<AiRequest, "id">): Promise<AiReply & { ok: true }> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...req, id });
    });
  }
}

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;
