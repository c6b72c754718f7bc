import { suitOf, type Hand } from "@yourtrumps/engine";
import type { GameRecord } from "../net/game-record.js";
import { POSITIONS, sortHand, type SeatView, type TableView } from "../model/view.js";

/**
 * The table view of one replayed position, seen from the seat `bottom` (the viewer's
 * own seat when they played the hand). The hand is over, so every hand is face up: the
 * bottom seat's as the hand along the bottom edge, the others' in their fans. Nothing
 * is playable and no button shows. The phase stays "playing" to the last position, so
 * stepping back from the end animates like any other step; the page says the result.
 */
export function replayView(record: GameRecord, position: Hand, index: number, bottom: number): TableView {
  const n = position.players;
  const positions = POSITIONS[n] ?? POSITIONS[4]!;
  const seats: SeatView[] = [];
  for (let k = 0; k < n; k++) {
    const seat = (bottom + k) % n;
    const info = record.seats[seat];
    const cards = position.hands[seat] ?? [];
    seats.push({
      seat,
      pos: positions[k] ?? "top",
      name: info?.name ?? "",
      isMe: seat === bottom,
      isAI: info?.computer !== null && info?.computer !== undefined,
      connected: true,
      trump: position.trumps[seat] ?? null,
      count: cards.length,
      place: position.places[seat] ?? null,
      toMove: position.toMove === seat,
      deadline: 0,
      rematch: false,
      rating: null,
      provisional: false,
      ratingChange: null,
      shown: seat === bottom ? null : sortHand(cards, position.trumps[seat] ?? null),
    });
  }
  const myTrump = position.trumps[bottom] ?? null;
  return {
    seq: index,
    phase: "playing",
    mode: record.mode,
    code: "",
    players: n,
    mySeat: bottom,
    myTrump,
    seats,
    hand: sortHand(position.hands[bottom] ?? [], myTrump).map((card) => ({
      card,
      trump: suitOf(card) === myTrump,
      legal: false,
    })),
    pile: position.pile.slice(),
    toMove: position.toMove,
    secondDue: position.secondDue,
    myTurn: false,
    legal: [],
    prompt: position.result === null ? "wait" : "over",
    pickup: null,
    hintAvailable: false,
    freeSuits: [],
    result: null,
    handId: record.id,
    replay: true,
    watching: false,
    spectators: 0,
    turns: position.turns,
  };
}
