import {
  movesFor,
  pickupOffer,
  playKind,
  rankIndex,
  suitOf,
  SUITS,
  type Card,
  type Move,
  type PickupOffer,
  type PlayKind,
  type Suit,
} from "@yourtrumps/engine";
import type { Mode, Phase } from "@yourtrumps/protocol";
import type { ArenaSeat, ArenaTable, ResultSnapshot, TableSnapshot } from "../net/snapshot.js";

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
  rating: number | null; // shown on the plate; null for anonymous and computer seats
  provisional: boolean; // the rating is provisional: shown as "1500?"
  ratingChange: number | null; // ratingAfter − rating once a rated hand is on record; null = not rated, or not yet
  shown: Card[] | null; // another seat's cards face up (a replay: the hand is over, nothing is secret); null: backs
  arena?: ArenaSeat; // an arena's table: the seat's arena score, fire and berserk
}

export interface HandCard {
  card: Card;
  trump: boolean; // of my trump suit: marked on the card
  legal: boolean; // may be played now (engine's movesFor); never on another seat's turn
}

/** What the table should say the player may do. */
export type Prompt =
  | "waitPlayers" // phase waiting
  | "chooseTrump" // choosing, I have no trump yet
  | "waitTrumps" // choosing, I have mine
  | PlayKind // my turn, as the engine's playKind says: "lead" (R8), "beat" (R9) or "second" (R11)
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
  myTurn: boolean; // I am to play a card now: legal cards are offered, the others dimmed
  legal: Move[]; // my legal moves now ([] when not my turn)
  prompt: Prompt;
  pickup: PickupOffer | null; // the pick-up button, when allowed (the engine's pickupOffer, R12)
  hintAvailable: boolean; // a computer table and my turn: the computer's analyser may be asked
  freeSuits: Suit[]; // suits nobody has chosen yet (R3)
  result: ResultSnapshot | null;
  handId: string; // the record id of this hand (GET /api/games/:id once it is over); "" before the first deal
  replay: boolean; // a recorded hand replayed: every hand face up, names as recorded, no buttons or result panel
  watching: boolean; // a spectator's view: no seat of one's own, every seat an opponent's plate, nothing to press but Lobby
  spectators: number; // how many watch this table
  turns: number; // turns played in this hand (R16): the result card gives the hand's length
  arena?: ArenaTable; // an arena's table: its name shows over the table
}

/** Screen places of the seats clockwise from the bottom one, by table size. */
export const POSITIONS: Record<number, SeatPos[]> = {
  1: ["bottom"],
  2: ["bottom", "top"],
  3: ["bottom", "left", "right"],
  4: ["bottom", "left", "top", "right"],
};

/** Builds the table view for the client whose session id is `me`. */
export function buildView(snap: TableSnapshot, me: string): TableView {
  const n = snap.seats.length;
  const mySeat = snap.seats.findIndex((seat) => seat.sessionId === me);
  const base = mySeat >= 0 ? mySeat : 0;
  const positions = POSITIONS[n] ?? POSITIONS[4]!;
  const seats: SeatView[] = [];
  for (let k = 0; k < n; k++) {
    const seat = (base + k) % n; // clockwise from me: the next player sits on my left (R7)
    const state = snap.seats[seat]!;
    const moving = snap.phase === "playing" && snap.toMove === seat;
    seats.push({
      seat,
      pos: positions[k] ?? "top",
      name: state.name,
      isMe: seat === mySeat,
      isAI: state.isAI,
      connected: state.connected,
      trump: state.trump,
      count: state.cardCount,
      place: snap.result?.places[seat] ?? state.place,
      toMove: moving,
      deadline: moving ? snap.deadline : 0,
      rematch: state.rematch,
      rating: state.rating,
      provisional: state.rating !== null && state.provisional,
      ratingChange: state.rating !== null && state.ratingAfter !== null ? state.ratingAfter - state.rating : null,
      // Another seat's cards only ever come in a puzzle (the duel is perfect information, R18); an online table's state never carries them.
      shown: seat !== mySeat && state.hand !== null ? sortHand(state.hand, state.trump) : null,
      ...(state.arena ? { arena: state.arena } : {}),
    });
  }
  const mine = mySeat >= 0 ? snap.seats[mySeat] : undefined;
  const myTrump = mine?.trump ?? null;
  const myCards = mine?.hand ?? [];
  const myTurn = snap.phase === "playing" && mySeat >= 0 && snap.toMove === mySeat && myTrump !== null;
  const legal = myTurn ? movesFor(myCards, snap.pile, myTrump, snap.secondDue) : [];
  const legalCards = new Set(legal.flatMap((m) => (m.type === "play" ? [m.card] : [])));
  const taken = new Set(snap.seats.map((seat) => seat.trump));
  return {
    seq: snap.seq,
    phase: snap.phase,
    mode: snap.mode,
    code: snap.code,
    players: n,
    mySeat,
    myTrump,
    seats,
    hand: sortHand(myCards, myTrump).map((card) => ({
      card,
      trump: suitOf(card) === myTrump,
      legal: legalCards.has(card),
    })),
    pile: snap.pile,
    toMove: snap.toMove,
    secondDue: snap.secondDue,
    myTurn,
    legal,
    prompt: promptFor(snap.phase, myTurn, mySeat < 0 ? "watching" : myTrump, snap.pile.length, snap.secondDue),
    pickup: myTurn ? pickupOffer(snap.pile, myTrump, snap.secondDue) : null,
    hintAvailable: myTurn && snap.mode === "computer",
    freeSuits: SUITS.filter((suit) => !taken.has(suit)),
    result: snap.phase === "over" ? snap.result : null,
    handId: snap.handId,
    replay: false,
    watching: mySeat < 0,
    spectators: snap.spectators,
    turns: snap.turns,
    ...(snap.arena ? { arena: snap.arena } : {}),
  };
}

/** `trump` is "watching" for a spectator, who has no trump to choose. */
function promptFor(
  phase: Phase,
  myTurn: boolean,
  trump: Suit | null | "watching",
  pile: number,
  secondDue: boolean,
): Prompt {
  switch (phase) {
    case "waiting":
      return "waitPlayers";
    case "choosing":
      return trump === null ? "chooseTrump" : "waitTrumps";
    case "playing":
      return myTurn ? playKind(pile, secondDue) : "wait";
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
  const suitKey = (c: Card) => (suitOf(c) === trump ? SUITS.length : SUITS.indexOf(suitOf(c)));
  return [...cards].sort((a, b) => suitKey(a) - suitKey(b) || rankIndex(a) - rankIndex(b));
}
