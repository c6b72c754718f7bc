/**
 * npm run bench:puzzles -w @yourtrumps/ai [-- --seeds 30 --json]: the puzzle figures.
 *  - puzzles generated per minute (collect.ts over seeds from 20, one thread)
 *  - the shipped file: puzzles, bytes, gzipped bytes
 *  - a move's verdict (PuzzleWalk.play: the engine's move and the tree's answer), p50/p99
 */
import { gzipSync } from "node:zlib";
import { parseArgs } from "node:util";
import { collectPuzzles } from "../puzzles/collect.js";
import { parsePuzzleLine } from "../puzzles/format.js";
import type { PuzzleMove } from "../puzzles/format.js";
import { SHIPPED_PUZZLES } from "../puzzles/shipped.js";
import { PuzzleWalk } from "../puzzles/walk.js";

const { values } = parseArgs({
  options: { seeds: { type: "string", default: "30" }, json: { type: "boolean", default: false } },
});

function emit(name: string, value: number, unit: string, note: string): void {
  if (values.json) console.log(JSON.stringify({ bench: name, value: Math.round(value * 100) / 100, unit, note }));
  else console.log(`${name.padEnd(34)} ${value.toFixed(value < 10 ? 3 : 0).padStart(10)} ${unit.padEnd(9)} ${note}`);
}

const quantile = (xs: number[], q: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;

const seeds = Number(values.seeds);
const started = performance.now();
const found = collectPuzzles(20, seeds).length;
const minutes = (performance.now() - started) / 60_000;
emit(
  "puzzles generated",
  found / minutes,
  "per min",
  `${found} puzzles from ${seeds} self-play duels (seeds 20…) in ${(minutes * 60).toFixed(0)} s`,
);

const puzzles = SHIPPED_PUZZLES.split("\n")
  .filter((l) => l !== "")
  .map(parsePuzzleLine);
const bytes = Buffer.byteLength(SHIPPED_PUZZLES);
emit("shipped puzzles", puzzles.length, "puzzles", "src/puzzles/shipped.ts");
emit("shipped file", bytes / 1024, "KB", `${(bytes / Math.max(1, puzzles.length)).toFixed(0)} bytes a puzzle`);
emit("shipped file gzipped", gzipSync(SHIPPED_PUZZLES).length / 1024, "KB", "as a server sends it");

const times: number[] = [];
for (const p of puzzles) {
  const walk = new PuzzleWalk(p);
  const first = Object.keys("accept" in p.solution ? p.solution.accept : {})[0] as PuzzleMove;
  const t0 = performance.now();
  walk.play(first);
  times.push(performance.now() - t0);
}
emit("move verdict p50", quantile(times, 0.5), "ms", "PuzzleWalk.play, the first key move of each shipped puzzle");
emit("move verdict p99", quantile(times, 0.99), "ms", "");
