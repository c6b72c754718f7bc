/**
 * An arena's rules at its table (tournament rules, not card rules — those stay the
 * engine's): only the two paired players sit here, in their seats; a seat may go berserk
 * before its first move (its turn clock halved); a seat whose player never comes, leaves
 * for good or lets the clock run out before their first move loses the hand — no computer
 * plays for anyone in an arena — and the one who never moved is paused; the hand's result
 * goes to the arena once (idempotent on the pairing, so a restored table finishing again
 * counts nothing twice); no rematch: the table closes soon after and its players are back
 * in the arena.
 */
import type { HandResult } from "@yourtrumps/engine";
import type { ArenaStore, PairingResult } from "../storage/arenas.js";
import type { TableState } from "../state/table-state.js";
import type { ArenaTable } from "../arena-rules/table-config.js";
import { QUICK_DRAW_MOVES } from "../arena-rules/sheet.js";
import { directorChannel, type DirectorEvent } from "../arena-rules/channels.js";
import type { Refusal } from "./message-gate.js";
import { retryDelay } from "../database/retry-delay.js";
import type { Logger } from "../logging/logger.js";

/** An arena table closes this long after its hand ended (its players see the result first). */
export const ARENA_CLOSE_MS = 4000;

export interface ArenaHandParts {
  state: TableState;
  table: ArenaTable; // changed in place (berserk, moves, reported) and kept with the table's record
  arenas: ArenaStore;
  publish: (channel: string, event: DirectorEvent) => void;
  keep: () => void; // the table's record changed
  abandonHand: () => void; // the hand in play is called off (the engine's abandon) and recorded
  close: () => void; // the table closes under its players
  log: Logger;
}

export class ArenaHand {
  #over = false;
  #closing: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly parts: ArenaHandParts) {
    const { state, table } = parts;
    state.arenaId = table.arenaId;
    state.arenaName = table.arenaName;
  }

  /** The hand's result is decided (played out, forfeited or void): nobody takes a seat any more. */
  get decided(): boolean {
    return this.#over;
  }

  /** The seat the director paired `playerId` into; −1 for anyone else. */
  seatOf(playerId: string): number {
    return this.parts.table.seats.findIndex((seat) => seat.playerId === playerId);
  }

  /** Shows the seats' arena scores, fire and berserk (a new table's seats, or a restored one's). */
  showSeats(): void {
    this.parts.table.seats.forEach((kept, i) => {
      const seat = this.parts.state.seats.at(i);
      if (!seat) return;
      seat.arenaScore = kept.score;
      seat.fire = kept.fire;
      seat.berserk = kept.berserk;
    });
  }

  /** The seat's own turn clock: halved once it went berserk. */
  turnMsOf(seat: number): number {
    const { table } = this.parts;
    return table.seats[seat]?.berserk ? Math.floor(table.turnMs / 2) : table.turnMs;
  }

  /** Berserk, asked by the seat's player: before their first move of the hand, once, where the arena allows it. */
  berserk(seat: number): Refusal | null {
    const { table, state } = this.parts;
    const kept = table.seats[seat];
    if (!table.berserk) return { code: "no-berserk", message: "This arena does not allow berserk." };
    if (!kept || this.#over || state.phase === "over") return { code: "no-berserk", message: "The hand is over." };
    if (kept.berserk) return { code: "no-berserk", message: "This seat is berserk already." };
    if (kept.moves > 0) return { code: "no-berserk", message: "Berserk only before your first move of the hand." };
    kept.berserk = true;
    const shown = state.seats.at(seat);
    if (shown) shown.berserk = true;
    if (state.toMove === seat && state.deadline > 0) state.deadline -= Math.floor(table.turnMs / 2); // the running clock halved too
    this.parts.keep();
    return null;
  }

  /** A move of `seat` landed; one the server made for a player out of time is not theirs. */
  moved(seat: number, auto: boolean): void {
    const kept = this.parts.table.seats[seat];
    if (kept && !auto) kept.moves++;
  }

  /** The seat's clock ran out: a player who has not moved at all this hand loses it (and is paused); true when that happened. */
  outOfTime(seat: number): boolean {
    const kept = this.parts.table.seats[seat];
    if (!kept || kept.moves > 0) return false;
    this.forfeit(seat, true);
    return true;
  }

  /** The hand ended at the table: a draw is a quick one when the engine called it a repetition within QUICK_DRAW_MOVES moves. */
  finished(result: HandResult, moves: number): void {
    const winner = result.loser === null ? null : result.loser === 0 ? 1 : 0;
    this.end({ winner, quickDraw: result.reason === "repetition" && moves <= QUICK_DRAW_MOVES, void: false }, null);
  }

  /** `seat` loses without the hand being played out (left, never came, never moved); `pause`: they are paused too. */
  forfeit(seat: number, pause: boolean): void {
    if (this.#over) return;
    this.parts.abandonHand();
    const winner = seat === 0 ? 1 : 0;
    this.end(
      { winner, quickDraw: false, void: false },
      pause ? (this.parts.table.seats[seat]?.playerId ?? null) : null,
    );
  }

  /** Neither player came: the pairing counts for nobody. */
  voidHand(): void {
    if (this.#over) return;
    this.parts.abandonHand();
    this.end({ winner: null, quickDraw: false, void: true }, null);
  }

  /**
   * The table was restored after a restart: a hand whose result reached the arena before
   * is over (the director is told again, in case it missed it); one that cannot be played
   * on (or was never dealt: its players could not take their seats) counts for nobody. A hand
   * played on reports when it ends, as any.
   */
  restored(unplayable: boolean): void {
    this.showSeats();
    if (unplayable) return this.voidHand();
    if (!this.parts.table.reported || this.#over) return;
    this.#over = true;
    this.parts.publish(directorChannel(this.parts.table.arenaId), {
      type: "result",
      pairingId: this.parts.table.pairingId,
      pause: null,
    });
    this.#closing = setTimeout(() => this.parts.close(), ARENA_CLOSE_MS);
  }

  /** The table is disposed of: its close timer goes with it. */
  stop(): void {
    clearTimeout(this.#closing);
  }

  private end(outcome: Pick<PairingResult, "winner" | "quickDraw" | "void">, pause: string | null): void {
    if (this.#over) return;
    this.#over = true;
    const { table } = this.parts;
    const result: PairingResult = {
      ...outcome,
      moves: [table.seats[0].moves, table.seats[1].moves],
      berserk: [table.seats[0].berserk, table.seats[1].berserk],
    };
    void this.report(result, pause);
    this.#closing = setTimeout(() => this.parts.close(), ARENA_CLOSE_MS);
  }

  /** Applies the result to the arena until the database takes it (applied once whatever happens), then tells the director. */
  private async report(result: PairingResult, pause: string | null): Promise<void> {
    const { table, arenas, publish, log } = this.parts;
    for (let failures = 0; !table.reported; failures++) {
      try {
        await arenas.applyResult(table.pairingId, result, table.streaks); // null: applied before (a restored table): nothing to add
        table.reported = true;
        this.parts.keep();
      } catch (e) {
        log.warn({ err: e, arenaId: table.arenaId }, `arena result of pairing ${table.pairingId} not applied yet`);
        await new Promise((resolve) => setTimeout(resolve, retryDelay(failures + 1, 500, 5000)));
      }
    }
    publish(directorChannel(table.arenaId), { type: "result", pairingId: table.pairingId, pause });
  }
}
