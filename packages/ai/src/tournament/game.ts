/** One tournament game: seeded deal, players by seat, each deciding from its own view only. */
import { applyMove, newHand, viewFor } from "@yourtrumps/engine";
import type { Move, PlayerCount, PlayerView } from "@yourtrumps/engine";
import { chooseBaseline } from "../baselines.js";
import { chooseMoveSync } from "../levels.js";
import type { PlayerKind } from "../types.js";

/** A player in a tournament: its kind and, for searching levels, its iteration budget. */
export interface Entrant {
  kind: PlayerKind;
  iterations?: number; // medium/hard search budget per move (default: the level's default)
  solveNodes?: number; // hard: exact-solver budget per move in duel endgames (default: SOLVE_STATES)
  timeMs?: number; // think this long per move instead of an iteration budget (not reproducible)
}

/** A game to play: the deal's seed and who sits where. */
export interface GameSpec {
  players: PlayerCount;
  seed: number; // the deal (engine newHand seed)
  seats: Entrant[]; // by seat
}

/** How the game ended, per seat. */
export interface GameResult {
  loser: number | null; // seat, or null on a draw
  reason: string;
  moves: number;
}

/** A move for any entrant: baselines, easy, or a search with a reproducible budget. */
export function decide(e: Entrant, view: PlayerView, seed: number): Move {
  switch (e.kind) {
    case "random":
    case "greedy":
      return chooseBaseline(view, e.kind, seed);
    case "easy":
    case "medium":
    case "hard":
      return chooseMoveSync(view, {
        level: e.kind,
        seed,
        ...(e.iterations !== undefined ? { iterations: e.iterations } : e.timeMs !== undefined ? { timeMs: e.timeMs } : {}),
        ...(e.solveNodes !== undefined ? { solveNodes: e.solveNodes } : {}),
      });
    default: {
      const never: never = e.kind;
      throw new Error(`unknown player ${String(never)}`);
    }
  }
}

/** Plays a whole hand; throws only if a player returns an illegal move (a bug). */
export function playGame(spec: GameSpec): GameResult {
  let h = newHand({ players: spec.players, seed: spec.seed });
  let moves = 0;
  while (h.result === null) {
    const seat = h.toMove;
    const m = decide(spec.seats[seat]!, viewFor(h, seat), (spec.seed * 1009 + moves) | 0);
    const r = applyMove(h, m);
    if (!r.ok) throw new Error(`seat ${seat} (${spec.seats[seat]!.kind}) played an illegal move: ${r.error.message}`);
    h = r.hand;
    moves++;
  }
  return { loser: h.result.loser, reason: h.result.reason, moves };
}
