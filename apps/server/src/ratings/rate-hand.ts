import { LICHESS, updateRating, type Game, type Glicko, type GlickoParameters } from "./glicko.js";
import { pairwiseGames } from "./pairwise.js";

export interface Entrant {
  before: Glicko; // the rating before the hand
  place: number; // finishing place for rating purposes (1 = best; equal places draw)
}

/**
 * New ratings for the rated seats of one hand, in the order given. Each seat's update
 * uses the others' ratings from before the hand, so the order does not matter.
 */
export function rateHand(entrants: readonly Entrant[], parameters: GlickoParameters = LICHESS): Glicko[] {
  if (entrants.length < 2) throw new RangeError("a rated hand needs at least two rated seats");
  const games: Game[][] = entrants.map(() => []);
  for (const g of pairwiseGames(entrants.map((e) => e.place))) {
    games[g.a]!.push({ opponent: entrants[g.b]!.before, score: g.scoreOfA });
    games[g.b]!.push({ opponent: entrants[g.a]!.before, score: (1 - g.scoreOfA) as Game["score"] });
  }
  return entrants.map((e, i) => updateRating(e.before, games[i]!, parameters));
}
