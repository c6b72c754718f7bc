import type { Card } from "@yourtrumps/engine";
import type { SeatSnapshot, TableSnapshot } from "../net/snapshot.js";

/** A playing duel snapshot for tests: seat 0 ("me") holds `hand`, seat 1 holds `theirs` cards. */
export function duel(
  over: Partial<TableSnapshot> = {},
  hand: Card[] = ["TC", "8C", "7D", "6H"],
  theirs = 5,
): TableSnapshot {
  const seats: SeatSnapshot[] = [
    {
      name: "Ann",
      isAI: false,
      connected: true,
      trump: "H",
      cardCount: hand.length,
      sessionId: "me",
      hand,
      place: null,
      rematch: false,
      playerId: "",
      rating: null,
      provisional: false,
      ratingAfter: null,
    },
    {
      name: "Bot",
      isAI: true,
      connected: true,
      trump: "S",
      cardCount: theirs,
      sessionId: "bot",
      hand: null,
      place: null,
      rematch: false,
      playerId: "",
      rating: null,
      provisional: false,
      ratingAfter: null,
    },
  ];
  return {
    phase: "playing",
    mode: "computer",
    code: "",
    seats,
    pile: [],
    toMove: 0,
    secondDue: false,
    deadline: 0,
    seq: 1,
    lastMove: null,
    result: null,
    handId: "",
    spectators: 0,
    turns: 0,
    ...over,
  };
}
