/**
 * The Web Worker the computer players think in (and a puzzle's refutation is solved in):
 * a search blocks its thread for up to a second, which on the page's main thread would freeze every animation and key.
 * One request at a time, answered in order.
 */
import { analyse, chooseMove, refutationLine } from "@yourtrumps/ai";
import type { AiReply, AiRequest } from "./ai-messages.js";

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<AiRequest>) => void) | null;
  postMessage(reply: AiReply): void;
};

scope.onmessage = (e) => {
  void answer(e.data).then((reply) => scope.postMessage(reply));
};

async function answer(req: AiRequest): Promise<AiReply> {
  const started = performance.now();
  try {
    switch (req.kind) {
      case "choose": {
        const move = chooseMove(req.view, {
          level: req.level,
          seed: req.seed,
          ...(req.timeMs === undefined ? {} : { timeMs: req.timeMs }),
        });
        return { id: req.id, ok: true, kind: "choose", move, ms: performance.now() - started };
      }
      case "analyse": {
        const analysis = await analyse(req.view, { seed: req.seed, timeMs: req.timeMs });
        return { id: req.id, ok: true, kind: "analyse", analysis, ms: performance.now() - started };
      }
      case "refute":
        return {
          id: req.id,
          ok: true,
          kind: "refute",
          line: refutationLine(req.position),
          ms: performance.now() - started,
        };
      default: {
        const never: never = req;
        throw new Error(`unknown request ${JSON.stringify(never)}`);
      }
    }
  } catch (e) {
    return { id: req.id, ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}
