import type { MoveJudgement } from "@yourtrumps/ai";
import type { GameRecord } from "../../net/game-record.js";

/** The page asks the review worker to judge every move of a record. */
export interface ReviewRequest {
  record: GameRecord;
  iterations?: number; // search budget per position (default: the analyser's REVIEW_ITERATIONS)
  from?: number; // the first move to judge (default 0): the earlier ones were judged before (kept-verdicts.ts)
}

/** What the worker answers, move by move in the order of the hand, then once at the end. */
export type ReviewReply =
  | { kind: "judged"; index: number; judgement: MoveJudgement } // move `index` (0-based)
  | { kind: "done"; ms: number } // every move judged, in this many milliseconds of the worker's time
  | { kind: "failed"; message: string }; // the record does not replay, or the analyser threw
