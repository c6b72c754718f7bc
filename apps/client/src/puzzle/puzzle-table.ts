/**
 * A puzzle's position as a table (the third TableSession): the controller, the scene and
 * the announcements play it as any duel — the player's side at the bottom, every card
 * face up (the duel is perfect information, R18). The verdict of a move is the tree's, at
 * once; the defence's reply follows after a pause, as a person's would; a wrong move's
 * refutation comes from the solver in the page's worker and is played out the same way.
 */
import { positionOf, toEngineMove, type PuzzleMove, type PuzzlePosition } from "@yourtrumps/ai";
import { applyMove, type Hand, type Move, type Suit } from "@yourtrumps/engine";
import type { ErrorCode } from "@yourtrumps/protocol";
import type { LastMove, SeatSnapshot, TableSnapshot } from "../net/snapshot.js";
import type { SessionEvents, TableSession } from "../net/table-session.js";
import type { PuzzleRun } from "./puzzle-run.js";

/** The player's seat's `sessionId` in the snapshots. */
export const PUZZLE_SEAT_ID = "puzzle";
const DEFENCE_NAME = "Computer"; // the client localises it, as a computer seat's

/** What the page hears from the table besides snapshots. */
export type PuzzleEvent =
  | { kind: "verdict"; verdict: "kept" | "solved" | "wrong" } // a move of the player's, judged
  | { kind: "settled"; after: "reply" | "refutation" | "solution" }; // a line played out: the table is still again

export interface PuzzleTableParts {
  name: string; // the player's name on the plate
  pauseMs: number; // before each move played for the defence (or for either side in a line shown)
  refute(position: PuzzlePosition): Promise<PuzzleMove[]>; // the solver's best play on from a position (the worker)
  told(event: PuzzleEvent): void;
}

export class PuzzleTable implements TableSession {
  readonly sessionId = PUZZLE_SEAT_ID;
  private shown: Hand; // the position on the table (the walk may be ahead of it while replies play out)
  private lastMove: LastMove | null = null;
  private seq = 0;
  private busy = false; // a line is playing out
  private line = 0; // each line played out has a number; a newer one (retry, solution) stops an older
  private closed = false;

  constructor(
    readonly run: PuzzleRun,
    private readonly events: SessionEvents,
    private readonly parts: PuzzleTableParts,
  ) {
    this.shown = run.start();
    this.changed();
  }

  /** Whether the player may move now. */
  get accepting(): boolean {
    return !this.busy && !this.closed && this.run.state === "solving" && this.shown.toMove === this.run.player;
  }

  send(move: Move): void {
    if (!this.accepting) return this.refuse("not-your-turn", "Wait for the reply.", move.type);
    const puzzleMove: PuzzleMove = move.type === "pickup" ? "pickup" : move.card;
    const verdict = this.run.play(puzzleMove);
    if (verdict.kind === "illegal") return this.refuse("malformed", verdict.why, move.type);
    this.step(puzzleMove);
    this.parts.told({ kind: "verdict", verdict: verdict.kind });
    if (verdict.kind === "wrong") return void this.refutation();
    void this.playOut(verdict.replies, "reply");
  }

  /** Back to the start for another try. */
  retry(): void {
    this.line++;
    this.busy = false;
    this.run.retry();
    this.reset();
  }

  /** Plays the main line from the start. */
  /** Plays the solution's main line from the start; returns its moves (the panel writes them out). */
  showSolution(): PuzzleMove[] {
    this.line++;
    const moves = this.run.solution();
    this.reset();
    void this.playOut(moves, "solution");
    return moves;
  }

  chooseTrump(_suit: Suit): void {
    this.refuse("wrong-phase", "A puzzle's trumps are given.", "trump");
  }

  rematch(): void {
    this.refuse("wrong-phase", "A puzzle has no rematch.", "rematch");
  }

  hint(): void {
    this.refuse("hint-unavailable", "A puzzle gives no hints.", "hint");
  }

  leave(): Promise<void> {
    this.closed = true;
    this.line++;
    return Promise.resolve();
  }

  /** The table as the server's state would read (the snapshots, unit tests). */
  snapshot(): TableSnapshot {
    const h = this.shown;
    const player = this.run.player;
    const seats = h.hands.map((cards, seat): SeatSnapshot => ({
      name: seat === player ? this.parts.name : DEFENCE_NAME,
      isAI: seat !== player,
      connected: true,
      trump: h.trumps[seat] ?? null,
      cardCount: cards.length,
      sessionId: seat === player ? PUZZLE_SEAT_ID : "",
      hand: cards.slice(),
      place: h.places[seat] ?? null,
      rematch: false,
      playerId: "",
      rating: null,
      provisional: false,
      ratingAfter: null,
    }));
    const waiting = h.result !== null || (h.toMove === player && !this.accepting); // nobody moves: solved, failed, or a line playing
    return {
      phase: "playing",
      mode: "quick", // no hint button, no computer's reactions: the defence is the tree
      code: "",
      seats,
      pile: h.pile.slice(),
      toMove: waiting ? -1 : h.toMove,
      secondDue: h.secondDue,
      deadline: 0,
      seq: this.seq,
      turns: h.turns,
      lastMove: this.lastMove,
      result: null, // a puzzle ends before its hand does: no result panel
      handId: "",
      spectators: 0,
    };
  }

  /** The solver's refutation of the wrong move just played, played out. */
  private async refutation(): Promise<void> {
    const line = ++this.line;
    this.busy = true;
    this.changed();
    let moves: PuzzleMove[] = [];
    try {
      moves = await this.parts.refute(positionOf(this.shown));
    } catch {
      // No worker, or it failed: the verdict stands without its line.
    }
    if (line === this.line) await this.playOut(moves, "refutation", line);
  }

  /** Plays `moves` on the table one by one after a pause each, unless a newer line starts. */
  private async playOut(
    moves: readonly PuzzleMove[],
    after: "reply" | "refutation" | "solution",
    line = ++this.line,
  ): Promise<void> {
    this.busy = true;
    this.changed();
    for (const m of moves) {
      await new Promise((ok) => setTimeout(ok, this.parts.pauseMs));
      if (line !== this.line || this.closed) return;
      if (this.shown.result !== null) break;
      this.step(m);
    }
    this.busy = false;
    this.changed();
    this.parts.told({ kind: "settled", after });
  }

  /** One move onto the table. */
  private step(m: PuzzleMove): void {
    const before = this.shown;
    const move = toEngineMove(m);
    const r = applyMove(before, move);
    if (!r.ok) throw new Error(`puzzle ${this.run.puzzle.id}: ${m} is illegal here (${r.error.message})`);
    this.shown = r.hand;
    this.seq++;
    this.lastMove = {
      seat: before.toMove,
      type: move.type,
      card: move.type === "play" ? move.card : null,
      taken: move.type === "pickup" ? before.pile.slice(r.hand.pile.length) : [],
      auto: false,
    };
    this.changed();
  }

  private reset(): void {
    this.shown = this.run.start();
    this.seq++;
    this.lastMove = null;
    this.changed();
  }

  private changed(): void {
    if (this.closed) return;
    const snapshot = this.snapshot();
    setTimeout(() => !this.closed && this.events.snapshot(snapshot, PUZZLE_SEAT_ID), 0); // in a task of its own, as the network would deliver it
  }

  private refuse(code: ErrorCode, message: string, type: string): void {
    this.events.error({ code, message, type });
  }
}
