/**
 * Determinization for 3–4 players: deals the cards this seat cannot see to the other
 * hands, consistently with everything the seat has seen (R18): hand sizes, cards seen
 * picked up, the pile, and — when sixes went to their owners (R6) — that an owner
 * still holds the six of their trump unless it has been seen since.
 */
import { ALL_CARDS, cardOf } from "@yourtrumps/engine";
import type { Card, PlayerView } from "@yourtrumps/engine";
import type { XorShift } from "./xorshift.js";

/** Cards whose place is unknown to the viewing seat. */
export function unseenCards(view: PlayerView): Card[] {
  const seen = new Set<Card>([...view.hand, ...view.pile, ...view.known.flat()]);
  return ALL_CARDS.filter((c) => !seen.has(c));
}

/** One consistent guess of every hand (own and known cards fixed, the rest shuffled). */
export function sampleHands(view: PlayerView, rng: XorShift): Card[][] {
  const hands = view.known.map((k, s) => (s === view.seat ? view.hand.slice() : k.slice()));
  let pool = unseenCards(view);
  if (view.sixesToOwner) {
    for (let s = 0; s < view.players; s++) {
      const six = cardOf("6", view.trumps[s]!);
      if (s !== view.seat && pool.includes(six)) {
        hands[s]!.push(six);
        pool = pool.filter((c) => c !== six);
      }
    }
  }
  for (let i = pool.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = pool[i]!;
    pool[i] = pool[j]!;
    pool[j] = t;
  }
  for (let s = 0; s < view.players; s++) {
    const need = view.counts[s]! - hands[s]!.length;
    if (need < 0) throw new Error(`seat ${s} is known to hold more cards than it has`);
    hands[s]!.push(...pool.splice(0, need));
  }
  if (pool.length > 0) throw new Error("the unseen cards do not fit the hand sizes");
  return hands;
}
