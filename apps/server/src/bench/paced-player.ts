/**
 * Benchmark clients of the computer benchmark, each one SDK room at a computer table:
 * - PacedPlayer plays like a person (a legal move after a pause) and times every wait
 *   for the computer: from sending its move to the patch carrying the computer's answer.
 * - HintFlooder asks for hints as fast as the server lets a client send messages, and
 *   moves at once whenever it has an answer (or a refusal), to get a new turn, and so a
 *   new hint, as often as it can.
 */
import type { Room } from "@colyseus/sdk";
import { SUITS, movesFor } from "@yourtrumps/engine";
import type { Move, Suit } from "@yourtrumps/engine";
import { sendMove, type Decoded } from "./decoded-table.js";

/** Seat, trump and rematch handling every client needs; `turn` runs when it is this client's move. */
abstract class TableClient {
  protected seat = -1;
  private trumpAsked = -1;
  private rematchAsked = -1;
  protected stopped = false;
  private rng: number;

  constructor(
    readonly room: Room,
    seed: number,
  ) {
    this.rng = seed >>> 0 || 1;
    room.reconnection.enabled = false;
    room.onStateChange(() => this.onPatch());
  }

  stop(): void {
    this.stopped = true;
  }

  protected get state(): Decoded {
    return this.room.state as Decoded;
  }

  /** xorshift32: clients differ by seed, runs are repeatable. */
  protected random(n: number): number {
    let x = this.rng;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.rng = x >>> 0;
    return this.rng % n;
  }

  /** This client's legal moves now (none unless it is to move). */
  protected legal(): Move[] {
    const s = this.state;
    if (s.phase !== "playing" || s.toMove !== this.seat) return [];
    const mine = s.seats.at(this.seat)!;
    return movesFor([...(mine.hand ?? [])], [...s.pile], mine.trump as Suit, s.secondDue);
  }

  protected abstract patched(s: Decoded): void;

  private onPatch(): void {
    const s = this.state;
    if (this.seat < 0) {
      for (let i = 0; i < s.seats.length; i++) if (s.seats.at(i)?.sessionId === this.room.sessionId) this.seat = i;
      if (this.seat < 0) return;
    }
    if (this.stopped) return;
    if (s.phase === "choosing" && this.trumpAsked !== s.hands && s.seats.at(this.seat)!.trump === "") {
      const taken = new Set<string>();
      for (let i = 0; i < s.seats.length; i++) taken.add(s.seats.at(i)!.trump);
      this.trumpAsked = s.hands;
      this.room.send("trump", { suit: SUITS.find((x) => !taken.has(x)) });
    }
    if (s.phase === "over" && this.rematchAsked !== s.hands) {
      this.rematchAsked = s.hands;
      this.room.send("rematch", {});
    }
    this.patched(s);
  }
}

export class PacedPlayer extends TableClient {
  private acted = -1; // the seq this client last moved at
  private pending: { seq: number; t0: number } | null = null;

  /**
   * @param pauseMs before each move a pause drawn uniformly from [pauseMs.min, pauseMs.max] ms
   * @param waits where the waits go while `measuring()`
   */
  constructor(
    room: Room,
    seed: number,
    private readonly pauseMs: { min: number; max: number },
    private readonly waits: number[],
    private readonly measuring: () => boolean,
  ) {
    super(room, seed);
  }

  protected patched(s: Decoded): void {
    const now = performance.now();
    if (this.pending && s.seq > this.pending.seq) {
      if (s.lastMove.seat !== this.seat) {
        if (this.measuring()) this.waits.push(now - this.pending.t0);
        this.pending = null;
      } else if (s.toMove === this.seat || s.phase !== "playing") this.pending = null; // no computer move to wait for
    }
    if (s.phase !== "playing" || s.toMove !== this.seat || this.acted === s.seq) return;
    this.acted = s.seq;
    const seq = s.seq;
    const pause = this.pauseMs.min + this.random(this.pauseMs.max - this.pauseMs.min + 1);
    const move = (): void => {
      const moves = this.legal();
      if (this.stopped || this.state.seq !== seq || moves.length === 0) return;
      this.pending = { seq, t0: performance.now() };
      sendMove(this.room, moves[this.random(moves.length)]!);
    };
    if (pause <= 0) move();
    else setTimeout(move, pause);
  }
}

/** What a flooder saw. */
export interface FloodCounters {
  asked: number; // hint messages sent
  answered: number; // hints received
  refused: number; // hint-unavailable errors
  dropped: number; // rate-limited errors (the server's message limit)
}

export class HintFlooder extends TableClient {
  private readonly timer: NodeJS.Timeout;
  private movedAt = -1;

  constructor(
    room: Room,
    seed: number,
    perSecond: number, // hint messages a second
    readonly counters: FloodCounters,
  ) {
    super(room, seed);
    const again = (): void => this.moveNow();
    room.onMessage("hint", () => {
      counters.answered++;
      again();
    });
    room.onMessage("error", (e: { code?: string; type?: string }) => {
      if (e.code === "rate-limited") counters.dropped++;
      else if (e.type === "hint") {
        counters.refused++;
        again();
      }
    });
    this.timer = setInterval(() => {
      if (this.stopped) return;
      counters.asked++;
      room.send("hint", {});
    }, 1000 / perSecond);
  }

  override stop(): void {
    super.stop();
    clearInterval(this.timer);
  }

  protected patched(): void {}

  /** Plays at once (one move per turn), so the next turn, and the next hint, come as soon as can be. */
  private moveNow(): void {
    const s = this.state;
    const moves = this.legal();
    if (this.stopped || moves.length === 0 || this.movedAt === s.seq) return;
    this.movedAt = s.seq;
    sendMove(this.room, moves[this.random(moves.length)]!);
  }
}
