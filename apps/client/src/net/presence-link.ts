/**
 * The page's light presence connection (the server's `presence` room): while it is open
 * the player counts as online, and challenges reach the page wherever it is — lobby, a
 * local game, a replay. One connection a page, opened once the identity is confirmed and
 * opened again (with backoff) when it drops; no state, only messages.
 */
import { Client, type Room } from "@colyseus/sdk";
import {
  PRESENCE_ROOM,
  SESSION_ENDED_CODE,
  type Challenge,
  type ChallengeErrorMessage,
  type PresenceClientMessages,
  type PresenceServerMessages,
} from "@yourtrumps/protocol";

export interface PresenceEvents {
  challenged(challenge: Challenge): void;
  sent(challenge: Challenge): void;
  answered(answer: PresenceServerMessages["challenge-answer"]): void;
  refused(error: ChallengeErrorMessage): void;
  sessionEnded(): void; // closed with SESSION_ENDED_CODE: the token is refused from now on, so no reconnection is tried
}

/** What the page says about challenges (its settings). */
export interface ChallengePrefs {
  acceptChallenges: boolean;
  blocked: string[];
}

const RETRY_MS = [1000, 3000, 10_000, 30_000];

export class PresenceLink {
  private room: Room | null = null;
  private token: string | null = null;
  private retries = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private offline: (() => void) | null = null; // waiting for the browser's `online` event

  constructor(
    private readonly serverUrl: string,
    private readonly events: PresenceEvents,
    private readonly prefs: () => ChallengePrefs,
  ) {}

  /** Connects as the player of `token` (again, if it is a new one); null disconnects. */
  connect(token: string | null): void {
    if (token === this.token && (this.room !== null || this.timer !== undefined || this.offline !== null)) return;
    this.token = token;
    this.stopWaiting();
    clearTimeout(this.timer);
    this.timer = undefined;
    const was = this.room;
    this.room = null;
    void was?.leave().catch(() => {});
    if (token !== null) void this.open(token);
  }

  /** Invites `playerId` to a duel; a casual one's hands are not rated. */
  challenge(playerId: string, rated: boolean): void {
    this.send("challenge", { to: playerId, rated });
  }

  answer(id: string, accept: boolean): void {
    this.send("answer", { id, accept });
  }

  /** The page's challenge settings changed: the server refuses what they refuse from now on. */
  settingsChanged(): void {
    this.send("settings", this.prefs());
  }

  get connected(): boolean {
    return this.room !== null;
  }

  private send<K extends keyof PresenceClientMessages>(type: K, message: PresenceClientMessages[K]): void {
    if (this.room) this.room.send(type, message);
    else this.events.refused({ code: "unavailable", message: "not connected", type });
  }

  private async open(token: string): Promise<void> {
    if (typeof navigator !== "undefined" && navigator.onLine === false) return this.whenOnline(token); // a request bound to fail is not sent
    const client = new Client(this.serverUrl);
    client.http.options.credentials = "omit";
    let room: Room;
    try {
      room = await client.joinOrCreate(PRESENCE_ROOM, { token, ...this.prefs() });
    } catch {
      return this.retry(token);
    }
    if (this.token !== token) return void room.leave().catch(() => {});
    room.reconnection.enabled = false; // joinOrCreate again, to whichever room has space
    this.room = room;
    this.retries = 0;
    room.onMessage("challenged", (c: Challenge) => this.events.challenged(c));
    room.onMessage("challenge-sent", (c: Challenge) => this.events.sent(c));
    room.onMessage("challenge-answer", (a: PresenceServerMessages["challenge-answer"]) => this.events.answered(a));
    room.onMessage("challenge-error", (e: ChallengeErrorMessage) => this.events.refused(e));
    room.onLeave((code: number) => {
      if (this.room !== room) return;
      this.room = null;
      if (code === SESSION_ENDED_CODE) {
        this.token = null;
        return this.events.sessionEnded();
      }
      this.retry(token);
    });
  }

  /** Offline: the connection is opened when the browser is online again. */
  private whenOnline(token: string): void {
    this.stopWaiting();
    const online = (): void => {
      this.offline = null;
      if (this.token === token) void this.open(token);
    };
    this.offline = online;
    window.addEventListener("online", online, { once: true });
  }

  private stopWaiting(): void {
    if (this.offline) window.removeEventListener("online", this.offline);
    this.offline = null;
  }

  private retry(token: string): void {
    if (this.token !== token) return;
    const wait = RETRY_MS[Math.min(this.retries++, RETRY_MS.length - 1)]!;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.open(token);
    }, wait);
  }
}
