/**
 * Projects an engine Hand onto the schema state. The engine decides everything;
 * this only copies, touching as few entries as it can so patches stay small.
 */
import { pickupCount } from "@yourtrumps/engine";
import type { Hand } from "@yourtrumps/engine";
import type { ArraySchema } from "@colyseus/schema";
import type { TableState } from "../state/table-state.js";

/** Makes `target` equal `items`, keeping the common prefix (pushes and pops stay one op). */
export function syncArray<T>(target: ArraySchema<T>, items: readonly T[]): void {
  let same = 0;
  while (same < target.length && same < items.length && target.at(same) === items[same]) same++;
  if (target.length > same) target.splice(same, target.length - same);
  for (let i = same; i < items.length; i++) target.push(items[i]!);
}

/** Copies the public and private parts of `hand` into `state`. */
export function projectHand(state: TableState, hand: Hand): void {
  hand.hands.forEach((cards, s) => {
    const seat = state.seats.at(s);
    if (!seat) return;
    syncArray(seat.hand, cards); // engine keeps hands sorted
    seat.cardCount = cards.length;
    syncArray(seat.pickedUp, hand.pickedUp[s] ?? []);
    seat.place = hand.places[s] ?? 0;
    seat.trump = hand.trumps[s] ?? "";
  });
  syncArray(state.pile, hand.pile);
  state.toMove = hand.toMove;
  state.secondDue = hand.secondDue;
  state.turns = hand.turns;
  const top = hand.pile[hand.pile.length - 1];
  const mover = hand.trumps[hand.toMove];
  state.pickupCount = top !== undefined && mover !== undefined && !hand.secondDue && hand.result === null ? pickupCount(top, mover, hand.pile.length) : 0;
  const result = hand.result;
  state.result.reason = result?.reason ?? "";
  state.result.loser = result?.loser ?? -1;
  syncArray(state.result.places, result?.places ?? []);
}
