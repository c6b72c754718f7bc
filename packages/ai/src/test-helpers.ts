/** Shared helpers for this package's tests and measurement scripts (not part of the API). */
import { ALL_CARDS, Rng, applyMove, fromPosition, newHand, viewFor } from "@yourtrumps/engine";
import type { Hand, Move, PlayerCount, Suit } from "@yourtrumps/engine";
import { greedyMove } from "./baselines.js";
import { exactValueOfMove } from "./solve-view.js";

/** A random duel position with `inPlay` cards in both hands and on the pile (the rest out of play). */
export function randomDuelPosition(seed: string, inPlay: number): Hand {
  const rng = new Rng(seed);
  const deck = rng.shuffle(ALL_CARDS.slice());
  const pileLen = rng.int(Math.min(7, inPlay - 1));
  const inHands = inPlay - pileLen;
  const a = 1 + rng.int(inHands - 1);
  const hands = [deck.splice(0, a), deck.splice(0, inHands - a)];
  const pile = deck.splice(0, pileLen);
  const trumps = rng.shuffle(["S", "H", "D", "C"] as Suit[]).slice(0, 2);
  const toMove = rng.int(2);
  return fromPosition({ trumps, hands, pile, toMove, secondDue: pile.length > 0 && rng.int(4) === 0 });
}

/**
 * A duel position reached in play: a seeded deal played on (greedy's move 70% of the
 * time, else a random one) until the hands hold at most `inHands` cards between them,
 * the pile holding all the rest. Null when the hand ended first.
 */
export function playedDuelPosition(seed: string, inHands: number): Hand | null {
  const rng = new Rng(seed);
  let h = newHand({ players: 2, seed: rng.int(0x7fffffff) });
  while (h.result === null) {
    if (h.hands[0]!.length + h.hands[1]!.length <= inHands) return h;
    const v = viewFor(h, h.toMove);
    h = play(h, rng.next() < 0.7 ? greedyMove(v) : v.legal[rng.int(v.legal.length)]!);
  }
  return null;
}

/** `count` duel positions reached in play (`playedDuelPosition(`${prefix}/${i}`, inHands)`, i = 0, 1, …), each with at least two legal moves. */
export function playedEndgames(prefix: string, count: number, inHands: number): Hand[] {
  const found: Hand[] = [];
  for (let i = 0; found.length < count; i++) {
    const h = playedDuelPosition(`${prefix}/${i}`, inHands);
    if (h && viewFor(h, h.toMove).legal.length > 1) found.push(h);
  }
  return found;
}

/** The i-th position of `npm run exactness`: even i reached in play, odd i constructed. */
export function exactnessPosition(i: number, maxCards: number): { kind: "played" | "constructed"; hand: Hand } {
  if (i % 2 === 1) return { kind: "constructed", hand: randomDuelPosition(`exactness/${i}`, 2 + (i % (maxCards - 1))) };
  for (let attempt = 0; ; attempt++) {
    const h = playedDuelPosition(`exactness/${i}/${attempt}`, 2 + ((i >> 1) % (maxCards - 1)));
    if (h) return { kind: "played", hand: h };
  }
}

/** The exact value of a duel move for the seat making it, or null (the review's own). */
export const valueOfMove = exactValueOfMove;

/** Applies a move that must be legal. */
export function play(h: Hand, m: Move): Hand {
  const r = applyMove(h, m);
  if (!r.ok) throw new Error(`illegal move ${JSON.stringify(m)}: ${r.error.message}`);
  return r.hand;
}

/** A hand after `plies` greedy-ish random moves from a seeded deal (a mid-game position). */
export function midGame(players: PlayerCount, seed: number, plies: number): Hand {
  const rng = new Rng(`mid/${players}/${seed}`);
  let h = newHand({ players, seed });
  for (let i = 0; i < plies && h.result === null; i++) {
    const legal = viewFor(h, h.toMove).legal;
    const plays = legal.filter((m) => m.type === "play");
    const m = plays.length > 0 && rng.next() < 0.8 ? plays[rng.int(plays.length)]! : legal[rng.int(legal.length)]!;
    h = play(h, m);
  }
  return h;
}
