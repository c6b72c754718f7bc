/**
 * Timers that fire only when a test says so: handed to code that takes a StoreTimers, they
 * let the test see every wait the code sets (and how long it asked for), end one when it
 * chooses, and show that nothing more will happen by the waits that are no longer pending —
 * instead of sleeping past them. Nothing else about the code under test is replaced.
 */
import type { StoreTimers } from "../storage/store-when-up.js";

/** A wait the code set and nobody has ended or cancelled yet. */
export interface PendingWait {
  readonly ms: number; // what the code asked for
  /** Ends the wait now: its callback runs at once, as a timer's would. */
  fire(): void;
}

export class ManualTimers implements StoreTimers {
  readonly #pending: PendingWait[] = [];
  #onSet: ((wait: PendingWait) => void)[] = [];

  after(ms: number, run: () => void): () => void {
    const wait: PendingWait = {
      ms,
      fire: () => {
        if (!this.#remove(wait)) throw new Error(`the ${ms} ms wait is not pending: it fired or was cancelled`);
        run();
      },
    };
    this.#pending.push(wait);
    const waiting = this.#onSet;
    this.#onSet = [];
    for (const resolve of waiting) resolve(wait);
    return () => void this.#remove(wait);
  }

  /** The waits set and not yet fired or cancelled, oldest first. */
  get pending(): readonly PendingWait[] {
    return [...this.#pending];
  }

  /** The one pending wait; throws if there is none or several. */
  only(): PendingWait {
    if (this.#pending.length !== 1) throw new Error(`${this.#pending.length} waits are pending, not one`);
    return this.#pending[0]!;
  }

  /** Resolves with the next wait the code sets from now on. */
  nextSet(): Promise<PendingWait> {
    return new Promise((resolve) => this.#onSet.push(resolve));
  }

  #remove(wait: PendingWait): boolean {
    const i = this.#pending.indexOf(wait);
    if (i < 0) return false;
    this.#pending.splice(i, 1);
    return true;
  }
}
