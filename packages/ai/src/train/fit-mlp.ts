/**
 * A small multilayer perceptron (one tanh hidden layer, logistic output) fitted by Adam
 * on mini-batches in a fixed order, on soft labels in [0, 1]. Deterministic for a seed.
 */
import { FEATURES } from "../eval/features.js";
import type { Network } from "../eval/model.js";
import { XorShift } from "../xorshift.js";
import type { Dataset } from "./self-play.js";

export interface MlpFit {
  network: Network;
  trainLoss: number;
  heldOutLoss: number;
  heldOutRows: number;
  epochs: number;
}

export function fitMlp(
  d: Dataset,
  o: { hidden?: number; epochs?: number; seed?: number; holdOut?: number; rate?: number; batch?: number } = {},
): MlpFit {
  const H = o.hidden ?? 16;
  const F = FEATURES;
  const holdOut = o.holdOut ?? 10;
  const rng = new XorShift(o.seed ?? 1);
  const params = new Float64Array(H * F + H + H + 1);
  const W1 = 0;
  const B1 = H * F;
  const W2 = B1 + H;
  const B2 = W2 + H;
  for (let i = 0; i < H * F; i++) params[i] = (rng.float() * 2 - 1) * Math.sqrt(3 / F);
  for (let j = 0; j < H; j++) params[W2 + j] = (rng.float() * 2 - 1) * Math.sqrt(3 / H);
  const m = new Float64Array(params.length);
  const v = new Float64Array(params.length);
  const g = new Float64Array(params.length);
  const h = new Float64Array(H);
  const trainRows: number[] = [];
  const heldRows: number[] = [];
  for (let r = 0; r < d.rows; r++) (d.game[r]! % holdOut === 0 ? heldRows : trainRows).push(r);
  const forward = (r: number): number => {
    const base = r * F;
    let z = params[B2]!;
    for (let j = 0; j < H; j++) {
      let a = params[B1 + j]!;
      const wj = W1 + j * F;
      for (let i = 0; i < F; i++) a += params[wj + i]! * d.x[base + i]!;
      h[j] = Math.tanh(a);
      z += params[W2 + j]! * h[j]!;
    }
    return 1 / (1 + Math.exp(-z));
  };
  const lossOf = (rows: number[]): number => {
    let s = 0;
    for (const r of rows) {
      const p = Math.min(1 - 1e-9, Math.max(1e-9, forward(r)));
      const y = d.y[r]!;
      s -= y * Math.log(p) + (1 - y) * Math.log(1 - p);
    }
    return rows.length > 0 ? s / rows.length : 0;
  };
  const rate = o.rate ?? 0.003;
  const batch = o.batch ?? 256;
  const epochs = o.epochs ?? 4;
  let t = 0;
  for (let e = 0; e < epochs; e++) {
    for (let i = trainRows.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      const tmp = trainRows[i]!;
      trainRows[i] = trainRows[j]!;
      trainRows[j] = tmp;
    }
    for (let start = 0; start < trainRows.length; start += batch) {
      g.fill(0);
      const end = Math.min(trainRows.length, start + batch);
      for (let k = start; k < end; k++) {
        const r = trainRows[k]!;
        const err = forward(r) - d.y[r]!;
        const base = r * F;
        g[B2]! += err;
        for (let j = 0; j < H; j++) {
          g[W2 + j]! += err * h[j]!;
          const dh = err * params[W2 + j]! * (1 - h[j]! * h[j]!);
          g[B1 + j]! += dh;
          const wj = W1 + j * F;
          for (let i = 0; i < F; i++) g[wj + i]! += dh * d.x[base + i]!;
        }
      }
      t++;
      const n = end - start;
      const c1 = 1 - 0.9 ** t;
      const c2 = 1 - 0.999 ** t;
      for (let p = 0; p < params.length; p++) {
        const gp = g[p]! / n;
        m[p] = 0.9 * m[p]! + 0.1 * gp;
        v[p] = 0.999 * v[p]! + 0.001 * gp * gp;
        params[p]! -= (rate * (m[p]! / c1)) / (Math.sqrt(v[p]! / c2) + 1e-8);
      }
    }
  }
  const round = (x: number): number => Number(x.toPrecision(6));
  return {
    network: {
      hidden: H,
      w1: Array.from(params.subarray(W1, B1), round),
      b1: Array.from(params.subarray(B1, W2), round),
      w2: Array.from(params.subarray(W2, B2), round),
      b2: round(params[B2]!),
    },
    trainLoss: lossOf(trainRows),
    heldOutLoss: lossOf(heldRows),
    heldOutRows: heldRows.length,
    epochs,
  };
}
