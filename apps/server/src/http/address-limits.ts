/**
 * Token buckets per client address (client-address.ts), for the HTTP routes. A bucket
 * that has refilled completely is forgotten, so memory follows the addresses active in
 * the last few minutes, not every address ever seen.
 */
import { RateLimiter } from "../limits/rate-limit.js";

/** A limit: `burst` at once, then `perMinute`. */
export interface Limit {
  burst: number;
  perMinute: number;
}

const PRUNE_EVERY_MS = 60_000;

export class AddressLimits {
  readonly #buckets = new Map<string, RateLimiter>();
  #pruned = 0;

  constructor(private readonly limit: Limit) {}

  /** Takes one from `address`'s bucket: 0 when it passes, else how many ms until one would. */
  take(address: string, now: number): number {
    const bucket = this.#bucket(address, now);
    return bucket.take(now) ? 0 : bucket.waitMs(now);
  }

  /** How many ms until `address` could take one (0 = now), taking nothing. */
  waitMs(address: string, now: number): number {
    return this.#buckets.get(address)?.waitMs(now) ?? 0;
  }

  #bucket(address: string, now: number): RateLimiter {
    if (now - this.#pruned >= PRUNE_EVERY_MS) {
      this.#pruned = now;
      for (const [key, bucket] of this.#buckets) if (bucket.isFull(now)) this.#buckets.delete(key);
    }
    let bucket = this.#buckets.get(address);
    if (bucket === undefined) {
      bucket = new RateLimiter(this.limit.perMinute / 60, this.limit.burst, now);
      this.#buckets.set(address, bucket);
    }
    return bucket;
  }
}
