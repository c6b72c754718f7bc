/**
 * The fast core: the same rules as rules.ts on bit masks and typed arrays, with
 * make/unmake and incremental Zobrist hashing, for game-tree search and playouts.
 * Nothing here allocates after construction (except when a loaded hand needs a
 * larger undo stack). A differential test checks it against the reference rules.
 *
 * Cards are indices 0..35 = suit * 9 + rank (suits S, H, D, C; ranks 6 … A).
 * A move is a card index (play) or PICKUP.
 */
import { ALL_CARDS, SUITS, cardIndex } from "../cards.js";
import type { Card } from "../cards.js";
import { countPositions } from "../position-key.js";
import type { Hand, HandResult, ResultReason } from "../types.js";
import { CARDS, HAND_A, HAND_B, MOVER_A, MOVER_B, PILE_A, PILE_B, SECOND_A, SECOND_B } from "./zobrist.js";

export const PICKUP = 36;

/** Result codes of `Core.result`. */
export const R_NONE = 0;
export const R_OUT = 1;
export const R_LAST_CARD_DRAW = 2;
export const R_REPETITION = 3;
export const R_TURN_LIMIT = 4;
const REASONS: readonly ResultReason[] = ["out", "out", "last-card-draw", "repetition", "turn-limit"];

const SUIT_OF = Uint8Array.from({ length: CARDS }, (_, c) => (c / 9) | 0);
const RANK_OF = Uint8Array.from({ length: CARDS }, (_, c) => c % 9);
/** Rank bits strictly above rank r, within a 9-bit suit mask. */
const ABOVE = Uint16Array.from({ length: 9 }, (_, r) => (0x1ff << (r + 1)) & 0x1ff);

// Undo record layout, one per ply.
const U_MOVE = 0;
const U_TO_MOVE = 1;
const U_SECOND = 2;
const U_TURNS = 3;
const U_OUT_COUNT = 4;
const U_H1 = 5;
const U_H2 = 6;
const U_REP_SLOT = 7; // -1 when no position was recorded
const U_TAKEN = 8; // cards picked up (their cards sit on the taken stack)
const U_LAST = 9; // R15 draw: seat * 64 + card played by the last player, else -1
const STRIDE = 10;

function nextPow2(x: number): number {
  let p = 1;
  while (p < x) p <<= 1;
  return p;
}

export class Core {
  n = 2;
  readonly trump = new Int8Array(4); // by seat: suit index 0..3
  readonly hands = new Uint16Array(16); // [seat * 4 + suit]: 9-bit rank mask
  readonly count = new Uint8Array(4); // by seat: cards held
  readonly pile = new Uint8Array(CARDS); // bottom → top
  pileLen = 0;
  toMove = 0; // seat to move (kept as the would-be mover after the end)
  secondDue = 0; // 1 when the mover owes a second card (R11)
  turns = 0;
  maxTurns = 1000;
  result = R_NONE; // R_* code
  loser = -1; // seat, or -1
  readonly places = new Int8Array(4); // by seat: finishing place, 0 = none yet
  outCount = 0; // seats that have a place
  h1 = 0; // Zobrist hash, first half
  h2 = 0; // second half
  ply = 0; // moves made since load
  /** R16 bookkeeping; exact solvers that track repetition themselves switch it off. */
  repetitions = true;

  private undo: Int32Array;
  private taken: Uint8Array;
  private takenTop = 0;
  private repA: Int32Array;
  private repB: Int32Array;
  private repCount: Int32Array;
  private repMask: number;

  constructor(maxTurns = 1000) {
    this.undo = new Int32Array(0);
    this.taken = new Uint8Array(0);
    this.repA = this.repB = this.repCount = new Int32Array(0);
    this.repMask = 0;
    this.reserve(maxTurns);
  }

  /** Sizes the undo stack and the repetition table for a hand of up to `maxTurns` turns. */
  private reserve(maxTurns: number): void {
    const plies = 2 * maxTurns + 8;
    if (this.undo.length < plies * STRIDE) {
      this.undo = new Int32Array(plies * STRIDE);
      this.taken = new Uint8Array(Math.max(this.taken.length, plies * 8));
    }
    const size = nextPow2(Math.max(1024, 4 * (plies + 64)));
    if (this.repCount.length < size) {
      this.repA = new Int32Array(size);
      this.repB = new Int32Array(size);
      this.repCount = new Int32Array(size);
      this.repMask = size - 1;
    }
  }

  /** Loads a public-API hand (including its R16 history). */
  load(h: Hand): this {
    this.n = h.players;
    this.maxTurns = h.maxTurns;
    this.reserve(h.maxTurns);
    this.hands.fill(0);
    this.count.fill(0);
    this.places.fill(0);
    this.repCount.fill(0);
    for (let s = 0; s < this.n; s++) {
      this.trump[s] = SUITS.indexOf(h.trumps[s]!);
      for (const c of h.hands[s]!) this.addToHand(s, cardIndex(c));
      this.places[s] = h.places[s] ?? 0;
    }
    this.pileLen = 0;
    for (const c of h.pile) this.pile[this.pileLen++] = cardIndex(c);
    this.outCount = h.places.filter((p) => p !== null).length;
    this.toMove = h.toMove;
    this.secondDue = h.secondDue ? 1 : 0;
    this.turns = h.turns;
    this.result = h.result === null ? R_NONE : REASONS.indexOf(h.result.reason);
    if (h.result?.reason === "abandoned") this.result = R_TURN_LIMIT;
    this.loser = h.result?.loser ?? -1;
    this.ply = 0;
    this.takenTop = 0;
    if (this.result === R_NONE) {
      this.rehash();
      for (const [key, seen] of Object.entries(countPositions(h.history))) {
        const [a, b] = hashOfKey(key);
        const slot = this.findSlot(a, b);
        this.repA[slot] = a;
        this.repB[slot] = b;
        this.repCount[slot] = seen;
      }
    }
    return this;
  }

  /** Copies another core's whole state (search trees may prefer this to unmake). */
  copyFrom(o: Core): this {
    this.n = o.n;
    this.maxTurns = o.maxTurns;
    this.reserve(o.maxTurns);
    this.trump.set(o.trump);
    this.hands.set(o.hands);
    this.count.set(o.count);
    this.pile.set(o.pile);
    this.pileLen = o.pileLen;
    this.toMove = o.toMove;
    this.secondDue = o.secondDue;
    this.turns = o.turns;
    this.result = o.result;
    this.loser = o.loser;
    this.places.set(o.places);
    this.outCount = o.outCount;
    this.h1 = o.h1;
    this.h2 = o.h2;
    this.ply = o.ply;
    this.undo.set(o.undo.subarray(0, o.ply * STRIDE));
    this.takenTop = o.takenTop;
    this.taken.set(o.taken.subarray(0, o.takenTop));
    if (this.repCount.length === o.repCount.length) {
      this.repA.set(o.repA);
      this.repB.set(o.repB);
      this.repCount.set(o.repCount);
    } else {
      this.repCount.fill(0);
      for (let i = 0; i < o.repCount.length; i++) {
        if (o.repCount[i]! > 0) {
          const slot = this.findSlot(o.repA[i]!, o.repB[i]!);
          this.repA[slot] = o.repA[i]!;
          this.repB[slot] = o.repB[i]!;
          this.repCount[slot] = o.repCount[i]!;
        }
      }
    }
    return this;
  }

  /** Recomputes the hash from scratch. */
  rehash(): void {
    let a = MOVER_A[this.toMove]!;
    let b = MOVER_B[this.toMove]!;
    if (this.secondDue) {
      a ^= SECOND_A;
      b ^= SECOND_B;
    }
    for (let s = 0; s < this.n; s++) {
      for (let suit = 0; suit < 4; suit++) {
        let m = this.hands[s * 4 + suit]!;
        while (m) {
          const bit = m & -m;
          m ^= bit;
          const c = suit * 9 + (31 - Math.clz32(bit));
          a ^= HAND_A[s * CARDS + c]!;
          b ^= HAND_B[s * CARDS + c]!;
        }
      }
    }
    for (let i = 0; i < this.pileLen; i++) {
      a ^= PILE_A[i * CARDS + this.pile[i]!]!;
      b ^= PILE_B[i * CARDS + this.pile[i]!]!;
    }
    this.h1 = a;
    this.h2 = b;
  }

  /** Does the seat hold the card? */
  holds(seat: number, c: number): boolean {
    return (this.hands[seat * 4 + SUIT_OF[c]!]! & (1 << RANK_OF[c]!)) !== 0;
  }

  /** Writes the legal moves into `out` (card order, PICKUP last); returns how many. */
  legalMoves(out: Uint8Array): number {
    if (this.result !== R_NONE) return 0;
    const seat = this.toMove;
    const base = seat * 4;
    let k = 0;
    if (this.pileLen === 0 || this.secondDue) {
      for (let suit = 0; suit < 4; suit++) {
        let m = this.hands[base + suit]!;
        while (m) {
          const bit = m & -m;
          m ^= bit;
          out[k++] = suit * 9 + (31 - Math.clz32(bit));
        }
      }
      return k;
    }
    const top = this.pile[this.pileLen - 1]!;
    const ts = SUIT_OF[top]!;
    const t = this.trump[seat]!;
    for (let suit = 0; suit < 4; suit++) {
      let m =
        suit === ts ? this.hands[base + suit]! & ABOVE[RANK_OF[top]!]! : suit === t ? this.hands[base + suit]! : 0;
      while (m) {
        const bit = m & -m;
        m ^= bit;
        out[k++] = suit * 9 + (31 - Math.clz32(bit));
      }
    }
    out[k++] = PICKUP;
    return k;
  }

  /** Does card c beat the top card for `seat` (R10)? */
  beatsTop(seat: number, c: number): boolean {
    const top = this.pile[this.pileLen - 1]!;
    const sc = SUIT_OF[c]!;
    if (sc === SUIT_OF[top]!) return RANK_OF[c]! > RANK_OF[top]!;
    return sc === this.trump[seat]!;
  }

  /** Is `move` legal now? (For callers that hold a move from elsewhere.) */
  isLegal(move: number): boolean {
    if (this.result !== R_NONE) return false;
    if (move === PICKUP) return this.pileLen > 0 && !this.secondDue;
    if (!(move >= 0 && move < CARDS) || !this.holds(this.toMove, move)) return false;
    return this.pileLen === 0 || this.secondDue === 1 || this.beatsTop(this.toMove, move);
  }

  /** R12: cards the mover would take by picking up now. */
  pickupCount(): number {
    const top = this.pile[this.pileLen - 1]!;
    if (SUIT_OF[top] !== this.trump[this.toMove]) return this.pileLen < 3 ? this.pileLen : 3;
    if (RANK_OF[top] === 8) return this.pileLen;
    return this.pileLen < 5 ? this.pileLen : 5;
  }

  private addToHand(seat: number, c: number): void {
    this.hands[seat * 4 + SUIT_OF[c]!]! |= 1 << RANK_OF[c]!;
    this.count[seat]!++;
  }

  private nextHolder(seat: number): number {
    const n = this.n;
    for (let step = 1; step <= n; step++) {
      const s = (seat + step) % n;
      if (this.count[s]! > 0) return s;
    }
    return -1;
  }

  private findSlot(a: number, b: number): number {
    const mask = this.repMask;
    let i = a & mask;
    while (this.repCount[i]! > 0) {
      if (this.repA[i] === a && this.repB[i] === b) return i;
      i = (i + 1) & mask;
    }
    return i;
  }

  /** Plays a legal move (unchecked: call isLegal or legalMoves first). */
  make(move: number): void {
    const u = this.ply * STRIDE;
    const undo = this.undo;
    const seat = this.toMove;
    undo[u + U_MOVE] = move;
    undo[u + U_TO_MOVE] = seat;
    undo[u + U_SECOND] = this.secondDue;
    undo[u + U_TURNS] = this.turns;
    undo[u + U_OUT_COUNT] = this.outCount;
    undo[u + U_H1] = this.h1;
    undo[u + U_H2] = this.h2;
    undo[u + U_REP_SLOT] = -1;
    undo[u + U_TAKEN] = 0;
    undo[u + U_LAST] = -1;
    this.ply++;

    let a = this.h1 ^ MOVER_A[seat]!;
    let b = this.h2 ^ MOVER_B[seat]!;
    if (this.secondDue) {
      a ^= SECOND_A;
      b ^= SECOND_B;
    }
    let next = seat;
    let second = 0;
    let wentOut = false;

    if (move === PICKUP) {
      const k = this.pickupCount();
      const from = this.pileLen - k;
      const base = seat * 4;
      for (let i = from; i < this.pileLen; i++) {
        const c = this.pile[i]!;
        a ^= PILE_A[i * CARDS + c]! ^ HAND_A[seat * CARDS + c]!;
        b ^= PILE_B[i * CARDS + c]! ^ HAND_B[seat * CARDS + c]!;
        this.hands[base + SUIT_OF[c]!]! |= 1 << RANK_OF[c]!;
        this.taken[this.takenTop++] = c;
      }
      undo[u + U_TAKEN] = k;
      this.count[seat]! += k;
      this.pileLen = from;
      this.turns++;
      next = this.nextHolder(seat);
    } else {
      const wasResponse = this.pileLen > 0 && this.secondDue === 0;
      this.hands[seat * 4 + SUIT_OF[move]!]! &= ~(1 << RANK_OF[move]!);
      a ^= HAND_A[seat * CARDS + move]! ^ PILE_A[this.pileLen * CARDS + move]!;
      b ^= HAND_B[seat * CARDS + move]! ^ PILE_B[this.pileLen * CARDS + move]!;
      this.pile[this.pileLen++] = move;
      if (--this.count[seat]! === 0) {
        wentOut = true; // R14
        this.turns++;
      } else if (wasResponse) {
        second = 1; // R11
      } else {
        this.turns++;
        next = this.nextHolder(seat);
      }
    }

    if (wentOut) {
      this.places[seat] = ++this.outCount;
      const last = this.nextHolder(seat);
      if (this.nextHolder(last) === last) {
        this.finalAnswer(last, u);
        this.toMove = last;
        this.secondDue = 0;
        this.h1 = a;
        this.h2 = b;
        return;
      }
      next = last;
    }

    a ^= MOVER_A[next]!;
    b ^= MOVER_B[next]!;
    if (second) {
      a ^= SECOND_A;
      b ^= SECOND_B;
    }
    this.toMove = next;
    this.secondDue = second;
    this.h1 = a;
    this.h2 = b;

    // R16: record the position, then check repetition and the turn limit.
    if (!this.repetitions) {
      if (this.turns >= this.maxTurns) this.drawAmongHolders(R_TURN_LIMIT);
      return;
    }
    const slot = this.findSlot(a, b);
    if (this.repCount[slot] === 0) {
      this.repA[slot] = a;
      this.repB[slot] = b;
    }
    undo[u + U_REP_SLOT] = slot;
    if (++this.repCount[slot]! >= 3) this.drawAmongHolders(R_REPETITION);
    else if (this.turns >= this.maxTurns) this.drawAmongHolders(R_TURN_LIMIT);
  }

  /** R15: the last player holding cards answers once; the hand ends either way. */
  private finalAnswer(last: number, u: number): void {
    if (this.count[last] === 1) {
      const base = last * 4;
      let suit = 0;
      while (this.hands[base + suit] === 0) suit++;
      const c = suit * 9 + (31 - Math.clz32(this.hands[base + suit]!));
      if (this.beatsTop(last, c)) {
        this.hands[base + suit] = 0;
        this.count[last] = 0;
        this.pile[this.pileLen++] = c;
        this.undo[u + U_LAST] = last * 64 + c;
        this.places[last] = this.outCount++;
        this.result = R_LAST_CARD_DRAW;
        this.loser = -1;
        return;
      }
    }
    this.places[last] = ++this.outCount;
    this.result = R_OUT;
    this.loser = last;
  }

  private drawAmongHolders(reason: number): void {
    const place = this.outCount + 1;
    for (let s = 0; s < this.n; s++) {
      if (this.count[s]! > 0) {
        this.places[s] = place;
        this.outCount++;
      }
    }
    this.result = reason;
    this.loser = -1;
  }

  /** Takes back the last move made. */
  unmake(): void {
    this.ply--;
    const u = this.ply * STRIDE;
    const undo = this.undo;
    const move = undo[u + U_MOVE]!;
    const seat = undo[u + U_TO_MOVE]!;
    const outBefore = undo[u + U_OUT_COUNT]!;
    for (let s = 0; s < this.n; s++) if (this.places[s]! > outBefore) this.places[s] = 0;
    const last = undo[u + U_LAST]!;
    if (last >= 0) {
      const ls = last >> 6;
      const c = last & 63;
      this.pileLen--;
      this.addToHand(ls, c);
    }
    const slot = undo[u + U_REP_SLOT]!;
    if (slot >= 0) this.repCount[slot]!--;
    if (move === PICKUP) {
      const k = undo[u + U_TAKEN]!;
      const base = seat * 4;
      for (let j = k - 1; j >= 0; j--) {
        const c = this.taken[--this.takenTop]!;
        this.pile[this.pileLen + j] = c;
        this.hands[base + SUIT_OF[c]!]! &= ~(1 << RANK_OF[c]!);
      }
      this.pileLen += k;
      this.count[seat]! -= k;
    } else {
      this.pileLen--;
      this.addToHand(seat, move);
    }
    this.toMove = seat;
    this.secondDue = undo[u + U_SECOND]!;
    this.turns = undo[u + U_TURNS]!;
    this.outCount = outBefore;
    this.h1 = undo[u + U_H1]!;
    this.h2 = undo[u + U_H2]!;
    this.result = R_NONE;
    this.loser = -1;
  }

  /** How often the current position has occurred (R16), 0 once the hand is over. */
  occurrences(): number {
    if (this.result !== R_NONE) return 0;
    const slot = this.findSlot(this.h1, this.h2);
    return this.repCount[slot]!;
  }

  /** Plain-data summary in card notation (for tests and debugging). */
  snapshot(): {
    hands: Card[][];
    pile: Card[];
    toMove: number;
    secondDue: boolean;
    turns: number;
    places: (number | null)[];
    result: HandResult | null;
  } {
    const hands: Card[][] = [];
    for (let s = 0; s < this.n; s++) {
      const cards: Card[] = [];
      for (let c = 0; c < CARDS; c++) if (this.holds(s, c)) cards.push(ALL_CARDS[c]!);
      hands.push(cards);
    }
    const places = Array.from(this.places.subarray(0, this.n), (p) => (p > 0 ? p : null));
    return {
      hands,
      pile: Array.from(this.pile.subarray(0, this.pileLen), (c) => ALL_CARDS[c]!),
      toMove: this.result === R_NONE ? this.toMove : -1,
      secondDue: this.result === R_NONE && this.secondDue === 1,
      turns: this.turns,
      places: this.result === R_NONE ? places : places.map((p) => p ?? 0),
      result:
        this.result === R_NONE
          ? null
          : {
              reason: REASONS[this.result]!,
              loser: this.loser >= 0 ? this.loser : null,
              places: places.map((p) => p ?? 0),
            },
    };
  }
}

/** The Zobrist hash of a position given as a position key (see position-key.ts). */
export function hashOfKey(key: string): [number, number] {
  const [holders = "", pileCode = "", tail = ""] = key.split("|");
  const toMove = Number.parseInt(tail, 10);
  let a = MOVER_A[toMove]!;
  let b = MOVER_B[toMove]!;
  if (tail.endsWith("+")) {
    a ^= SECOND_A;
    b ^= SECOND_B;
  }
  for (let c = 0; c < CARDS; c++) {
    const ch = holders[c];
    if (ch !== undefined && ch !== "-") {
      const s = Number(ch);
      a ^= HAND_A[s * CARDS + c]!;
      b ^= HAND_B[s * CARDS + c]!;
    }
  }
  for (let i = 0; i < pileCode.length; i++) {
    const c = Number.parseInt(pileCode[i]!, 36);
    a ^= PILE_A[i * CARDS + c]!;
    b ^= PILE_B[i * CARDS + c]!;
  }
  return [a, b];
}
