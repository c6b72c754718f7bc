/**
 * A token bucket per client: bursts up to `burst` messages, then `perSecond`.
 * A player clicking fast never notices; a flood is dropped message by message
 * without closing the connection (closing would cost the seat's turn clock).
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
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** True at most once a second while a flood lasts, so the refusal itself is not a flood. */
  shouldWarn(now: number): boolean {
    if (now - this.lastWarned < 1000) return false;
    this.lastWarned = now;
    return true;
  }
}
