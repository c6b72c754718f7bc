import type { GameRecord } from "../net/game-record.js";
import { firstUnjudged, keepVerdict, keptVerdicts } from "./kept-verdicts.js";
import { ReviewRun } from "./review-run.js";

/**
 * The review of a finished hand, begun the moment the hand ends rather than when Review
 * is pressed: the worker boots and judges while the player reads the result, so the
 * replay page finds the first verdicts kept (kept-verdicts.ts) instead of starting the
 * analyser beside the table's own load. One hand at a time; a new hand stops it.
 */
export class WarmReview {
  private run: ReviewRun | null = null;
  private handId: string | null = null;

  constructor(private readonly storage: Storage) {} // sessionStorage: the replay page of this tab reads it

  /** Judges the moves of `record` not kept yet, keeping each verdict; nothing when it is being judged already. */
  start(record: GameRecord): void {
    if (this.handId === record.id) return;
    this.stop();
    const from = firstUnjudged(keptVerdicts(this.storage, record.id, record.log.length));
    if (from >= record.log.length) return;
    this.handId = record.id;
    const finished = (): void => void (this.run = null);
    this.run = new ReviewRun(record, { judged: (index, judgement) => keepVerdict(this.storage, record.id, index, judgement), done: finished, failed: finished }, from);
  }

  stop(): void {
    this.run?.stop();
    this.run = null;
    this.handId = null;
  }
}
