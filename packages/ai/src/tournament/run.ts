/**
 * Duplicate tournaments: every seeded deal is played once per seating, so luck of the
 * deal cancels. Duel: A in seat 0 then seat 1. With 3–4 players A takes each seat in
 * turn, B in all the others. Games run on worker threads.
 */
import { Worker } from "node:worker_threads";
import type { PlayerCount } from "@yourtrumps/engine";
import type { Entrant, GameResult, GameSpec } from "./game.js";
import { eloOf, wilson } from "./stats.js";

export interface TournamentOptions {
  a: Entrant;
  b: Entrant;
  players: PlayerCount;
  pairs: number; // deals (each played once per seating)
  workers: number; // threads
  firstSeed?: number; // deal seeds are firstSeed, firstSeed + 1, …
  onProgress?: (done: number, total: number) => void;
  onGame?: (index: number, result: GameResult) => void; // each game as it finishes (index in schedule order)
}

export interface TournamentReport {
  a: Entrant;
  b: Entrant;
  players: PlayerCount;
  pairs: number;
  games: number;
  wins: number; // A's (duel: B lost; 3–4 players: a B seat was the loser)
  draws: number;
  losses: number; // A was the loser
  score: number; // A's mean score, draw = ½ (3–4 players: 1 = A did not lose)
  low: number; // 95% Wilson interval of the score
  high: number;
  elo: number; // Elo difference A − B implied by the score (duel)
  eloLow: number;
  eloHigh: number;
  lossRateA: number; // share of games A lost (3–4 players: par is 1 / players)
  lossRateB: number; // share of B seats that lost, per B seat
  moves: number; // mean moves per game
  seconds: number;
  /** Deals by A's points over the deal's seatings (draw = ½): index 2k = k points. */
  byDeal: number[];
}

/** The games of a duplicate tournament, in a fixed order. */
export function schedule(
  o: Pick<TournamentOptions, "a" | "b" | "players" | "pairs" | "firstSeed">,
): { spec: GameSpec; aSeat: number }[] {
  const games: { spec: GameSpec; aSeat: number }[] = [];
  for (let i = 0; i < o.pairs; i++) {
    const seed = (o.firstSeed ?? 1) + i;
    for (let aSeat = 0; aSeat < o.players; aSeat++) {
      const seats = Array.from({ length: o.players }, (_, s) => (s === aSeat ? o.a : o.b));
      games.push({ spec: { players: o.players, seed, seats }, aSeat });
    }
  }
  return games;
}

/** Runs the tournament and summarises it. */
export async function runTournament(o: TournamentOptions): Promise<TournamentReport> {
  const started = performance.now();
  const games = schedule(o);
  const results = await runGames(
    games.map((g) => g.spec),
    Math.max(1, o.workers),
    o.onProgress,
    o.onGame,
  );
  return summarise(o, results, (performance.now() - started) / 1000);
}

/**
 * The report over the first `results.length` games of the schedule (whole deals only:
 * a deal's seatings are counted once all of them are in). Used for a finished run and
 * for a run's log (`--report-log`).
 */
export function summarise(
  o: Pick<TournamentOptions, "a" | "b" | "players" | "pairs" | "firstSeed">,
  all: readonly GameResult[],
  seconds: number,
): TournamentReport {
  const games = schedule(o);
  const results = all.slice(0, all.length - (all.length % o.players));
  let wins = 0;
  let draws = 0;
  let losses = 0;
  let bLost = 0;
  let moves = 0;
  const byDeal = new Array<number>(2 * o.players + 1).fill(0);
  let halves = 0; // A's half-points in the current deal
  results.forEach((r, i) => {
    const aSeat = games[i]!.aSeat;
    moves += r.moves;
    if (r.loser === null) draws++;
    else if (r.loser === aSeat) losses++;
    else {
      wins++;
      bLost++;
    }
    halves += r.loser === null ? 1 : r.loser === aSeat ? 0 : 2;
    if (aSeat === o.players - 1) {
      byDeal[halves]!++;
      halves = 0;
    }
  });
  const n = results.length;
  const score = n > 0 ? (wins + draws / 2) / n : 0;
  const w = wilson(score, n);
  return {
    a: o.a,
    b: o.b,
    players: o.players,
    pairs: n / o.players,
    games: n,
    wins,
    draws,
    losses,
    score,
    low: w.low,
    high: w.high,
    elo: eloOf(score),
    eloLow: eloOf(w.low),
    eloHigh: eloOf(w.high),
    lossRateA: n > 0 ? losses / n : 0,
    lossRateB: n > 0 ? bLost / (n * (o.players - 1)) : 0,
    moves: n > 0 ? moves / n : 0,
    seconds,
    byDeal,
  };
}

/** Plays the specs on `workers` threads; results in spec order. */
function runGames(
  specs: GameSpec[],
  workers: number,
  onProgress?: (done: number, total: number) => void,
  onGame?: (index: number, result: GameResult) => void,
): Promise<GameResult[]> {
  const url = import.meta.url.endsWith(".ts")
    ? new URL("../../dist/tournament/worker.js", import.meta.url)
    : new URL("./worker.js", import.meta.url);
  const results: GameResult[] = new Array<GameResult>(specs.length);
  return new Promise((resolve, reject) => {
    let next = 0;
    let done = 0;
    const pool: Worker[] = [];
    const finish = (err?: Error): void => {
      for (const w of pool) void w.terminate();
      if (err) reject(err);
      else resolve(results);
    };
    const feed = (w: Worker): void => {
      if (next < specs.length) {
        const id = next++;
        w.postMessage({ id, spec: specs[id] });
      }
    };
    if (specs.length === 0) return resolve(results);
    for (let i = 0; i < Math.min(workers, specs.length); i++) {
      const w = new Worker(url);
      pool.push(w);
      w.on("message", (msg: { id: number; ok: boolean; result?: GameResult; error?: string }) => {
        if (!msg.ok) return finish(new Error(msg.error));
        results[msg.id] = msg.result!;
        onGame?.(msg.id, msg.result!);
        done++;
        onProgress?.(done, specs.length);
        if (done === specs.length) finish();
        else feed(w);
      });
      w.on("error", (e) => finish(e instanceof Error ? e : new Error(String(e))));
      feed(w);
    }
  });
}
