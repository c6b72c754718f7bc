import type { MoveJudgement } from "@yourtrumps/ai";
import type { GameRecord } from "../../net/game-record.js";
import type { ReviewReply, ReviewRequest } from "./messages.js";

/** What a running review tells the page. */
export interface ReviewListener {
  judged(index: number, judgement: MoveJudgement): void;
  done(): void;
  failed(reason: string): void;
}

/**
 * One review of one record in its own Web Worker. `stop` ends the worker at once (the
 * page left the replay, or a new review replaced this one): a search cannot be
 * interrupted from outside any other way.
 */
export class ReviewRun {
  private readonly worker: Worker;
  private stopped = false;

  /** Judges the moves of `record` from index `from` on (the earlier ones are known already). */
  constructor(record: GameRecord, listener: ReviewListener, from = 0) {
    this.worker = new Worker(new URL("./review-worker.ts", import.meta.url), { type: "module", name: "review" });
    this.worker.onmessage = (e: MessageEvent<ReviewReply>) => {
      if (this.stopped) return;
      const reply = e.data;
      switch (reply.kind) {
        case "judged":
          return listener.judged(reply.index, reply.judgement);
        case "done":
          this.stop();
          return listener.done();
        case "failed":
          this.stop();
          return listener.failed(reply.message);
        default: {
          const never: never = reply;
          return never;
        }
      }
    };
    this.worker.onerror = (e) => {
      if (this.stopped) return;
      this.stop();
      listener.failed(e.message || "the worker failed to start");
    };
    const request: ReviewRequest = { record, from };
    this.worker.postMessage(request);
  }

  stop(): void {
    this.stopped = true;
    this.worker.terminate();
  }
}
