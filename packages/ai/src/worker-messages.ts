/** Messages between AiPool and its worker threads (plain data, structured-cloned). */
import type { Move, PlayerView } from "@yourtrumps/engine";
import type { AnalyseOptions } from "./analyse.js";
import { analyseSync } from "./analyse.js";
import { chooseMoveSync } from "./levels.js";
import type { Analysis, ChooseOptions } from "./types.js";

export type WorkerRequest =
  | { id: number; kind: "choose"; view: PlayerView; options: ChooseOptions }
  | { id: number; kind: "analyse"; view: PlayerView; options: AnalyseOptions };

export type WorkerReply =
  | { id: number; ok: true; move: Move }
  | { id: number; ok: true; analysis: Analysis }
  | { id: number; ok: false; error: string };

/** Answers one request; never throws (errors become `ok: false` replies). */
export function handleRequest(req: WorkerRequest): WorkerReply {
  try {
    switch (req.kind) {
      case "choose":
        return { id: req.id, ok: true, move: chooseMoveSync(req.view, req.options) };
      case "analyse":
        return { id: req.id, ok: true, analysis: analyseSync(req.view, req.options) };
      default: {
        const never: never = req;
        return { id: (never as { id: number }).id, ok: false, error: "unknown request" };
      }
    }
  } catch (e) {
    return { id: req.id, ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}
