import type { GameRecord } from "../../net/game-record.js";
import { firstUnjudged, keepVerdict, keptVerdicts } from "./kept-verdicts.js";
import { ReviewRun, type ReviewListener } from "./review-run.js";

/**
 * The review of a finished hand, begun the moment the hand ends rather than when Review
 * is pressed: the worker boots and judges while the player reads the result, so the
 * replay page finds the first verdicts kept (kept-verdicts.ts) instead of starting the
 * analyser beside the table's own load; the replay page opened in the same document
 * follows the run itself. One hand at a time; a new hand stops it.
 */
export class WarmReview {
  private run: ReviewRun | null = null;
  private handId: string | null = null;
  private listener: ReviewListener | null = null; // the replay page following the run

  constructor(private readonly storage: Storage) {} // sessionStorage: the replay page of this tab reads it

  /** Judges the moves of `record` not kept yet, keeping each verdict; nothing when it is being judged already. */
  start(record: GameRecord): void {
    if (this.handId === record.id) return;
    this.stop();
    const from = firstUnjudged(keptVerdicts(this.storage, record.id, record.log.length));
    if (from >= record.log.length) return;
    this.handId = record.id;
    this.run = new ReviewRun(
      record,
      {
        judged: (index, judgement) => {
          keepVerdict(this.storage, record.id, index, judgement);
          this.listener?.judged(index, judgement);
        },
        done: () => {
          this.run = null;
          this.listener?.done();
        },
        failed: (reason) => {
          this.run = null;
          this.listener?.failed(reason);
        },
      },
      from,
    );
  }

  /**
   * The run judging hand `handId`, from now on also reporting to `listener` (what it judged
   * so far is kept); null when none is running. Call it in the same task as reading the
   * kept verdicts, so no verdict falls between the two.
   */
  follow(handId: string, listener: ReviewListener): ReviewRun | null {
    if (this.handId !== handId || this.run === null) return null;
    this.listener = listener;
    return this.run;
  }

  stop(): void {
    this.listener = null;
    this.run?.stop();
    this.run = null;
    this.handId = null;
  }
}
