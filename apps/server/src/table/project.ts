/**
 * Projects an engine Hand onto the schema state. The engine decides everything;
 * this only copies, touching as few entries as it can so patches stay small.
 */
import type { ArraySchema } from "@colyseus/schema";
import type { HandPosition, Move } from "@yourtrumps/engine";
import type { LastMove, TableState } from "../state/table-state.js";

/**
 * Makes `target` equal `items` with one splice over the part between their common
 * prefix and suffix, so a card played from the middle of a hand is one delete and
 * a pickup one insert. `was` is a plain array `target` equals now, if the caller
 * has one: diffing it avoids the schema array's proxy on every read.
 */
export function syncArray<T>(target: ArraySchema<T>, items: readonly T[], was?: readonly T[]): void {
  const old: ArrayLike<T> = was ?? target.toArray();
  const oldLength = old.length;
  let head = 0;
  while (head < oldLength && head < items.length && old[head] === items[head]) head++;
  if (head === oldLength && head === items.length) return;
  // Appending (a card played onto the pile, cards picked up into a hand) and cutting the
  // end (the pile after a pickup) are the common cases; the schema's push and pop do
  // them without the index list its splice builds over the whole array every call.
  if (head === oldLength) {
    for (let i = head; i < items.length; i++) target.push(items[i]!);
    return;
  }
  if (head === items.length) {
    for (let i = head; i < oldLength; i++) target.pop();
    return;
  }
  let tail = 0;
  while (
    tail < oldLength - head &&
    tail < items.length - head &&
    old[oldLength - 1 - tail] === items[items.length - 1 - tail]
  )
    tail++;
  target.splice(head, oldLength - head - tail, ...items.slice(head, items.length - tail));
}

/**
 * Copies the public and private parts of `hand` into `state`. `was` is the hand
 * the state shows now (null when it shows none, or something else).
 */
export function projectHand(state: TableState, hand: HandPosition, was: HandPosition | null = null): void {
  hand.hands.forEach((cards, s) => {
    const seat = state.seats.at(s);
    if (!seat) return;
    syncArray(seat.hand, cards, was?.hands[s]); // in the engine's order: a play removes one card, a pickup appends the taken ones
    seat.cardCount = cards.length;
    syncArray(seat.pickedUp, hand.pickedUp[s] ?? [], was?.pickedUp[s]);
    seat.place = hand.places[s] ?? 0;
    seat.trump = hand.trumps[s] ?? "";
  });
  syncArray(state.pile, hand.pile, was?.pile);
  state.toMove = hand.toMove;
  state.secondDue = hand.secondDue;
  state.turns = hand.turns;
  const result = hand.result;
  state.result.reason = result?.reason ?? "";
  state.result.loser = result?.loser ?? -1;
  syncArray(state.result.places, result?.places ?? [], was === null ? undefined : (was.result?.places ?? []));
}

/**
 * Records in `last` the move `seat` just made, which took the hand from `before` to
 * `after`: a pickup's cards are the ones that left the top of the pile.
 */
export function projectLastMove(
  last: LastMove,
  seat: number,
  move: Move,
  before: HandPosition,
  after: HandPosition,
  auto: boolean,
): void {
  last.seat = seat;
  last.type = move.type;
  last.card = move.type === "play" ? move.card : "";
  syncArray(last.taken, move.type === "pickup" ? before.pile.slice(after.pile.length) : []);
  last.auto = auto;
}

/** A new hand: no move yet. */
export function clearLastMove(last: LastMove): void {
  last.seat = -1;
  last.type = "";
  last.card = "";
  syncArray(last.taken, []);
  last.auto = false;
}
