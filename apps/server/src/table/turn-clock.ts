/**
 * A table's one clock. Everything timed at a table runs here: the quick-match fill,
 * the trump choice, a person's move, a computer's human-like pause. A table waits for
 * one thing at a time, so it has one alarm, and one turn number that voids whatever
 * was started for an earlier turn — a computer's search or a hint that answers after
 * the move it was meant for was made (by the person, by the clock, or by a new deal).
 *
 * The alarm is a plain Node timer rather than the room's Colyseus clock: that clock
 * fires its timers only when something ticks it, and ticking it often enough for a
 * move's pause (Colyseus does it 20 or 60 times a second per room) is most of what an
 * idle table costs. A Node timer costs nothing until it fires. `run` is how the room
 * runs the work a timer does, as it runs a hook: errors contained, changes patched.
 */
import type { TableState } from "../state/table-state.js";

type Timer = ReturnType<typeof setTimeout>;

export class TurnClock {
  #turn = 0;
  #alarm: Timer | undefined;
  readonly #pauses = new Set<Timer>();
  #stopped = false;

  constructor(
    private readonly state: TableState,
    private readonly run: (work: () => void) => void,
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
    this.#alarm = setTimeout(() => {
      this.#alarm = undefined;
      if (this.isCurrent(turn)) this.run(expire);
    }, ms);
  }

  /**
   * Resolves after `ms`, leaving the alarm alone; whoever awaits it checks `isCurrent`
   * afterwards. Once the table has stopped this never settles, which is what the turn
   * check would decide anyway, and its timer is gone so nothing outlives the table.
   */
  pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.#stopped) return;
      const timer = setTimeout(() => {
        this.#pauses.delete(timer);
        resolve();
      }, ms);
      this.#pauses.add(timer);
    });
  }

  /** The table is closing (shutdown or disposal): every pending answer and alarm is void for good. */
  stop(): void {
    this.#stopped = true;
    this.#cancelAlarm();
    for (const timer of this.#pauses) clearTimeout(timer);
    this.#pauses.clear();
  }

  #cancelAlarm(): void {
    if (this.#alarm !== undefined) clearTimeout(this.#alarm);
    this.#alarm = undefined;
  }
}
