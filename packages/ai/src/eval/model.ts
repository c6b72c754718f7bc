/**
 * The learned evaluation: for a seat of a position, the chance of the hand ending well for
 * it (duel: win 1, draw ½; 3–4 players: not being the loser), as a small neural network
 * over the features of features.ts (one tanh hidden layer, logistic output), one per
 * table size. The weights are trained by
 * `npm run train` (src/train/) and committed in weights.ts; `parseWeights` is the one check
 * of their format, used by the AI when it loads them and by the trainer when it reads them.
 */
import type { Core } from "@yourtrumps/engine";
import { FEATURES, FEATURE_NAMES, featuresOf } from "./features.js";
import { WEIGHTS } from "./weights.js";

export const WEIGHTS_FORMAT = "your-trumps/eval";
/** Bump when the features or the model's shape change; the trainer writes this version. */
export const WEIGHTS_VERSION = 2;

/** One table size's network: hidden × features input weights (row by hidden unit), biases, output weights. */
export interface Network {
  hidden: number;
  w1: readonly number[];
  b1: readonly number[];
  w2: readonly number[];
  b2: number;
}

/** What the weights file holds. */
export interface EvalWeights {
  format: typeof WEIGHTS_FORMAT;
  version: number;
  features: readonly string[];
  /** The network of each table size. */
  byPlayers: { readonly "2": Network; readonly "3": Network; readonly "4": Network };
  /** How they were trained (for people; the AI ignores it). */
  trained: Readonly<Record<string, string | number>>;
}

/** Checks that `w` is a weights file this code can use (format, version, feature list, sizes); throws saying what is wrong. */
export function parseWeights(w: unknown): EvalWeights {
  const o = w as Partial<EvalWeights> | null;
  if (typeof o !== "object" || o === null) throw new Error("eval weights: not an object");
  if (o.format !== WEIGHTS_FORMAT)
    throw new Error(`eval weights: format ${String(o.format)}, expected ${WEIGHTS_FORMAT}`);
  if (o.version !== WEIGHTS_VERSION)
    throw new Error(`eval weights: version ${String(o.version)}, this code reads version ${WEIGHTS_VERSION}`);
  if (
    !Array.isArray(o.features) ||
    o.features.length !== FEATURES ||
    o.features.some((f, i) => f !== FEATURE_NAMES[i])
  ) {
    throw new Error("eval weights: the feature list differs from features.ts (retrain with npm run train)");
  }
  const numbers = (v: unknown, length: number): boolean =>
    Array.isArray(v) && v.length === length && v.every((x) => typeof x === "number" && Number.isFinite(x));
  for (const n of ["2", "3", "4"] as const) {
    const net = o.byPlayers?.[n];
    const h = net?.hidden;
    if (typeof h !== "number" || !Number.isInteger(h) || h < 1 || h > 256)
      throw new Error(`eval weights: byPlayers["${n}"].hidden must be an integer 1…256`);
    if (!numbers(net!.w1, h * FEATURES))
      throw new Error(`eval weights: byPlayers["${n}"].w1 must be ${h * FEATURES} finite numbers`);
    if (!numbers(net!.b1, h) || !numbers(net!.w2, h))
      throw new Error(`eval weights: byPlayers["${n}"].b1 and .w2 must be ${h} finite numbers`);
    if (!numbers([net!.b2], 1)) throw new Error(`eval weights: byPlayers["${n}"].b2 must be a finite number`);
  }
  if (typeof o.trained !== "object" || o.trained === null) throw new Error("eval weights: trained must be an object");
  return o as EvalWeights;
}

/** A network as typed arrays. */
interface Loaded {
  hidden: number;
  w1: Float64Array;
  b1: Float64Array;
  w2: Float64Array;
  b2: number;
}

/** A loaded evaluation: the networks as typed arrays, a scratch feature vector. */
export class Evaluation {
  private readonly nets: (Loaded | null)[] = [null, null];
  private readonly x = new Float64Array(FEATURES);

  constructor(weights: EvalWeights = parseWeights(WEIGHTS)) {
    for (const n of ["2", "3", "4"] as const) {
      const net = weights.byPlayers[n];
      this.nets.push({
        hidden: net.hidden,
        w1: Float64Array.from(net.w1),
        b1: Float64Array.from(net.b1),
        w2: Float64Array.from(net.w2),
        b2: net.b2,
      });
    }
  }

  /** The chance the hand ends well for `seat` (which holds cards) from the core's position. */
  seat(core: Core, seat: number): number {
    const x = featuresOf(core, seat, this.x);
    const net = this.nets[core.n]!;
    const { w1, b1, w2 } = net;
    let z = net.b2;
    for (let j = 0, row = 0; j < net.hidden; j++, row += FEATURES) {
      let a = b1[j]!;
      for (let i = 0; i < FEATURES; i++) a += w1[row + i]! * x[i]!;
      z += w2[j]! * Math.tanh(a);
    }
    return 1 / (1 + Math.exp(-z));
  }

  /** Each seat's expected reward (as outcome.ts scores an end) for the unfinished hand in `core`. */
  rewards(core: Core, out: Float64Array): void {
    if (core.n === 2) {
      const p = this.seat(core, core.toMove);
      out[core.toMove] = p;
      out[1 - core.toMove] = 1 - p;
      return;
    }
    for (let s = 0; s < core.n; s++) out[s] = core.count[s]! > 0 ? this.seat(core, s) : 1;
  }
}

let shared: Evaluation | undefined;
/** The evaluation of the committed weights (loaded once). */
export function committedEvaluation(): Evaluation {
  return (shared ??= new Evaluation());
}
