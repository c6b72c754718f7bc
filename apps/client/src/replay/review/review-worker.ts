/**
 * The review's Web Worker: replays the record with the engine and judges each move with
 * the analyser (`judgeMove`: the mover's own view, exact in small duel endgames), posting
 * each verdict as soon as it is found, in the order of the hand — so the first verdicts
 * show at once and the page stays responsive while the rest are searched. Nothing of
 * this runs on the server. Vite bundles this file (and the analyser) as a chunk of its
 * own, loaded only when a review starts.
 */
import { judgeMove } from "@yourtrumps/ai";
import { replayRecord } from "../replay.js";
import type { ReviewReply, ReviewRequest } from "./messages.js";

/** The worker's global scope, typed by hand: the client's TypeScript lib is the DOM's, not the WebWorker one. */
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<ReviewRequest>) => void) | null;
  postMessage(reply: ReviewReply): void;
};

scope.onmessage = (e) => {
  const started = performance.now();
  const { record, iterations, from = 0 } = e.data;
  try {
    const replayed = replayRecord(record);
    if (!replayed.ok) return scope.postMessage({ kind: "failed", message: replayed.failure.kind });
    const { positions } = replayed.replay;
    record.log.forEach((move, index) => {
      if (index < from) return;
      const judgement = judgeMove(positions[index]!, move, {
        seed: index,
        ...(iterations === undefined ? {} : { iterations }),
      });
      scope.postMessage({ kind: "judged", index, judgement });
    });
    scope.postMessage({ kind: "done", ms: performance.now() - started });
  } catch (err: unknown) {
    scope.postMessage({ kind: "failed", message: err instanceof Error ? err.message : String(err) });
  }
};
