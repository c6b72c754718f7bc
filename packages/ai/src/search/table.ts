/**
 * The exact solver's transposition table: open addressing on the two Zobrist halves,
 * typed arrays only (a Map keyed by 53-bit numbers was the solver's main cost). For each
 * position and each seat as the side trying to force a win (index `slot * 2 + seat`):
 * the deepest depth proven not enough, the shallowest depth proven enough (0 = not
 * known), and the move that proved or refuted it (-1 = none).
 */
export class ProofTable {
  size = 0; // positions stored
  no = new Uint16Array(0);
  yes = new Uint16Array(0);
  best = new Int8Array(0);
  private mask = 0;
  private a = new Int32Array(0);
  private b = new Int32Array(0);
  private used = new Uint8Array(0);

  /** @param capacity a power of two */
  constructor(capacity = 1 << 12) {
    this.allocate(capacity);
  }

  private allocate(capacity: number): void {
    this.mask = capacity - 1;
    this.a = new Int32Array(capacity);
    this.b = new Int32Array(capacity);
    this.used = new Uint8Array(capacity);
    this.no = new Uint16Array(2 * capacity);
    this.yes = new Uint16Array(2 * capacity);
    this.best = new Int8Array(2 * capacity).fill(-1);
    this.size = 0;
  }

  /** The slot of a position, or -1 when it is not stored. */
  find(a: number, b: number): number {
    let i = (Math.imul(a ^ b, 0x9e3779b1) >>> 0) & this.mask;
    while (this.used[i] === 1) {
      if (this.a[i] === a && this.b[i] === b) return i;
      i = (i + 1) & this.mask;
    }
    return -1;
  }

  /** The slot of a position, stored (with nothing known) if it was not. */
  slot(a: number, b: number): number {
    if (2 * (this.size + 1) > this.mask + 1) this.grow();
    let i = (Math.imul(a ^ b, 0x9e3779b1) >>> 0) & this.mask;
    while (this.used[i] === 1) {
      if (this.a[i] === a && this.b[i] === b) return i;
      i = (i + 1) & this.mask;
    }
    this.used[i] = 1;
    this.a[i] = a;
    this.b[i] = b;
    this.size++;
    return i;
  }

  /** Doubles the capacity, moving every stored position. */
  private grow(): void {
    const old = { a: this.a, b: this.b, used: this.used, no: this.no, yes: this.yes, best: this.best };
    this.allocate(2 * (this.mask + 1));
    for (let j = 0; j < old.used.length; j++) {
      if (old.used[j] !== 1) continue;
      const i = this.slot(old.a[j]!, old.b[j]!);
      for (let x = 0; x < 2; x++) {
        this.no[2 * i + x] = old.no[2 * j + x]!;
        this.yes[2 * i + x] = old.yes[2 * j + x]!;
        this.best[2 * i + x] = old.best[2 * j + x]!;
      }
    }
  }
}
