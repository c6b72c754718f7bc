/**
 * The learned evaluation: for a seat of a position, the chance of the hand ending well for
 * it (duel: win 1, draw ½; 3–4 players: not being the loser), as a logistic model over the
 * features of features.ts, one weight vector per table size. The weights are trained by
 * `npm run train` (src/train/) and committed in weights.ts; `parseWeights` is the one check
 * of their format, used by the AI when it loads them and by the trainer when it reads them.
 */
import type { Core } from "@yourtrumps/engine";
import { FEATURES, FEATURE_NAMES, featuresOf } from "./features.js";
import { WEIGHTS } from "./weights.js";

export const WEIGHTS_FORMAT = "your-trumps/eval";
/** Bump when the features or the model's shape change; the trainer writes this version. */
export const WEIGHTS_VERSION = 1;

/** What the weights file holds. */
export interface EvalWeights {
  format: typeof WEIGHTS_FORMAT;
  version: number;
  features: readonly string[];
  /** Logistic weights by table size, one per feature. */
  byPlayers: { readonly "2": readonly number[]; readonly "3": readonly number[]; readonly "4": readonly number[] };
  /** How they were trained (for people; the AI ignores it). */
  trained: Readonly<Record<string, string | number>>;
}

/** Checks that `w` is a weights file this code can use (format, version, feature list, sizes); throws saying what is wrong. */
export function parseWeights(w: unknown): EvalWeights {
  const o = w as Partial<EvalWeights> | null;
  if (typeof o !== "object" || o === null) throw new Error("eval weights: not an object");
  if (o.format !== WEIGHTS_FORMAT) throw new Error(`eval weights: format ${String(o.format)}, expected ${WEIGHTS_FORMAT}`);
  if (o.version !== WEIGHTS_VERSION) throw new Error(`eval weights: version ${String(o.version)}, this code reads version ${WEIGHTS_VERSION}`);
  if (!Array.isArray(o.features) || o.features.length !== FEATURES || o.features.some((f, i) => f !== FEATURE_NAMES[i])) {
    throw new Error("eval weights: the feature list differs from features.ts (retrain with npm run train)");
  }
  for (const n of ["2", "3", "4"] as const) {
    const v = o.byPlayers?.[n];
    if (!Array.isArray(v) || v.length !== FEATURES || v.some((x) => typeof x !== "number" || !Number.isFinite(x))) {
      throw new Error(`eval weights: byPlayers["${n}"] must be ${FEATURES} finite numbers`);
    }
  }
  if (typeof o.trained !== "object" || o.trained === null) throw new Error("eval weights: trained must be an object");
  return o as EvalWeights;
}

/** A loaded evaluation: weights as typed arrays, a scratch feature vector. */
export class Evaluation {
  private readonly w: Float64Array[] = [];
  private readonly x = new Float64Array(FEATURES);

  constructor(weights: EvalWeights = parseWeights(WEIGHTS)) {
    for (let n = 0; n <= 4; n++) this.w.push(Float64Array.from(n >= 2 ? weights.byPlayers[String(n) as "2" | "3" | "4"] : []));
  }

  /** The chance the hand ends well for `seat` (which holds cards) from the core's position. */
  seat(core: Core, seat: number): number {
    const x = featuresOf(core, seat, this.x);
    const w = this.w[core.n]!;
    let z = 0;
    for (let i = 0; i < FEATURES; i++) z += w[i]! * x[i]!;
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
