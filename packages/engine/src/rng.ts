/**
 * Seeded randomness. The engine never reads a clock or Math.random: every random
 * choice comes from a seed, so the same seed gives the same hand on every machine.
 *
 * The seed is hashed whole to a 256-bit key and the generator is SHA-256 in counter
 * mode over that key. A deal therefore has as many possible sources as the server's
 * 128-bit seeds, and the cards a seat sees say nothing usable about the ones it does
 * not (R18): there is no small state to search and no linear structure to solve.
 */
import { sha256KeyCounter, sha256Words } from "./sha256.js";

const encoder = new TextEncoder();

/** The 256-bit key a seed (number or string, any length) stands for; 7 and "7" differ. */
export function seedKey(seed: number | string): Uint32Array {
  const text = typeof seed === "number" ? `n:${seed}` : `s:${seed}`;
  return sha256Words(encoder.encode(`your-trumps/deal/v2/${text}`));
}

/** `next()` is uniform in [0, 1); `int(n)` is exactly uniform (no modulo bias). */
export class Rng {
  private readonly key: Uint32Array;
  private readonly block = new Uint32Array(8); // the current output block
  private used = 8; // words of `block` already handed out
  private counter = 0;

  constructor(seed: number | string) {
    this.key = seedKey(seed);
  }

  /** Next 32-bit unsigned integer. */
  nextUint32(): number {
    if (this.used === 8) {
      sha256KeyCounter(this.key, this.counter++, this.block);
      this.used = 0;
    }
    return this.block[this.used++]! >>> 0;
  }

  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [0, n) for 1 ≤ n ≤ 2^32, by rejection so every value is equally likely. */
  int(n: number): number {
    const limit = 4294967296 - (4294967296 % n); // largest multiple of n that fits
    for (;;) {
      const x = this.nextUint32();
      if (x < limit) return x % n;
    }
  }

  /** Fisher–Yates shuffle in place; returns the array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const tmp = items[i] as T;
      items[i] = items[j] as T;
      items[j] = tmp;
    }
    return items;
  }
}
