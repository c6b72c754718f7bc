/**
 * What a turn asks of the player to move, from what every seat can see (the pile and
 * whether a second card is due), so that hosts and clients that hold no whole Hand —
 * a client knows only its own cards — still never re-derive R8–R12 themselves.
 */
import { pickupCount, takesWholePile } from "./cards.js";
import type { Card, Suit } from "./cards.js";

/** What a card played now is (R8, R9/R10, R11). */
export type PlayKind =
  | "lead" // R8: onto an empty pile
  | "beat" // R9/R10: onto the top card, which it must beat
  | "second"; // R11: right after beating, onto the beating card

/** The kind of card the mover plays now, facing a pile of `pileSize` cards. */
export function playKind(pileSize: number, secondDue: boolean): PlayKind {
  if (secondDue) return "second";
  return pileSize === 0 ? "lead" : "beat";
}

/**
 * Whether a second card is due after a card of `kind` was played (R11): after a beat,
 * unless the beat was the player's last card (R14, the player is out).
 */
export function secondDueAfter(kind: PlayKind, handEmptied: boolean): boolean {
  return kind === "beat" && !handEmptied;
}

/** The mover's pickup (R12), when picking up is allowed (R9). */
export interface PickupOffer {
  count: number; // cards taken from the top of the pile
  wholePile: boolean; // the top card is the ace of the mover's trump suit: everything goes
}

/**
 * R9/R12: what picking up would take for a mover with trump `trump`, or null when
 * picking up is not allowed (an empty pile must be led on; a second card is owed).
 */
export function pickupOffer(pile: readonly Card[], trump: Suit, secondDue: boolean): PickupOffer | null {
  const top = pile[pile.length - 1];
  if (top === undefined || secondDue) return null;
  return { count: pickupCount(top, trump, pile.length), wholePile: takesWholePile(top, trump) };
}
