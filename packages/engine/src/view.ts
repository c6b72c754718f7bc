import { sortCards } from "./cards.js";
import { legalMoves } from "./rules.js";
import { countPositions } from "./position-key.js";
import type { Hand, PlayerView } from "./types.js";

/**
 * What `seat` may know (R18): its own hand, the pile, every hand's size, the trumps,
 * every move (cards are played face up) and the cards each seat was seen picking up.
 * In the duel the whole deck is dealt, so the opponent's hand is deduced and included;
 * with 3–4 players no card of another hand appears except ones seen picked up.
 */
export function viewFor(h: Hand, seat: number): PlayerView {
  if (!Number.isInteger(seat) || seat < 0 || seat >= h.players)
    throw new RangeError(`seat must be 0..${h.players - 1}`);
  const duel = h.players === 2;
  const known = h.hands.map((cards, s) => sortCards(s === seat || duel ? cards : (h.pickedUp[s] ?? [])));
  return {
    seat,
    players: h.players,
    trumps: h.trumps.slice(),
    hand: sortCards(h.hands[seat] ?? []),
    counts: h.hands.map((cards) => cards.length),
    known,
    pile: h.pile.slice(),
    toMove: h.toMove,
    secondDue: h.secondDue,
    turns: h.turns,
    maxTurns: h.maxTurns,
    sixesToOwner: h.setup.kind === "deal" && h.setup.sixesToOwner,
    places: h.places.slice(),
    result: h.result,
    log: h.log.slice(),
    positions: duel ? countPositions(h.history) : null,
    legal: h.toMove === seat ? legalMoves(h) : [],
  };
}
