/** One tournament game: seeded deal, players by seat, each deciding from its own view only. */
import { pathToFileURL } from "node:url";
import { applyMove, newHand, viewFor } from "@yourtrumps/engine";
import type { Move, PlayerCount, PlayerView } from "@yourtrumps/engine";
import { chooseBaseline } from "../baselines.js";
import { chooseMoveSync } from "../levels.js";
import type { ChooseOptions, HardSettings, PlayerKind } from "../types.js";

/** A player in a tournament: its kind and, for searching levels, its iteration budget. */
export interface Entrant {
  kind: PlayerKind;
  iterations?: number; // medium/hard search budget per move (default: the level's default)
  solveNodes?: number; // hard: exact-solver budget per move in duel endgames (default: SOLVE_STATES)
  timeMs?: number; // think this long per move instead of an iteration budget (not reproducible)
  settings?: Partial<HardSettings>; // hard: search settings other than the defaults (ablations)
  module?: string; // another build of this package (path or URL of its dist/index.js) whose chooseMoveSync plays the level
}

/** A build's move chooser (the `chooseMoveSync` export of any version of this package). */
export type ChooseSync = (view: PlayerView, o: ChooseOptions) => Move;

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

/** A move for any entrant: baselines, easy, or a search with a reproducible budget; `choose` plays the levels (another build's, for `module`). */
export function decide(e: Entrant, view: PlayerView, seed: number, choose: ChooseSync = chooseMoveSync): Move {
  switch (e.kind) {
    case "random":
    case "greedy":
      return chooseBaseline(view, e.kind, seed);
    case "easy":
    case "medium":
    case "hard":
      return choose(view, {
        level: e.kind,
        seed,
        ...(e.iterations !== undefined
          ? { iterations: e.iterations }
          : e.timeMs !== undefined
            ? { timeMs: e.timeMs }
            : {}),
        ...(e.solveNodes !== undefined ? { solveNodes: e.solveNodes } : {}),
        ...(e.settings !== undefined ? { settings: e.settings } : {}),
      });
    default: {
      const never: never = e.kind;
      throw new Error(`unknown player ${String(never)}`);
    }
  }
}

/** Plays a whole hand; throws only if a player returns an illegal move (a bug). `builds` maps an entrant's `module` to its chooser. */
export function playGame(spec: GameSpec, builds: ReadonlyMap<string, ChooseSync> = new Map()): GameResult {
  let h = newHand({ players: spec.players, seed: spec.seed });
  let moves = 0;
  while (h.result === null) {
    const seat = h.toMove;
    const e = spec.seats[seat]!;
    const m = decide(
      e,
      viewFor(h, seat),
      (spec.seed * 1009 + moves) | 0,
      e.module !== undefined ? builds.get(e.module) : undefined,
    );
    const r = applyMove(h, m);
    if (!r.ok) throw new Error(`seat ${seat} (${e.kind}) played an illegal move: ${r.error.message}`);
    h = r.hand;
    moves++;
  }
  return { loser: h.result.loser, reason: h.result.reason, moves };
}

/** Loads the builds the spec's entrants name (`module`), once each; a module without chooseMoveSync is refused. */
export async function loadBuilds(spec: GameSpec, into: Map<string, ChooseSync>): Promise<Map<string, ChooseSync>> {
  for (const e of spec.seats) {
    if (e.module === undefined || into.has(e.module)) continue;
    const url = /^[a-z]+:/.test(e.module) ? e.module : pathToFileURL(e.module).href;
    const mod = (await import(url)) as { chooseMoveSync?: unknown };
    if (typeof mod.chooseMoveSync !== "function") throw new Error(`${e.module} exports no chooseMoveSync`);
    into.set(e.module, mod.chooseMoveSync as ChooseSync);
  }
  return into;
}
