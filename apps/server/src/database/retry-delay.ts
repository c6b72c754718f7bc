/**
 * How long to wait before the next try at a database that failed: doubling from `minMs`
 * with each failure up to `maxMs`, then a random point in the upper half of that, so the
 * processes of one deploy that lost the same database do not all come back in step.
 */
import { randomInt } from "node:crypto";

/** The wait after `failures` (≥ 1) failures in a row, in milliseconds. */
export function retryDelay(failures: number, minMs: number, maxMs: number): number {
  const ceiling = Math.min(maxMs, minMs * 2 ** Math.min(failures - 1, 30));
  const half = Math.floor(ceiling / 2);
  return half + randomInt(half + 1); // jitter from node:crypto, as every random choice of the server
}
