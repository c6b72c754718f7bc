/** A table's move → patch latency: from the first move a patch will show to that patch being sent. */
import { performance } from "node:perf_hooks";
import { moveToPatch } from "./metrics.js";

export class MoveToPatchTimer {
  #movedAt: number | undefined; // performance.now() of the first move the next patch shows

  /** A move was played: the next patch shows it. */
  landed(): void {
    this.#movedAt ??= performance.now();
  }

  /** A patch went out: the moves it shows are timed. */
  sent(): void {
    if (this.#movedAt !== undefined) moveToPatch.observe((performance.now() - this.#movedAt) / 1000);
    this.#movedAt = undefined;
  }
}
