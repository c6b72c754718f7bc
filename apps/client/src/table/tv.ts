/**
 * TV (`?tv`): the best game being played now, watched from no seat. The server picks it
 * (`GET /api/tv`: a running arena's featured table first, then duels, then the highest rated; a finished hand is off the air).
 * When the hand on screen ends, TV asks again SWITCH_AFTER_MS later — within 3 s of the
 * end — and moves to the table it names; a rematch of the same players dealt meanwhile
 * keeps TV where it is (the table moved on, and its next hand is on the air again). With
 * nothing else on, it stays and asks every RETRY_MS.
 */
const SWITCH_AFTER_MS = 2000;
const RETRY_MS = 3000;

export interface TvHost {
  best(): Promise<string | null>; // GET /api/tv
  watch(roomId: string): Promise<void>; // the table scene, from no seat; rejects when the table cannot be watched
  nothingOn(): void; // no table is being played: say so
}

export class Tv {
  private current: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(private readonly host: TvHost) {}

  /** The room on screen (null before the first). */
  get roomId(): string | null {
    return this.current;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.next();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** The table's hand ended (`handId`), or the table moved on (null: a rematch was dealt). */
  handOver(handId: string | null): void {
    clearTimeout(this.timer);
    if (handId !== null && !this.stopped) this.later(SWITCH_AFTER_MS);
  }

  private later(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.next(), ms);
  }

  private async next(): Promise<void> {
    if (this.stopped) return;
    const best = await this.host.best().catch(() => null);
    if (this.stopped) return;
    if (best === null || best === this.current) {
      if (this.current === null) this.host.nothingOn();
      return this.later(RETRY_MS);
    }
    try {
      await this.host.watch(best);
      this.current = best;
    } catch {
      this.later(RETRY_MS); // gone between the answer and the join: ask again
    }
  }
}
