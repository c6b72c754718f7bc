/**
 * Logistic regression by Newton's method (iteratively reweighted least squares) with a
 * small ridge, on soft labels in [0, 1] (a draw is ½). Deterministic: no sampling.
 */
import { FEATURES } from "../eval/features.js";
import type { Dataset } from "./self-play.js";

export interface Fit {
  weights: number[];
  trainLoss: number; // mean log loss on the rows fitted
  heldOutLoss: number; // on the held-out hands
  heldOutRows: number;
  iterations: number;
}

/** Mean log loss of weights `w` over the rows selected by `use`. */
function loss(d: Dataset, w: Float64Array, use: (row: number) => boolean): { loss: number; rows: number } {
  let sum = 0;
  let n = 0;
  for (let r = 0; r < d.rows; r++) {
    if (!use(r)) continue;
    const p = clamp(predict(d, r, w));
    const y = d.y[r]!;
    sum -= y * Math.log(p) + (1 - y) * Math.log(1 - p);
    n++;
  }
  return { loss: n > 0 ? sum / n : 0, rows: n };
}

const clamp = (p: number): number => Math.min(1 - 1e-9, Math.max(1e-9, p));

function predict(d: Dataset, r: number, w: Float64Array): number {
  let z = 0;
  const base = r * FEATURES;
  for (let i = 0; i < FEATURES; i++) z += w[i]! * d.x[base + i]!;
  return 1 / (1 + Math.exp(-z));
}

/** Fits on the hands with `game % holdOut !== 0`, reports the loss on the others. */
export function fitLogistic(d: Dataset, o: { iterations?: number; ridge?: number; holdOut?: number } = {}): Fit {
  const holdOut = o.holdOut ?? 10;
  const train = (r: number): boolean => d.game[r]! % holdOut !== 0;
  const w = new Float64Array(FEATURES);
  const ridge = o.ridge ?? 1e-4;
  let it = 0;
  for (; it < (o.iterations ?? 12); it++) {
    const g = new Float64Array(FEATURES);
    const h = new Float64Array(FEATURES * FEATURES);
    let n = 0;
    for (let r = 0; r < d.rows; r++) {
      if (!train(r)) continue;
      n++;
      const p = predict(d, r, w);
      const e = p - d.y[r]!;
      const v = Math.max(1e-6, p * (1 - p));
      const base = r * FEATURES;
      for (let i = 0; i < FEATURES; i++) {
        const xi = d.x[base + i]!;
        if (xi === 0) continue;
        g[i]! += e * xi;
        const vx = v * xi;
        for (let j = 0; j <= i; j++) h[i * FEATURES + j]! += vx * d.x[base + j]!;
      }
    }
    for (let i = 0; i < FEATURES; i++) {
      g[i]! += ridge * n * w[i]!;
      h[i * FEATURES + i]! += ridge * n;
      for (let j = 0; j < i; j++) h[j * FEATURES + i] = h[i * FEATURES + j]!;
    }
    const step = solve(h, g, FEATURES);
    let moved = 0;
    for (let i = 0; i < FEATURES; i++) {
      w[i]! -= step[i]!;
      moved = Math.max(moved, Math.abs(step[i]!));
    }
    if (moved < 1e-7) {
      it++;
      break;
    }
  }
  const held = loss(d, w, (r) => !train(r));
  return {
    weights: Array.from(w, (v) => Number(v.toPrecision(6))),
    trainLoss: loss(d, w, train).loss,
    heldOutLoss: held.loss,
    heldOutRows: held.rows,
    iterations: it,
  };
}

/** Solves H x = g for a symmetric positive definite H (Cholesky). */
function solve(h: Float64Array, g: Float64Array, n: number): Float64Array {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = h[i * n + j]!;
      for (let k = 0; k < j; k++) s -= l[i * n + k]! * l[j * n + k]!;
      l[i * n + j] = i === j ? Math.sqrt(Math.max(s, 1e-12)) : s / l[j * n + j]!;
    }
  }
  const z = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = g[i]!;
    for (let k = 0; k < i; k++) s -= l[i * n + k]! * z[k]!;
    z[i] = s / l[i * n + i]!;
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = z[i]!;
    for (let k = i + 1; k < n; k++) s -= l[k * n + i]! * x[k]!;
    x[i] = s / l[i * n + i]!;
  }
  return x;
}
