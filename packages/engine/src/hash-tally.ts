/**
 * Occurrences by 30-bit hash, in two typed arrays (open addressing, at most half full):
 * 8–16 bytes an entry, several times less than a Map of numbers. LiveHand tallies R16's
 * position keys in one.
 */
export class HashTally {
  #keys = new Int32Array(64); // hash + 1; 0 = empty
  #counts = new Int32Array(64);
  #size = 0;

  /** Counts one more occurrence of `hash` (0 ≤ hash < 2³⁰); returns its occurrences now. */
  add(hash: number): number {
    if (2 * (this.#size + 1) > this.#keys.length) this.#grow();
    const i = this.#slot(hash);
    if (this.#keys[i] === 0) {
      this.#keys[i] = hash + 1;
      this.#size++;
    }
    return ++this.#counts[i]!;
  }

  /** Occurrences of `hash` so far. */
  get(hash: number): number {
    return this.#counts[this.#slot(hash)]!;
  }

  /** The slot holding `hash`, or the empty one where it would go. */
  #slot(hash: number): number {
    const mask = this.#keys.length - 1;
    let i = (Math.imul(hash, 0x9e3779b1) >>> 0) & mask;
    while (this.#keys[i] !== 0 && this.#keys[i] !== hash + 1) i = (i + 1) & mask;
    return i;
  }

  #grow(): void {
    const keys = this.#keys;
    const counts = this.#counts;
    this.#keys = new Int32Array(keys.length * 2);
    this.#counts = new Int32Array(keys.length * 2);
    for (let j = 0; j < keys.length; j++) {
      if (keys[j] === 0) continue;
      const i = this.#slot(keys[j]! - 1);
      this.#keys[i] = keys[j]!;
      this.#counts[i] = counts[j]!;
    }
  }
}
