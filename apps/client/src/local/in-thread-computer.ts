/**
 * The same computer players on the caller's thread, for headless tests of the local
 * table (Node has no Web Worker). The page never uses this: it would freeze the table.
 */
import { analyse, chooseMove, type Analysis } from "@yourtrumps/ai";
import type { Move, PlayerView } from "@yourtrumps/engine";
import type { Level } from "@yourtrumps/protocol";
import type { LocalComputer } from "./computer.js";

export class InThreadComputer implements LocalComputer {
  private closed = false;

  choose(view: PlayerView, level: Level, seed: number, timeMs?: number): Promise<Move> {
    return this.later(() => chooseMove(view, { level, seed, ...(timeMs === undefined ? {} : { timeMs }) }));
  }

  analyse(view: PlayerView, seed: number, timeMs: number): Promise<Analysis> {
    return this.later(() => analyse(view, { seed, timeMs }));
  }

  close(): void {
    this.closed = true;
  }

  /** Answers on a later task, as a worker would; never after close. */
  private later<T>(work: () => T | Promise<T>): Promise<T> {
    return new Promise((resolve, reject) => {
      setTimeout(() => {
        if (this.closed) return;
        Promise.resolve().then(work).then(resolve, reject);
      }, 0);
    });
  }
}
