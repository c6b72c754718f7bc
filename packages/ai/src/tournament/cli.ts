/**
 * npm run tournament -- --a hard --b greedy --players 2 --pairs 500 [--json]
 *   [--workers 1] [--iters-a N] [--iters-b N] [--time-a MS] [--time-b MS] [--solve-nodes N] [--seed 1]
 *   [--a-module PATH] [--b-module PATH]   (another build's packages/ai/dist/index.js plays that side's level)
 *   [--settings-a evaluate=0,playoutPlies=400] [--settings-b …]   (hard's search settings, for ablations)
 *   [--log FILE]   (each game as it ends, JSON lines)   |   --report-log FILE   (the report of a log so far, whole deals only)
 * Plays a duplicate tournament and prints games, wins/draws/losses, A's score with its
 * 95% Wilson interval and the Elo difference; with 3–4 players each side's loss rate.
 * Searching levels use iteration budgets (reproducible), printed with the figures.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_ITERATIONS, HARD_SETTINGS } from "../levels.js";
import { SOLVE_STATES } from "../solve-view.js";
import type { HardSettings, PlayerKind } from "../types.js";
import type { Entrant, GameResult } from "./game.js";
import { PLAYER_COUNTS } from "@yourtrumps/engine";
import { runTournament, summarise } from "./run.js";
import type { TournamentReport } from "./run.js";
import { wilson } from "./stats.js";

const KINDS: readonly PlayerKind[] = ["random", "greedy", "easy", "medium", "hard"];

/** `key=value,…` over HardSettings: numbers, and 0/1 or false/true for `evaluate`. */
function parseSettings(text: string | undefined, flag: string): Partial<HardSettings> | undefined {
  if (text === undefined) return undefined;
  const out: Record<string, number | boolean> = {};
  for (const part of text.split(",")) {
    const [key = "", value = ""] = part.split("=");
    if (!(key in HARD_SETTINGS))
      throw new Error(`--settings-${flag}: unknown setting ${key} (known: ${Object.keys(HARD_SETTINGS).join(", ")})`);
    const kind = typeof HARD_SETTINGS[key as keyof HardSettings];
    if (kind === "boolean") {
      if (!["0", "1", "false", "true"].includes(value)) throw new Error(`--settings-${flag}: ${key} is 0 or 1`);
      out[key] = value === "1" || value === "true";
    } else {
      const n = Number(value);
      if (value === "" || !Number.isFinite(n) || n < 0)
        throw new Error(`--settings-${flag}: ${key} must be a number ≥ 0`);
      out[key] = n;
    }
  }
  return out;
}

function entrant(
  kind: string | undefined,
  iters: string | undefined,
  time: string | undefined,
  solve: string | undefined,
  module: string | undefined,
  settingsText: string | undefined,
  flag: string,
): Entrant {
  if (!KINDS.includes(kind as PlayerKind)) throw new Error(`--${flag} must be one of ${KINDS.join(", ")}`);
  const k = kind as PlayerKind;
  if (module !== undefined) {
    if (k === "random" || k === "greedy")
      throw new Error(`--${flag}-module plays a level (easy, medium, hard), not a baseline`);
    if (!existsSync(module))
      throw new Error(`--${flag}-module ${module}: no such file (build that checkout's packages/ai first)`);
  }
  const settings = parseSettings(settingsText, flag);
  if (settings !== undefined && k !== "hard") throw new Error(`--settings-${flag} applies to hard only`);
  const from = {
    ...(module !== undefined ? { module: resolve(module) } : {}),
    ...(settings !== undefined ? { settings } : {}),
  };
  if (k !== "medium" && k !== "hard") return { kind: k, ...from };
  // A time per move (the product's setting) or, by default, a reproducible iteration budget.
  const budget =
    time !== undefined && iters === undefined
      ? { timeMs: Number(time) }
      : { iterations: iters !== undefined ? Number(iters) : DEFAULT_ITERATIONS[k] };
  if (k === "medium") return { kind: k, ...budget, ...from };
  return {
    kind: k,
    ...budget,
    ...from,
    ...(solve !== undefined || budget.iterations !== undefined
      ? { solveNodes: solve !== undefined ? Number(solve) : SOLVE_STATES }
      : {}),
  };
}

function name(e: Entrant): string {
  const parts = [
    e.iterations !== undefined ? `${e.iterations} iterations/move` : "",
    e.timeMs !== undefined ? `${e.timeMs} ms/move` : "",
    e.solveNodes !== undefined ? `solver ${e.solveNodes} positions` : "",
  ].filter(Boolean);
  if (e.settings !== undefined)
    parts.push(
      Object.entries(e.settings)
        .map(([k, v]) => `${k}=${String(v)}`)
        .join(" "),
    );
  if (e.module !== undefined) parts.push(`from ${e.module}`);
  return parts.length > 0 ? `${e.kind} (${parts.join(", ")})` : e.kind;
}
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const elo = (x: number): string =>
  Number.isFinite(x) ? `${x >= 0 ? "+" : ""}${Math.round(x)}` : x > 0 ? "+inf" : "-inf";

function print(r: TournamentReport, workers: number): void {
  console.log(
    `${name(r.a)} vs ${name(r.b)}: ${r.players} players, ${r.pairs} duplicate deals, ${r.games} games, ${workers} worker(s), ${r.seconds.toFixed(0)} s, ${r.moves.toFixed(0)} moves/game`,
  );
  console.log(`  A (${r.a.kind}) wins ${r.wins}, draws ${r.draws}, losses ${r.losses}`);
  if (r.players === 2) {
    console.log(
      `  score ${r.score.toFixed(3)}  95% CI [${r.low.toFixed(3)}, ${r.high.toFixed(3)}]  Elo ${elo(r.elo)} [${elo(r.eloLow)}, ${elo(r.eloHigh)}]`,
    );
    const points = (k: number): string => `${Math.floor(k / 2)}${k % 2 ? "½" : ""}`;
    console.log(
      `  deals by A's points of 2: ${r.byDeal
        .map((n, k) => `${points(k)}: ${n}`)
        .reverse()
        .join(", ")}`,
    );
  } else {
    const la = wilson(r.lossRateA, r.games);
    console.log(
      `  loss rate: A (${r.a.kind}) ${pct(r.lossRateA)} [${pct(la.low)}, ${pct(la.high)}], each B seat (${r.b.kind}) ${pct(r.lossRateB)}; par ${pct(1 / r.players)}`,
    );
    console.log(
      `  A's score (not losing = 1, draw = ½) ${r.score.toFixed(3)}  95% CI [${r.low.toFixed(3)}, ${r.high.toFixed(3)}]`,
    );
  }
}

/** A log's plan and the games of the schedule's longest complete prefix. */
function reportOfLog(file: string): { report: TournamentReport; workers: number } {
  const [head, ...lines] = readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "");
  if (head === undefined) throw new Error(`${file} is empty`);
  const { plan, workers } = JSON.parse(head) as { plan: Parameters<typeof summarise>[0]; workers: number };
  const byIndex = new Map<number, GameResult>();
  let seconds = 0;
  for (const l of lines) {
    const g = JSON.parse(l) as { i: number; result: GameResult; seconds: number };
    byIndex.set(g.i, g.result);
    seconds = Math.max(seconds, g.seconds);
  }
  const results: GameResult[] = [];
  while (byIndex.has(results.length)) results.push(byIndex.get(results.length)!);
  return { report: summarise(plan, results, seconds), workers };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      a: { type: "string" },
      b: { type: "string" },
      players: { type: "string", default: "2" },
      pairs: { type: "string", default: "100" },
      workers: { type: "string", default: "1" },
      "iters-a": { type: "string" },
      "iters-b": { type: "string" },
      "time-a": { type: "string" },
      "time-b": { type: "string" },
      "solve-nodes": { type: "string" },
      "a-module": { type: "string" },
      "b-module": { type: "string" },
      "settings-a": { type: "string" },
      "settings-b": { type: "string" },
      seed: { type: "string", default: "1" },
      json: { type: "boolean", default: false },
      log: { type: "string" },
      "report-log": { type: "string" },
    },
  });
  if (values["report-log"] !== undefined) {
    const r = reportOfLog(values["report-log"]);
    if (values.json) console.log(JSON.stringify(r.report));
    else print(r.report, r.workers);
    return;
  }
  const players = PLAYER_COUNTS.find((n) => n === Number(values.players));
  if (players === undefined) throw new Error("--players must be 2, 3 or 4");
  const workers = Math.max(1, Number(values.workers));
  const plan = {
    a: entrant(
      values.a,
      values["iters-a"],
      values["time-a"],
      values["solve-nodes"],
      values["a-module"],
      values["settings-a"],
      "a",
    ),
    b: entrant(
      values.b,
      values["iters-b"],
      values["time-b"],
      values["solve-nodes"],
      values["b-module"],
      values["settings-b"],
      "b",
    ),
    players,
    pairs: Math.max(1, Number(values.pairs)),
    firstSeed: Number(values.seed),
  };
  const log = values.log;
  const started = performance.now();
  if (log !== undefined) writeFileSync(log, `${JSON.stringify({ plan, workers })}\n`);
  const r = await runTournament({
    ...plan,
    workers,
    ...(log !== undefined
      ? {
          onGame: (i: number, result: GameResult) =>
            appendFileSync(log, `${JSON.stringify({ i, result, seconds: (performance.now() - started) / 1000 })}\n`),
        }
      : {}),
    onProgress: values.json
      ? undefined
      : (done, total) => {
          if (done % 50 === 0 || done === total) process.stderr.write(`  ${done}/${total} games\r`);
        },
  });
  if (values.json) console.log(JSON.stringify(r));
  else print(r, workers);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
