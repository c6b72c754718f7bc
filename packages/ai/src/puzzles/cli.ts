/**
 * npm run puzzles -w @yourtrumps/ai -- [--seeds 3000] [--first 1] [--keeping 0.333] [--out src/puzzles/shipped.ts] [--lines out.txt | --join out.txt]
 * Generates puzzles from seeded self-play duels (collect.ts) and writes the shipped file
 * (or, with --lines, appends plain puzzle lines, so a long run can be finished in parts;
 * --join FILE then writes the shipped file from such lines).
 * Deterministic for the seeds; prints puzzles found and puzzles per minute.
 */
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { collectPuzzles, puzzlesOfSeed } from "./collect.js";
import { KEEPING_SHARE, puzzleId } from "./generate.js";
import { parsePuzzleLine, puzzleLine } from "./format.js";
import type { Puzzle } from "./format.js";
import { positionOf, puzzleHand } from "./line.js";
import { shippedSource } from "./shipped-source.js";

function positiveInt(v: string | undefined, flag: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${flag} must be a positive integer`);
  return n;
}

/** A puzzle with its position as the engine sets it up (hands sorted), and the id of that: lines of older runs named it as played. */
function canonical(p: Puzzle): Puzzle {
  const position = positionOf(puzzleHand(p.position));
  return { ...p, id: puzzleId(position), position };
}

try {
  const { values } = parseArgs({
    options: {
      seeds: { type: "string", default: "3000" },
      first: { type: "string", default: "1" },
      out: { type: "string" },
      lines: { type: "string" },
      keeping: { type: "string" },
      join: { type: "string" },
    },
  });
  const first = positiveInt(values.first, "first");
  const seeds = positiveInt(values.seeds, "seeds");
  const keeping = values.keeping === undefined ? KEEPING_SHARE : Number(values.keeping);
  if (!(keeping > 0 && keeping < 1)) throw new Error("--keeping must be a share in (0, 1)");
  const started = performance.now();
  const rate = (total: number): string =>
    `${((total * 60_000) / (performance.now() - started)).toFixed(1)} puzzles/min`;
  if (values.join !== undefined) {
    const lines = readFileSync(values.join, "utf8")
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => puzzleLine(canonical(parsePuzzleLine(l))));
    const out = values.out ?? fileURLToPath(new URL("../../src/puzzles/shipped.ts", import.meta.url));
    writeFileSync(out, shippedSource(lines, keeping));
    console.log(`wrote ${new Set(lines).size} puzzles to ${out}`);
  } else if (values.lines !== undefined) {
    // One seed at a time, appended at once: a run stopped halfway keeps what it found.
    let total = 0;
    for (let seed = first; seed < first + seeds; seed++) {
      const found = puzzlesOfSeed(seed, keeping);
      total += found.length;
      if (found.length > 0) appendFileSync(values.lines, found.map((p) => puzzleLine(p) + "\n").join(""));
      console.log(`seed ${seed}: ${total} puzzles, ${rate(total)}`);
    }
  } else {
    const puzzles = collectPuzzles(first, seeds, keeping, (seed, total) =>
      console.log(`seed ${seed}: ${total} puzzles, ${rate(total)}`),
    );
    const out = values.out ?? fileURLToPath(new URL("../../src/puzzles/shipped.ts", import.meta.url));
    writeFileSync(out, shippedSource(puzzles.map(puzzleLine), keeping));
    console.log(
      `wrote ${puzzles.length} puzzles to ${out} in ${((performance.now() - started) / 1000).toFixed(1)} s (${rate(puzzles.length)})`,
    );
  }
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
}
