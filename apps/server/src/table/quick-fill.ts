/**
 * Quick match: a table that has not filled up after a while gives its empty seats to
 * computer players, except seats the matchmaker has already promised to clients
 * still connecting. The table then waits for those (locked, so nobody else is sent
 * here) and looks again until they arrive or their reservations lapse.
 *
 * A person who plays the computer in their page while they wait ("meanwhile") holds the
 * fill off, for up to MEANWHILE_MS: they want a person, and the seek stays open. When
 * nobody there holds it any more, the table waits `afterMs` again before it fills.
 *
 * Whoever sits down while the fill is held is offered to the holders: the hand does not
 * begin (even at a full table) until they come back to the table (`hold(seat, false)`),
 * and they have OFFER_MS to. "Not now", or no answer in time, lets the newcomers go —
 * their seats are released, so the seek is open again — and the hold goes on. Released,
 * rather than kept waiting: a person who sat down to play now should not sit on for up
 * to ten minutes at a table whose player said no; they are told, and pick another seek.
 */
import type { TableState } from "../state/table-state.js";
import { freeSeat, seatComputer } from "./seating.js";
import type { TurnClock } from "./turn-clock.js";

const RECHECK_MS = 1000; // a table waiting for reserved clients looks again this often
export const MEANWHILE_MS = 10 * 60_000; // the longest a person playing the computer meanwhile holds the fill off
export const OFFER_MS = 20_000; // how long the holders have to come to a table someone sat down at

/** What the quick fill works with. */
export interface QuickFillParts {
  state: TableState;
  clock: TurnClock;
  afterMs: number; // how long the table waits for people first
  offerMs: number; // how long the holders have to come when someone sits down (OFFER_MS but in tests)
  reservedSeats: () => number; // seats reserved by the matchmaker whose clients have not joined yet
  lock: () => void;
  broadcastPatch: () => void;
  full: () => void; // every seat is held: the hand can be set up
  release: (seats: number[]) => void; // lets the people at these seats go (the holders said not now)
}

export class QuickFill {
  readonly #holding = new Set<number>(); // seats whose person plays the computer meanwhile
  #heldUntil = 0; // epoch ms: the hold lapses then
  readonly #newcomers = new Set<number>(); // seats taken while the fill was held: offered to the holders

  constructor(private readonly parts: QuickFillParts) {}

  /** True while someone at the table plays the computer meanwhile. */
  get held(): boolean {
    return this.#holding.size > 0 && Date.now() < this.#heldUntil;
  }

  /** True while the person at `seat` plays the computer meanwhile. */
  holds(seat: number): boolean {
    return this.held && this.#holding.has(seat);
  }

  /** True while someone who sat down waits for the holders' answer. */
  get offering(): boolean {
    return this.#newcomers.size > 0;
  }

  /**
   * The person at `seat` starts (`on`) or stops playing the computer meanwhile. The last
   * to stop comes back to the table: a full one deals, another waits `afterMs` to fill.
   */
  hold(seat: number, on: boolean): void {
    const was = this.held;
    if (on) this.#holding.add(seat);
    else this.#holding.delete(seat);
    if (on && !was) {
      this.#heldUntil = Date.now() + MEANWHILE_MS;
      this.parts.clock.limit(MEANWHILE_MS, () => this.fill());
    } else if (!this.held && was) {
      this.#newcomers.clear();
      if (freeSeat(this.parts.state) < 0) this.parts.full();
      else this.start();
    }
  }

  /** A person sat down at `seat`: while the fill is held they are offered to the holders, who have `offerMs` to come. */
  seated(seat: number): void {
    if (!this.held) return;
    this.#newcomers.add(seat);
    this.parts.clock.limit(this.parts.offerMs, () => this.notNow());
  }

  /** The holders said not now (or let the offer lapse): the newcomers go, the hold goes on. False when nobody was offered. */
  notNow(): boolean {
    if (this.#newcomers.size === 0) return false;
    const seats = [...this.#newcomers];
    this.#newcomers.clear();
    this.parts.release(seats);
    this.resumeHold();
    return true;
  }

  /** The seat's person is gone: what they held goes with them, and a newcomer no longer waits for an answer. */
  seatLeft(seat: number): void {
    if (this.#newcomers.delete(seat) && this.#newcomers.size === 0 && this.held) this.resumeHold();
    if (this.#holding.has(seat)) this.hold(seat, false);
  }

  /** The clock shows the hold's own lapse again (an offer had it). */
  private resumeHold(): void {
    this.parts.clock.limit(Math.max(0, this.#heldUntil - Date.now()), () => this.fill());
  }

  /** The table opens: the fill is due `afterMs` from now (shown as the deadline). */
  start(): void {
    this.parts.clock.limit(this.parts.afterMs, () => this.fill());
  }

  private fill(): void {
    const { state, clock } = this.parts;
    if (state.phase !== "waiting") return;
    this.#holding.clear(); // a hold that lapsed (a page may not have said it stopped)
    this.#newcomers.clear();
    let spare = state.seats.filter((seat) => seat.sessionId === "" && !seat.isAI).length - this.parts.reservedSeats();
    state.seats.forEach((seat) => {
      if (spare > 0 && seat.sessionId === "" && !seat.isAI) {
        seatComputer(state, seat);
        spare--;
      }
    });
    if (freeSeat(state) < 0) return this.parts.full();
    this.parts.lock();
    this.parts.broadcastPatch();
    clock.after(RECHECK_MS, () => this.fill());
  }
}

/**
 * Seats reserved by the matchmaker whose clients have not joined yet. Colyseus
 * keeps them in a field it does not publish (`_reservedSeats`: sessionId →
 * [options, auth, consumed, reconnecting]); if that ever changes this counts 0
 * and the fill behaves as it did before (the late client is refused).
 */
export function pendingReservations(room: object): number {
  const reserved = (room as { _reservedSeats?: Record<string, unknown[]> })._reservedSeats ?? {};
  // A spectator's reservation (options `{ watch: true }`) is for no seat.
  return Object.values(reserved).filter(
    (r) => Array.isArray(r) && r[2] === false && r[3] === false && (r[0] as { watch?: unknown } | null)?.watch !== true,
  ).length;
}
