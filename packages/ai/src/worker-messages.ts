/** Messages between AiPool and its worker threads (plain data, structured-cloned). */
import { replay } from "@yourtrumps/engine";
import type { HandSetup, Move, PlayerView } from "@yourtrumps/engine";
import type { AnalyseOptions } from "./analyse.js";
import { analyseSync } from "./analyse.js";
import { chooseMoveSync } from "./levels.js";
import { mistakesOf, type SeatMistake } from "./puzzles/mistakes.js";
import type { Analysis, ChooseOptions } from "./types.js";

export type WorkerRequest =
  | { id: number; kind: "choose"; view: PlayerView; options: ChooseOptions }
  | { id: number; kind: "analyse"; view: PlayerView; options: AnalyseOptions }
  | { id: number; kind: "mistakes"; setup: HandSetup; log: Move[]; options: MistakeOptions };

/** Which seats' mistakes to look for in a recorded hand, and each solve's budget (positions; default the generator's). */
export interface MistakeOptions {
  seats: number[];
  budget?: number;
}

export type WorkerReply =
  | { id: number; ok: true; move: Move }
  | { id: number; ok: true; analysis: Analysis }
  | { id: number; ok: true; mistakes: SeatMistake[] }
  | { id: number; ok: false; error: string };

/** Answers one request; never throws (errors become `ok: false` replies). */
export function handleRequest(req: WorkerRequest): WorkerReply {
  try {
    switch (req.kind) {
      case "choose":
        return { id: req.id, ok: true, move: chooseMoveSync(req.view, req.options) };
      case "analyse":
        return { id: req.id, ok: true, analysis: analyseSync(req.view, req.options) };
      case "mistakes":
        return {
          id: req.id,
          ok: true,
          mistakes: mistakesOf(replay(req.setup, []), req.log, req.options.seats, req.options.budget),
        };
      default: {
        const never: never = req;
        return { id: (never as { id: number }).id, ok: false, error: "unknown request" };
      }
    }
  } catch (e) {
    return { id: req.id, ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}
