/**
 * Glicko-2 with lichess's parameters, one rating period per hand.
 *
 * The arithmetic is the `glicko2` package's (Glickman's paper, the 2022 volatility
 * update); what it lacks is lichess's bounds, applied here after every update: RD
 * between 45 and 500 (the floor keeps an established rating movable, the ceiling is
 * the new player's RD), volatility at most 0.1 (past it a rating might never settle)
 * and rating at least 400. Ratings change after each hand rather than at the end of a
 * period, as lichess does; there is no decay of RD with idle time (yet).
 */
import glicko2 from "glicko2";

export interface Glicko {
  rating: number; // Glicko scale, 1500 for a new player
  rd: number; // rating deviation: 500 for a new player, never under 45
  volatility: number; // expected fluctuation: 0.09 for a new player, at most 0.1
}

export interface GlickoParameters {
  tau: number; // constrains the change of volatility
  initial: Glicko; // a new player's rating
  minRd: number;
  maxRd: number;
  maxVolatility: number;
  minRating: number;
}

/** lichess's values (lila `Glicko` and scalachess `glicko`). */
export const LICHESS: GlickoParameters = {
  tau: 0.75,
  initial: { rating: 1500, rd: 500, volatility: 0.09 },
  minRd: 45,
  maxRd: 500,
  maxVolatility: 0.1,
  minRating: 400,
};

/** A rating is provisional while its RD is above this (lichess shows such ratings with "?"). */
export const PROVISIONAL_RD = 110;

export function isProvisional(rd: number): boolean {
  return rd > PROVISIONAL_RD;
}

export type Score = 0 | 0.5 | 1; // loss, draw, win

export interface Game {
  opponent: Glicko; // the opponent's rating before the game
  score: Score;
}

/** A player's rating after one rating period holding `games` (at least one). */
export function updateRating(player: Glicko, games: readonly Game[], parameters: GlickoParameters = LICHESS): Glicko {
  if (games.length === 0) throw new RangeError("a rating period needs at least one game");
  const { tau, initial } = parameters;
  const system = new glicko2.Glicko2({ tau, rating: initial.rating, rd: initial.rd, vol: initial.volatility });
  const me = system.makePlayer(player.rating, player.rd, player.volatility);
  // Each opponent is its own player object: the package updates every player it holds,
  // and an opponent's own update is not this call's business.
  system.updateRatings(
    games.map((g) => [me, system.makePlayer(g.opponent.rating, g.opponent.rd, g.opponent.volatility), g.score]),
  );
  return bounded({ rating: me.getRating(), rd: me.getRd(), volatility: me.getVol() }, parameters);
}

function bounded(g: Glicko, p: GlickoParameters): Glicko {
  return {
    rating: Math.max(p.minRating, g.rating),
    rd: Math.min(p.maxRd, Math.max(p.minRd, g.rd)),
    volatility: Math.min(p.maxVolatility, g.volatility),
  };
}
