/**
 * The reactions of one table: a person's, checked (reaction-limits.ts) and sent to
 * everyone there, and the computers' "Good game" a moment after a hand ends.
 */
import type { ReactionId, ReactionMessage } from "@yourtrumps/protocol";
import type { TableState } from "../state/table-state.js";
import type { Refusal } from "./message-gate.js";
import { ReactionLimits, computerSaysGoodGame } from "./reaction-limits.js";
import { rateLimited } from "../metrics/metrics.js";

const COMPUTER_PAUSE_MS = 1200; // after the hand's end, as a person would take to type it

export class TableReactions {
  readonly #limits = new ReactionLimits();
  #handId = ""; // the hand the allowances and the computers' answers are for
  #answered = ""; // the last hand the computers answered
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly state: TableState,
    private readonly broadcast: (message: ReactionMessage) => void,
  ) {}

  /** The person at `seat` reacts. */
  react(seat: number, id: ReactionId): Refusal | null {
    const refusal = this.#limits.admit(seat, id);
    if (refusal === null) this.broadcast({ seat, id });
    else if (refusal.code === "reaction-limit") rateLimited.inc({ bucket: "reactions" });
    return refusal;
  }

  /** The table's hand changed (a deal, or its end): new allowances, or the computers' turn to say something. */
  handChanged(): void {
    const { state } = this;
    if (state.handId !== this.#handId) {
      this.#handId = state.handId;
      this.#limits.newHand();
    }
    if (state.phase !== "over" || this.#answered === state.handId) return;
    this.#answered = state.handId;
    const sayers = state.seats
      .map((seat, i) => (seat.isAI ? { seat: i, id: computerSaysGoodGame(state.handId, i) } : null))
      .filter((s): s is { seat: number; id: ReactionId } => s !== null && s.id !== null);
    if (sayers.length === 0 || !state.seats.some((seat) => !seat.isAI)) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => sayers.forEach((s) => this.broadcast(s)), COMPUTER_PAUSE_MS);
    this.#timer.unref();
  }

  /** The table is gone. */
  stop(): void {
    clearTimeout(this.#timer);
  }
}
