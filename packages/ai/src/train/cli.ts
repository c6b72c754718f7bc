/**
 * npm run train -w @yourtrumps/ai -- [--games 20000] [--search-games 0] [--search-iterations 300] [--hidden 16] [--epochs 3] [--seed 1] [--sample 0.2] [--out src/eval/weights.ts]
 * Trains the learned evaluation (train.ts) and writes the weights file the AI loads;
 * rebuild the package afterwards. Deterministic for a seed; prints positions, time and
 * losses (train, held-out, and a constant guess's for scale).
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { WEIGHTS_VERSION } from "../eval/model.js";
import { train, weightsSource } from "./train.js";

function positiveInt(v: string | undefined, flag: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${flag} must be a positive integer`);
  return n;
}

try {
  const { values } = parseArgs({
    options: {
      games: { type: "string", default: "20000" },
      seed: { type: "string", default: "1" },
      sample: { type: "string", default: "0.2" },
      "search-games": { type: "string", default: "0" },
      "search-iterations": { type: "string", default: "300" },
      hidden: { type: "string", default: "16" },
      epochs: { type: "string", default: "3" },
      out: { type: "string" },
    },
  });
  const sample = Number(values.sample);
  if (!(sample > 0 && sample <= 1)) throw new Error("--sample must be in (0, 1]");
  const out = values.out ?? fileURLToPath(new URL("../../src/eval/weights.ts", import.meta.url));
  const started = performance.now();
  const searchGames = values["search-games"] === "0" ? 0 : positiveInt(values["search-games"], "search-games");
  const weights = train(
    {
      games: positiveInt(values.games, "games"),
      seed: positiveInt(values.seed, "seed"),
      sample,
      searchGames,
      searchIterations: positiveInt(values["search-iterations"], "search-iterations"),
      hidden: positiveInt(values.hidden, "hidden"),
      epochs: positiveInt(values.epochs, "epochs"),
    },
    (line) => console.log(line),
  );
  writeFileSync(out, weightsSource(weights));
  console.log(`wrote ${out} (version ${WEIGHTS_VERSION}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
