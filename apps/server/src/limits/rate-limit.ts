/**
 * A token bucket: bursts up to `burst`, then `perSecond`. Per seat for table messages
 * (a player clicking fast never notices; a flood is dropped message by message without
 * closing the connection, which would cost the seat's turn clock), and per client
 * address for the HTTP routes (http/address-limits.ts).
 */
export class RateLimiter {
  private tokens: number;
  private last: number;
  private lastWarned = -Infinity;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.last = now;
  }

  /** True when a message arriving at `now` (ms) may be handled. */
  take(now: number): boolean {
    this.#refill(now);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** How long from `now` (ms) until `take` would pass; 0 when it would pass now. Takes nothing. */
  waitMs(now: number): number {
    this.#refill(now);
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.perSecond) * 1000);
  }

  /** True once the bucket has refilled completely: a limiter nobody would miss. */
  isFull(now: number): boolean {
    this.#refill(now);
    return this.tokens >= this.burst;
  }

  /** True at most once a second while a flood lasts, so the refusal itself is not a flood. */
  shouldWarn(now: number): boolean {
    if (now - this.lastWarned < 1000) return false;
    this.lastWarned = now;
    return true;
  }

  #refill(now: number): void {
    this.tokens = Math.min(this.burst, this.tokens + (Math.max(0, now - this.last) / 1000) * this.perSecond);
    this.last = Math.max(this.last, now);
  }
}
