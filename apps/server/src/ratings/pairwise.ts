/**
 * A hand of 3–4 players as two-player games: every pair of rated seats is one game,
 * decided by finishing place. The loser is last and so loses to everyone; seats that
 * share a place (the players still holding cards in a drawn hand) draw each other.
 * Glicko-2 has no notion of a game among more than two, and this reading keeps the
 * duel an ordinary game of two.
 */
import type { Score } from "./glicko.js";

export interface PairGame {
  a: number; // index into the places given
  b: number;
  scoreOfA: Score; // 1: a finished ahead of b
}

/** Every pair (a < b) of `places` (1 = first out) with a's score against b. */
export function pairwiseGames(places: readonly number[]): PairGame[] {
  const games: PairGame[] = [];
  for (let a = 0; a < places.length; a++) {
    for (let b = a + 1; b < places.length; b++) {
      const pa = places[a]!;
      const pb = places[b]!;
      games.push({ a, b, scoreOfA: pa < pb ? 1 : pa === pb ? 0.5 : 0 });
    }
  }
  return games;
}
