/**
 * A table's one clock. Everything timed at a table runs on the room's own Colyseus
 * clock (which stops with the room): the quick-match fill, the trump choice, a
 * person's move, a computer's human-like pause. A table waits for one thing at a
 * time, so it has one alarm, and one turn number that voids whatever was started for
 * an earlier turn — a computer's search or a hint that answers after the move it was
 * meant for was made (by the person, by the clock, or by a new deal).
 */
import type { Clock, Delayed } from "@colyseus/core";
import type { TableState } from "../state/table-state.js";

export class TurnClock {
  #turn = 0;
  #alarm: Delayed | undefined;
  #stopped = false;

  constructor(
    private readonly clock: Clock,
    private readonly state: TableState,
  ) {}

  /** The turn now; an answer that arrives later applies only while `isCurrent(turn)`. */
  get turn(): number {
    return this.#turn;
  }

  /** The table is closing: nothing scheduled runs any more. */
  get stopped(): boolean {
    return this.#stopped;
  }

  /** True while `turn` is still the turn now and the table is not closing. */
  isCurrent(turn: number): boolean {
    return !this.#stopped && turn === this.#turn;
  }

  /** A new turn begins: the last turn's alarm and pending answers are void, and no deadline shows. */
  next(): void {
    this.#turn++;
    this.#cancelAlarm();
    this.state.deadline = 0;
  }

  /** Shows a deadline `ms` from now and calls `expire` then, unless the turn is over first. */
  limit(ms: number, expire: () => void): void {
    this.state.deadline = Date.now() + ms;
    this.after(ms, expire);
  }

  /** Calls `expire` in `ms` unless the turn is over first; the deadline shown stays as it is. */
  after(ms: number, expire: () => void): void {
    this.#cancelAlarm();
    if (this.#stopped) return;
    const turn = this.#turn;
    this.#alarm = this.clock.setTimeout(() => {
      if (this.isCurrent(turn)) expire();
    }, ms);
  }

  /**
   * Resolves after `ms` on the same clock, leaving the alarm alone; whoever awaits it
   * checks `isCurrent` afterwards. Once the room is disposed Colyseus clears its clock
   * and this never settles, which is what the turn check would decide anyway.
   */
  pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.clock.setTimeout(resolve, ms);
    });
  }

  /** The table is closing (shutdown or disposal): every pending answer and alarm is void for good. */
  stop(): void {
    this.#stopped = true;
    this.#cancelAlarm();
  }

  #cancelAlarm(): void {
    this.#alarm?.clear();
    this.#alarm = undefined;
  }
}
