/** A tiny seeded generator for search and playouts (fast, deterministic, no allocation). */
export class XorShift {
  private x: number;

  constructor(seed: number) {
    // Mix the seed so nearby seeds give unrelated streams; never let the state be 0.
    let h = Math.imul((seed | 0) ^ 0x5bd1e995, 0x27d4eb2d);
    h ^= h >>> 15;
    this.x = h | 0 || 0x9e3779b9;
  }

  /** Next 32-bit unsigned integer. */
  next(): number {
    let x = this.x;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.x = x;
    return x >>> 0;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return this.next() % n;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.next() / 4294967296;
  }
}
