/**
 * The hand being played at a table: the deal, each move landing in the state, whose
 * turn it is next and what happens at the end. The engine's LiveHand decides every
 * rule (R4's next dealer and R3's default trumps included); this only routes moves
 * to it and projects what it answers.
 */
import { randomBytes } from "node:crypto";
import { LiveHand, abandon, defaultTrumps, newHand, nextDealer, replay } from "@yourtrumps/engine";
import type { HandPosition, HandResult, HandSetup, Move } from "@yourtrumps/engine";
import { decodeMoves, encodeMoves, type Level } from "@yourtrumps/protocol";
import type { TableState } from "../state/table-state.js";
import type { ComputerTurns } from "./computer-turns.js";
import { HandRecorder } from "./hand-recorder.js";
import type { Refusal } from "./message-gate.js";
import { clearLastMove, projectHand, projectLastMove } from "./project.js";
import type { Rematch } from "./rematch.js";
import type { TableRecords } from "./table-records.js";
import type { HandSnapshot } from "../durability/table-snapshot.js";
import type { TurnClock } from "./turn-clock.js";
import type { Logger } from "../logging/logger.js";
import { moves } from "../metrics/metrics.js";

/** Where the hand's moves go as they land, so a restart can play them again (durability/table-journal.ts). */
export interface HandJournal {
  moved(handId: string, ply: number, move: string, atMs: number): void; // move: compact, "TS" or "P"
  changed(): void; // the table's snapshot changed: a deal, the hand's end
}

/** An arena's rules at the table (arena-hand.ts), where they differ: the seats' own clocks, no move for a player out of time before their first, no rematch. */
export interface ArenaRules {
  turnMsOf(seat: number): number;
  outOfTime(seat: number): boolean; // true: the arena dealt with it (the seat lost the hand)
  moved(seat: number, auto: boolean): void;
  finished(result: HandResult, moves: number): void;
}

/** What the hand in play works with. */
export interface HandInPlayParts {
  state: TableState;
  clock: TurnClock;
  turnMs: number; // a person's clock per move; 0 = none
  computers: ComputerTurns;
  rematch: Rematch;
  records: TableRecords;
  tableId: () => string; // the room's id
  journal: HandJournal;
  broadcastPatch: () => void; // a turn-based game ships each move at once, not at the next patch tick
  log: Logger;
  arena?: ArenaRules | undefined; // an arena's table
}

export class HandInPlay {
  #live: LiveHand | null = null; // played forward in place (O(1) a move)
  #dealer: number | undefined; // who deals the next hand (R4); undefined = drawn from the seed
  #recorder: HandRecorder | null = null; // the hand's id, times and seat takers, for its record
  #ply = 0; // moves played in this hand
  #seqAtDeal = 0; // the table's move count when this hand was dealt

  constructor(private readonly parts: HandInPlayParts) {}

  /** The hand, from the first deal on. */
  get live(): LiveHand | null {
    return this.#live;
  }

  /** The hand as a restore needs it (null before the first deal). */
  snapshot(): HandSnapshot | null {
    const live = this.#live;
    const recorder = this.#recorder;
    if (!live || !recorder) return null;
    return {
      id: recorder.id,
      startedAt: recorder.startedAt,
      setup: live.position.setup,
      takers: [...recorder.takers],
      seqAtDeal: this.#seqAtDeal,
    };
  }

  /** R4: who deals the next hand (undefined: drawn from the seed). */
  get nextDealer(): number | undefined {
    return this.#dealer;
  }

  set nextDealer(dealer: number | undefined) {
    this.#dealer = dealer;
  }

  /**
   * The hand dealt before a restart, played again move by move through the engine, then
   * on from where it was: a computer seat to move thinks, a person's clock runs for
   * `clockMs` (their time left and a grace), a finished hand goes on record (again: the
   * record is idempotent on its id, so a hand recorded before the crash is not twice).
   * Answers why the hand cannot go on — a deal or a move this engine refuses (an older
   * engine's record) — and then holds the moves it did take, for `abandon`.
   */
  resume(
    hand: HandSnapshot,
    moves: readonly { ply: number; move: string; atMs: number }[],
    clockMs: number,
  ): string | null {
    const { state } = this.parts;
    let live: LiveHand;
    try {
      live = new LiveHand(replay(hand.setup, []));
    } catch (e) {
      return `its deal does not replay: ${e instanceof Error ? e.message : String(e)}`;
    }
    this.#live = live;
    let why: string | null = null;
    let played = 0;
    for (const [i, m] of moves.entries()) {
      const move = m.ply === i ? decodeMoves([m.move])?.[0] : undefined;
      const error = move
        ? live.play(move)
        : { message: m.ply === i ? `"${m.move}" is no move` : `move ${i + 1} is missing` };
      if (error) {
        why = `move ${i + 1} (${m.move}) does not replay: ${error.message}`;
        break;
      }
      played++;
    }
    this.#recorder = new HandRecorder(state, {
      id: hand.id,
      startedAt: hand.startedAt,
      takers: hand.takers,
      moveTimes: moves.slice(0, played).map((m) => m.atMs),
    });
    this.#ply = played;
    this.#seqAtDeal = hand.seqAtDeal;
    state.handId = hand.id;
    state.seq = hand.seqAtDeal + played;
    const position = live.position;
    state.dealer = position.setup.kind === "deal" ? position.setup.dealer : -1;
    clearLastMove(state.lastMove);
    projectHand(state, position);
    state.phase = "playing";
    if (why) return why;
    if (position.result) this.finish(position.setup, position.result);
    else this.nextTurn(clockMs);
    return null;
  }

  /** Deals a new hand with the seats' trumps, R3's defaults for seats without one. */
  deal(): void {
    const { state, clock } = this.parts;
    const trumps = defaultTrumps(state.seats.map((seat) => (seat.trump === "" ? null : seat.trump)));
    // A string seed from crypto: whoever could guess the seed would know every hand.
    const seed = randomBytes(16).toString("hex");
    const hand = newHand({
      players: state.players,
      seed,
      trumps,
      ...(this.#dealer === undefined ? {} : { dealer: this.#dealer }),
    });
    this.#live = new LiveHand(hand);
    this.parts.records.dealt();
    this.#recorder = new HandRecorder(state);
    this.#ply = 0;
    this.#seqAtDeal = state.seq;
    state.handId = this.#recorder.id;
    clock.next();
    state.dealer = hand.setup.kind === "deal" ? hand.setup.dealer : -1;
    state.hands++;
    state.phase = "playing";
    state.seats.forEach((seat) => (seat.wantsRematch = false));
    clearLastMove(state.lastMove);
    projectHand(state, hand);
    this.parts.journal.changed();
    this.nextTurn();
    this.parts.broadcastPatch();
  }

  /** A person's move for `seat`; refused, changing nothing, unless the engine takes it. */
  humanMove(seat: number, move: Move): Refusal | null {
    const live = this.#live;
    if (this.parts.state.phase !== "playing" || !live)
      return { code: "wrong-phase", message: "No hand is being played." };
    const before = live.position;
    if (before.toMove !== seat) return { code: "not-your-turn", message: `It is seat ${before.toMove}'s turn.` };
    const error = live.play(move);
    if (error) return { code: error.code === "bad-hand" ? "malformed" : error.code, message: error.message };
    this.commit(seat, move, before, false);
    return null;
  }

  /** A computer player took `seat` mid-hand: on that seat's turn it moves now, not when the person's clock runs out. */
  seatTaken(seat: number): void {
    if (this.#live?.position.toMove !== seat) return;
    this.parts.clock.next();
    this.nextTurn();
  }

  /** The one place a move lands, once the engine has played it: state, sequence number, last move, next turn, patch. */
  private commit(seat: number, move: Move, before: HandPosition, auto: boolean): void {
    const { state, clock } = this.parts;
    const after = this.#live!.position;
    const at = this.#recorder!.moved();
    moves.inc({ by: auto ? "clock" : state.seats.at(seat)?.isAI ? "computer" : "person" });
    this.parts.journal.moved(this.#recorder!.id, this.#ply++, encodeMoves([move])[0]!, at);
    this.parts.arena?.moved(seat, auto);
    clock.next();
    state.seq++;
    projectLastMove(state.lastMove, seat, move, before, after, auto);
    projectHand(state, after, before); // the state shows `before` until now
    if (after.result) this.finish(after.setup, after.result);
    else this.nextTurn();
    this.parts.broadcastPatch();
  }

  /** The next mover: a computer seat moves now; a person has the table's clock (at an arena's, their own), if it has one. */
  private nextTurn(clockMs?: number): void {
    const { state, clock, turnMs, arena } = this.parts;
    const seat = this.#live!.position.toMove;
    if (state.seats.at(seat)?.isAI) this.computerMove(seat, state.level, false);
    else if (turnMs > 0)
      clock.limit(clockMs ?? arena?.turnMsOf(seat) ?? turnMs, () => {
        if (!arena?.outOfTime(seat)) this.computerMove(seat, "easy", true);
      });
  }

  /** Plays a move found by the computer player for `seat` (`auto`: for a person out of time), unless the turn is over first. */
  private computerMove(seat: number, level: Level, auto: boolean): void {
    const { clock, computers, log } = this.parts;
    const live = this.#live!;
    const before = live.position;
    const turn = clock.turn; // every move and every deal starts a new turn: an answer for an old one is dropped
    computers
      .choose(live, seat, level, !auto)
      .then((move) => {
        if (!clock.isCurrent(turn)) return;
        const error = live.play(move);
        if (error) return log.warn(`computer move ${JSON.stringify(move)} refused: ${error.message}`);
        this.commit(seat, move, before, auto);
      })
      .catch((e: unknown) => log.error({ err: e }, "computer move failed"));
  }

  /**
   * The table closes mid-hand (shutdown, or every person gone): the hand is called off
   * by the engine's `abandon` — a draw among the seats still holding cards — shown,
   * and recorded with its moves so far. Nothing after a hand that ended already.
   */
  abandon(): void {
    const { state, clock, records, tableId } = this.parts;
    const live = this.#live;
    if (state.phase !== "playing" || !live || !this.#recorder) return;
    const before = live.position;
    const hand = abandon(live.toHand());
    clock.next();
    projectHand(state, hand, before);
    state.phase = "over";
    void records.keep(this.#recorder.record(hand, state, tableId()));
    this.parts.journal.changed();
    this.parts.broadcastPatch();
  }

  /** The hand is over: projectHand has shown the result (and toMove -1), commit's `clock.next()` took the deadline down. */
  private finish(setup: HandSetup, result: HandResult): void {
    const { state, rematch, records, tableId } = this.parts;
    state.phase = "over";
    if (setup.kind === "deal") this.#dealer = nextDealer(setup.dealer, result);
    const recorded = records.keep(this.#recorder!.record(this.#live!.toHand(), state, tableId()));
    if (this.parts.arena) this.parts.arena.finished(result, this.#ply);
    else rematch.open(recorded);
    this.parts.journal.changed();
  }
}
