/**
 * Benchmark bot: one SDK client that plays legal moves (engine's movesFor on its
 * own decoded hand), picks a free trump, and asks for rematches. It times each of
 * its moves from send to the patch that carries it.
 */
import type { Room } from "@colyseus/sdk";
import { SUITS, movesFor } from "@yourtrumps/engine";
import { TABLE_RESTART_CODE } from "@yourtrumps/protocol";
import type { Move, Suit } from "@yourtrumps/engine";
import { sendMove, type Decoded } from "./decoded-table.js";

export interface BotCounters {
  latenciesMs: number[]; // own move → patch, while measuring
  moves: number; // table moves seen (counted by one bot per table)
  ownMoves: number;
  hands: number; // hands finished while measuring (counted by one bot per table)
  handsAll: number; // hands finished over the whole run (counted by one bot per table): the database must hold as many
  refused: number; // error answers to moves, while measuring (a wrongly decoded hand or pile)
  cameBack: number; // clients told to come back (a process shutting down) that got their seat back on another
}

export class Bot {
  private seat = -1;
  private actedSeq = -1;
  private pending: { seq: number; t0: number } | null = null;
  private rematchAsked = -1;
  private trumpAsked = -1;
  private lastSeq = 0;
  private rng: number;
  private stopped = false;
  room: Room;

  constructor(
    room: Room,
    private readonly counters: BotCounters,
    private readonly countsTable: boolean, // this bot counts the table's moves and hands
    private readonly measuring: () => boolean,
    seed: number,
    private readonly thinkMs: number, // mean pause before each move (uniform 0 … 2×); 0 = answer at once
    private readonly comeBack: ((token: string) => Promise<Room>) | null = null, // where a client told to come back reconnects
  ) {
    this.rng = seed >>> 0 || 1;
    this.room = room;
    this.attach(room);
  }

  private attach(room: Room): void {
    room.reconnection.enabled = false;
    room.onLeave((code) => {
      if (code !== TABLE_RESTART_CODE || !this.comeBack) return;
      this.pending = null; // its wait spans the move of the table, not a move's patch
      this.seat = -1;
      void this.comeBack(room.reconnectionToken).then((back) => {
        this.room = back;
        this.counters.cameBack++;
        this.attach(back);
        this.onPatch();
      });
    });
    room.onStateChange(() => this.onPatch());
    room.onMessage("error", (e: { type?: string }) => {
      if ((e.type === "play" || e.type === "pickup") && this.measuring()) this.counters.refused++;
      // Both bots of a table may claim the same free suit at once: the one refused picks again.
      if (e.type === "trump") {
        this.trumpAsked = -1;
        this.onPatch();
      }
    });
  }

  /** Plays no more (no move, no trump, no rematch), so what the table has finished stays as it is until the client leaves. */
  stop(): void {
    this.stopped = true;
  }

  /** Turns played in its table's hand, if this bot counts its table and the hand is in play. */
  get turnsInHand(): number | undefined {
    const s = this.room.state as unknown as Decoded;
    return this.countsTable && s.phase === "playing" ? s.turns : undefined;
  }

  /** Whether this bot counts its table and the table's hand is dealt and not over. */
  get countsHandInPlay(): boolean {
    return this.countsTable && (this.room.state as unknown as Decoded).phase === "playing";
  }

  private random(n: number): number {
    // xorshift32: bots differ by seed, runs are repeatable
    let x = this.rng;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.rng = x >>> 0;
    return this.rng % n;
  }

  private onPatch(): void {
    const s = this.room.state as unknown as Decoded;
    if (s.seats === undefined) return; // a reconnected room before its first state
    if (this.seat < 0) {
      for (let i = 0; i < s.seats.length; i++) if (s.seats.at(i)?.sessionId === this.room.sessionId) this.seat = i;
      if (this.seat < 0) return;
    }
    const now = performance.now();
    if (this.countsTable && s.seq > this.lastSeq) {
      if (this.measuring()) this.counters.moves += s.seq - this.lastSeq;
      this.lastSeq = s.seq;
    }
    if (this.pending && s.seq > this.pending.seq) {
      if (this.measuring()) {
        this.counters.latenciesMs.push(now - this.pending.t0);
        this.counters.ownMoves++;
      }
      this.pending = null;
    }
    switch (s.phase) {
      case "choosing": {
        if (this.stopped) return;
        const mine = s.seats.at(this.seat)!;
        if (mine.trump === "" && this.trumpAsked !== s.hands) {
          const taken = new Set<string>();
          for (let i = 0; i < s.seats.length; i++) taken.add(s.seats.at(i)!.trump);
          this.trumpAsked = s.hands;
          this.room.send("trump", { suit: SUITS.find((x) => !taken.has(x)) });
        }
        return;
      }
      case "playing": {
        if (this.stopped || s.toMove !== this.seat || this.actedSeq === s.seq) return;
        const mine = s.seats.at(this.seat)!;
        const moves = movesFor([...(mine.hand ?? [])], [...s.pile], mine.trump as Suit, s.secondDue);
        if (moves.length === 0) return;
        this.actedSeq = s.seq;
        const move = moves[this.random(moves.length)]!;
        if (this.thinkMs <= 0) this.send(move, s.seq, now);
        else setTimeout(() => this.send(move, s.seq, performance.now()), this.random(2 * this.thinkMs + 1));
        return;
      }
      case "over":
        if (this.rematchAsked !== s.hands) {
          this.rematchAsked = s.hands;
          if (this.countsTable && this.measuring()) this.counters.hands++;
          if (this.countsTable) this.counters.handsAll++; // a hand that ends just as the bots stop counts too
          if (!this.stopped) this.room.send("rematch", {});
        }
        return;
      default:
        return;
    }
  }

  private send(move: Move, seq: number, t0: number): void {
    if ((this.room.state as unknown as Decoded).seq !== seq) return; // the table moved on (e.g. a clock)
    this.pending = { seq, t0 };
    sendMove(this.room, move);
  }
}
