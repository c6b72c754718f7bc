import { movesFor, pickupCount, rankOf, SUITS, type Card, type Move, type Suit } from "@yourtrumps/engine";
import type { Mode, Phase, ResultSnapshot, TableSnapshot } from "../net/protocol.js";

/** Where a seat sits on screen: you are always at the bottom. */
export type SeatPos = "bottom" | "left" | "top" | "right";

export interface SeatView {
  seat: number; // seat number at the server
  pos: SeatPos;
  name: string;
  isMe: boolean;
  isAI: boolean;
  connected: boolean;
  trump: Suit | null;
  count: number; // cards held
  place: number | null; // finishing place once out (R14)
  toMove: boolean;
  deadline: number; // epoch ms, 0 = no clock running for this seat
  rematch: boolean;
}

export interface HandCard {
  card: Card;
  trump: boolean; // of my trump suit: marked on the card
  legal: boolean; // may be played now (engine's movesFor)
}

/** What the table should say the player may do. */
export type Prompt =
  | "waitPlayers" // phase waiting
  | "chooseTrump" // choosing, I have no trump yet
  | "waitTrumps" // choosing, I have mine
  | "lead" // my turn, empty pile (R8)
  | "beat" // my turn, answer the top card (R9)
  | "second" // my turn, second card due (R11)
  | "wait" // someone else's turn
  | "over"; // result shown

/** Everything the table draws, derived from one snapshot: no rules beyond the engine's. */
export interface TableView {
  seq: number;
  phase: Phase;
  mode: Mode;
  code: string;
  players: number;
  mySeat: number; // -1 when not seated
  myTrump: Suit | null;
  seats: SeatView[]; // display order: me first, then clockwise
  hand: HandCard[]; // my cards, grouped by suit, my trumps last
  pile: Card[]; // bottom → top
  toMove: number;
  secondDue: boolean;
  legal: Move[]; // my legal moves now ([] when not my turn)
  prompt: Prompt;
  pickup: { count: number; all: boolean } | null; // the pick-up button, when allowed
  freeSuits: Suit[]; // suits nobody has chosen yet (R3)
  result: ResultSnapshot | null;
}

const POSITIONS: Record<number, SeatPos[]> = {
  1: ["bottom"],
  2: ["bottom", "top"],
  3: ["bottom", "left", "right"],
  4: ["bottom", "left", "top", "right"],
};

/** Builds the table view for the client whose session id is `me`. */
export function buildView(s: TableSnapshot, me: string): TableView {
  const n = s.seats.length;
  const mySeat = s.seats.findIndex((x) => x.sessionId === me);
  const base = mySeat >= 0 ? mySeat : 0;
  const positions = POSITIONS[n] ?? POSITIONS[4]!;
  const seats: SeatView[] = [];
  for (let k = 0; k < n; k++) {
    const seat = (base + k) % n; // clockwise from me: the next player sits on my left (R7)
    const x = s.seats[seat]!;
    seats.push({
      seat,
      pos: positions[k] ?? "top",
      name: x.name,
      isMe: seat === mySeat,
      isAI: x.isAI,
      connected: x.connected,
      trump: x.trump,
      count: x.cardCount,
      place: s.result?.places[seat] ?? x.place,
      toMove: s.phase === "playing" && s.toMove === seat,
      deadline: s.phase === "playing" && s.toMove === seat ? s.deadline : 0,
      rematch: x.rematch,
    });
  }
  const me_ = mySeat >= 0 ? s.seats[mySeat] : undefined;
  const myTrump = me_?.trump ?? null;
  const myCards = me_?.hand ?? [];
  const myTurn = s.phase === "playing" && mySeat >= 0 && s.toMove === mySeat && myTrump !== null;
  const legal = myTurn ? movesFor(myCards, s.pile, myTrump, s.secondDue) : [];
  const legalCards = new Set(legal.flatMap((m) => (m.type === "play" ? [m.card] : [])));
  const top = s.pile[s.pile.length - 1];
  const canPickup = legal.some((m) => m.type === "pickup");
  const count = canPickup && top !== undefined && myTrump ? pickupCount(top, myTrump, s.pile.length) : 0;
  const taken = new Set(s.seats.map((x) => x.trump));
  return {
    seq: s.seq,
    phase: s.phase,
    mode: s.mode,
    code: s.code,
    players: n,
    mySeat,
    myTrump,
    seats,
    hand: sortHand(myCards, myTrump).map((card) => ({ card, trump: card[1] === myTrump, legal: legalCards.has(card) })),
    pile: s.pile,
    toMove: s.toMove,
    secondDue: s.secondDue,
    legal,
    prompt: promptFor(s.phase, myTurn, myTrump, s.pile.length, s.secondDue),
    pickup: canPickup ? { count, all: top !== undefined && top[1] === myTrump && top[0] === "A" } : null,
    freeSuits: SUITS.filter((x) => !taken.has(x)),
    result: s.phase === "over" ? s.result : null,
  };
}

function promptFor(phase: Phase, myTurn: boolean, trump: Suit | null, pile: number, secondDue: boolean): Prompt {
  switch (phase) {
    case "waiting":
      return "waitPlayers";
    case "choosing":
      return trump === null ? "chooseTrump" : "waitTrumps";
    case "playing":
      if (!myTurn) return "wait";
      if (secondDue) return "second";
      return pile === 0 ? "lead" : "beat";
    case "over":
      return "over";
    default: {
      const never: never = phase;
      return never;
    }
  }
}

/**
 * My hand grouped by suit in S, H, D, C order with my trump suit last (rightmost, where
 * players keep them), each suit low to high.
 */
export function sortHand(cards: readonly Card[], trump: Suit | null): Card[] {
  const suitKey = (c: Card) => (c[1] === trump ? 4 : SUITS.indexOf(c[1] as Suit));
  return [...cards].sort((a, b) => suitKey(a) - suitKey(b) || rankOf(a) - rankOf(b));
}
