/**
 * The lobby's live counts: how many players are online, and the open seeks — people
 * waiting for a quick match. Read from `GET /api/live` every few seconds while the lobby
 * shows (the lobby's view starts and stops it), handed on only when the answer changed.
 */
import type { LiveCounts } from "../net/live-answer.js";

const EVERY_MS = 4000;

export interface LiveLobbyHost {
  live(): Promise<LiveCounts>;
  changed(counts: LiveCounts): void;
}

export class LiveLobby {
  private timer: ReturnType<typeof setInterval> | undefined;
  private shown = "";

  constructor(private readonly host: LiveLobbyHost) {}

  /** Starts reading (the lobby shows); reads at once. */
  start(): void {
    this.stop();
    this.shown = "";
    void this.read();
    this.timer = setInterval(() => void this.read(), EVERY_MS);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async read(): Promise<void> {
    let answer: LiveCounts;
    try {
      answer = await this.host.live();
    } catch {
      return; // offline or the server away: the last answer stays
    }
    const key = JSON.stringify(answer);
    if (key !== this.shown && this.timer !== undefined) {
      this.shown = key;
      this.host.changed(answer);
    }
  }
}
