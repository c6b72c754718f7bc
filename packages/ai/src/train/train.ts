/**
 * The training run: self-play hands for 2, 3 and 4 players (self-play.ts), a network fitted
 * per table size (fit-mlp.ts; the linear fit of fit.ts is printed beside it for scale), and
 * the weights file's text. Deterministic for its options.
 */
import { PLAYER_COUNTS } from "@yourtrumps/engine";
import { FEATURE_NAMES } from "../eval/features.js";
import { Evaluation, WEIGHTS_FORMAT, WEIGHTS_VERSION, parseWeights } from "../eval/model.js";
import type { EvalWeights, Network } from "../eval/model.js";
import { fitLogistic } from "./fit.js";
import { fitMlp } from "./fit-mlp.js";
import { selfPlay } from "./self-play.js";

export const EPSILONS = [0.02, 0.05, 0.1, 0.2, 0.3];
/** Round 2's share of random moves (variety of positions). */
export const SEARCH_EPSILON = 0.03;

export interface TrainOptions {
  games: number; // greedy self-play hands per table size (round 1)
  seed: number;
  sample: number; // share of positions kept
  searchGames: number; // round 2: hands per table size played by a short search with round 1's evaluation (0: no round 2)
  searchIterations: number; // that search's iterations a move
  hidden: number; // the network's hidden units
  epochs: number; // passes over the positions
}

/** Trains the weights; `log` gets one line per table size and round (positions, time, losses). */
export function train(o: TrainOptions, log: (line: string) => void = () => {}): EvalWeights {
  const first = round(o, null, log);
  if (o.searchGames === 0) return first;
  return round(o, new Evaluation(first), log);
}

/** One round: self-play (greedy, or a search with `prior`'s evaluation) and a fit per table size. */
function round(o: TrainOptions, prior: Evaluation | null, log: (line: string) => void): EvalWeights {
  const byPlayers: Record<string, Network> = {};
  const games = prior ? o.searchGames : o.games;
  const trained: Record<string, string | number> = {
    command: `npm run train -- --games ${o.games} --search-games ${o.searchGames} --search-iterations ${o.searchIterations} --hidden ${o.hidden} --epochs ${o.epochs} --seed ${o.seed} --sample ${o.sample}`,
    policy: prior
      ? `MCTS of ${o.searchIterations} iterations with round 1's evaluation, epsilon ${SEARCH_EPSILON}`
      : `greedy with epsilon in ${EPSILONS.join("/")}`,
    model: `one tanh hidden layer of ${o.hidden}, logistic output; Adam, ${o.epochs} epochs, batches of 256`,
  };
  for (const players of PLAYER_COUNTS) {
    const t0 = performance.now();
    const d = selfPlay({
      players,
      games,
      seed: o.seed,
      sample: o.sample,
      ...(prior
        ? { epsilons: [SEARCH_EPSILON], search: { iterations: o.searchIterations, evaluation: prior } }
        : { epsilons: EPSILONS }),
    });
    const linear = fitLogistic(d);
    const fit = fitMlp(d, { hidden: o.hidden, epochs: o.epochs, seed: o.seed });
    let mean = 0;
    for (let r = 0; r < d.rows; r++) mean += d.y[r]!;
    mean /= Math.max(1, d.rows);
    const constant = mean > 0 && mean < 1 ? -(mean * Math.log(mean) + (1 - mean) * Math.log(1 - mean)) : 0;
    byPlayers[String(players)] = fit.network;
    trained[`positions ${players}p`] = d.rows;
    trained[`held-out loss ${players}p`] = Number(fit.heldOutLoss.toFixed(4));
    const seconds = (performance.now() - t0) / 1000;
    log(
      `round ${prior ? 2 : 1}, ${players} players: ${games} hands, ${d.rows} positions (${fit.heldOutRows} held out), ${seconds.toFixed(1)} s; log loss train ${fit.trainLoss.toFixed(4)}, held-out ${fit.heldOutLoss.toFixed(4)} (linear ${linear.heldOutLoss.toFixed(4)}, a constant guess ${constant.toFixed(4)})`,
    );
  }
  return parseWeights({
    format: WEIGHTS_FORMAT,
    version: WEIGHTS_VERSION,
    features: FEATURE_NAMES,
    byPlayers,
    trained,
  });
}

/** The weights file's text (src/eval/weights.ts). */
export function weightsSource(w: EvalWeights): string {
  return `// Written by \`npm run train -w @yourtrumps/ai\` (src/train/cli.ts); do not edit by hand.\nexport const WEIGHTS: unknown = ${JSON.stringify(w, null, 1)};\n`;
}
