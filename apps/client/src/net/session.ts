import { Client, type Room, type SeatReservation } from "@colyseus/sdk";
import type { Move, Suit } from "@yourtrumps/engine";
import {
  ROOM_NAME,
  TABLE_RESTART_CODE,
  type ClientMessages,
  type JoinOptions,
  type ReactionId,
  type ServerMessages,
} from "@yourtrumps/protocol";
import { comeBackDelays, givesUp, serverAway } from "./coming-back.js";
import { parseSnapshot } from "./snapshot.js";
import type { SessionEvents, TableSession } from "./table-session.js";

export type { SessionEvents } from "./table-session.js";

/** sessionStorage key of the reconnection token: a page refresh returns to the same seat. */
export const TOKEN_KEY = "yourtrumps.reconnect";

/** How to get to a table. */
export type Entry =
  | { kind: "create"; options: JoinOptions } // computer or private table
  | { kind: "quick"; options: JoinOptions } // joinOrCreate by player count
  | { kind: "code"; options: JoinOptions } // a private table by its code
  | { kind: "seek"; roomId: string; options: JoinOptions } // an open seek of the lobby: that quick table, by its room id
  | { kind: "reconnect"; token: string }
  | { kind: "reservation"; reservation: unknown } // an arena's pairing: the seat the server reserved (`consumeSeatReservation`)
  | { kind: "watch"; roomId: string }; // a spectator: `joinById(roomId, { watch: true })`, no seat

/**
 * One seat at one table over the network: joins, keeps the reconnection token in
 * sessionStorage, turns every state patch into a plain snapshot, sends moves.
 *
 * It comes back by itself when the connection drops, or when the server restarts or
 * hands the table to another process (close code TABLE_RESTART_CODE): with the SDK's own
 * `client.reconnect(token)` through the matchmaker — which knows where the table is now —
 * retried with backoff while the table is being restored, each time into a fresh room
 * object, so the state is decoded from a full snapshot rather than patched onto the old one.
 */
export class Session implements TableSession {
  private room!: Room;
  private leaving = false;

  private constructor(
    private readonly client: Client,
    private readonly events: SessionEvents,
    private readonly storage: Storage,
    private readonly watching: string | null, // the room a spectator watches: it comes back by watching again, and keeps no token (no seat is held for it)
  ) {}

  /** Joins (or reconnects to) a table on `serverUrl` and starts delivering events. */
  static async open(
    serverUrl: string,
    entry: Entry,
    events: SessionEvents,
    storage: Storage = sessionStorage,
  ): Promise<Session> {
    const client = new Client(serverUrl);
    // No cookies: who we are is the token in the join options. The SDK's default ("include")
    // would make a browser refuse the server's `Access-Control-Allow-Origin: *` when it is hosted apart.
    client.http.options.credentials = "omit";
    const session = new Session(client, events, storage, entry.kind === "watch" ? entry.roomId : null);
    session.attach(await enter(client, entry));
    return session;
  }

  /** Takes `room` as the table's connection from now on. */
  private attach(room: Room): void {
    this.room = room;
    // Our own way back (comeBack) serves every drop: one path, through the matchmaker, to wherever the table is.
    room.reconnection.enabled = false;
    this.keepToken();
    const { events } = this;
    room.onStateChange((state: unknown) => {
      const json =
        state !== null && typeof state === "object" && "toJSON" in state
          ? (state as { toJSON(): unknown }).toJSON()
          : state;
      events.snapshot(parseSnapshot(json), room.sessionId);
    });
    room.onMessage("error", (e: ServerMessages["error"]) => events.error(e));
    room.onMessage("hint", (h: ServerMessages["hint"]) => events.hint(h));
    room.onMessage("reaction", (r: ServerMessages["reaction"]) => events.reaction?.(r));
    room.onMessage("closed", (c: ServerMessages["closed"]) => events.closed?.(c.reason));
    room.onMessage("*", () => {}); // other messages are not for this client; silence the SDK's warning
    room.onLeave((code: number) => {
      if (this.room !== room) return;
      if (this.leaving || givesUp(code)) events.connection("closed");
      else void this.comeBack(code === TABLE_RESTART_CODE ? "restarting" : "dropped");
    });
  }

  /** Gets the seat back after a drop or a restart; `closed` when the table is gone or the time is up. */
  private async comeBack(why: "dropped" | "restarting"): Promise<void> {
    const token = this.room.reconnectionToken;
    let told = why;
    this.events.connection(why);
    for (const wait of comeBackDelays()) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (this.leaving) return;
      if (typeof navigator !== "undefined" && navigator.onLine === false) continue; // no request that is bound to fail
      try {
        const room =
          this.watching === null
            ? await this.client.reconnect(token)
            : await this.client.joinById(this.watching, { watch: true });
        this.attach(room);
        this.events.connection("back");
        return;
      } catch (e) {
        const code = (e as { code?: unknown }).code;
        if (givesUp(code)) break; // the seat is not ours any more
        if (told === "dropped" && serverAway(code)) {
          told = "restarting"; // the network is up but the server is not (or not its table yet): it is restarting
          this.events.connection("restarting");
        }
      }
    }
    Session.forgetToken(this.storage);
    this.events.connection("closed");
  }

  /** The saved reconnection token, if this tab was at a table. */
  static savedToken(storage: Storage = sessionStorage): string | null {
    return storage.getItem(TOKEN_KEY);
  }

  static forgetToken(storage: Storage = sessionStorage): void {
    storage.removeItem(TOKEN_KEY);
  }

  get sessionId(): string {
    return this.room.sessionId;
  }

  get roomId(): string {
    return this.room.roomId;
  }

  /** Sends a move; the server validates it with the engine and answers `error` if refused. */
  send(move: Move): void {
    switch (move.type) {
      case "play":
        this.post("play", { card: move.card });
        break;
      case "pickup":
        this.post("pickup", {});
        break;
      default: {
        const never: never = move;
        throw new Error(`unknown move ${JSON.stringify(never)}`);
      }
    }
  }

  chooseTrump(suit: Suit): void {
    this.post("trump", { suit });
  }

  rematch(): void {
    this.post("rematch", {});
  }

  hint(): void {
    this.post("hint", {});
  }

  react(id: ReactionId): void {
    this.post("react", { id });
  }

  berserk(): void {
    this.post("berserk", {});
  }

  /** Quick match, waiting: this person plays the computer in the page (`on`), or comes back to the table. */
  meanwhile(on: boolean): void {
    this.post("meanwhile", { on });
  }

  /** Quick match, playing the computer meanwhile: not now — whoever sat down is let go, the seek stays open. */
  notNow(): void {
    this.post("not-now", {});
  }

  /** Leaves on purpose: the seat is given to a computer player and the token forgotten. */
  async leave(): Promise<void> {
    this.leaving = true;
    Session.forgetToken(this.storage);
    await this.room.leave(true).catch(() => undefined);
  }

  /** Every message leaves through here, so its payload is checked against the protocol. */
  private post<T extends keyof ClientMessages>(type: T, payload: ClientMessages[T]): void {
    this.room.send(type, payload);
  }

  private keepToken(): void {
    if (this.watching === null && this.room.reconnectionToken)
      this.storage.setItem(TOKEN_KEY, this.room.reconnectionToken);
  }
}

async function enter(client: Client, entry: Entry): Promise<Room> {
  switch (entry.kind) {
    case "create":
      return client.create(ROOM_NAME, { ...entry.options });
    case "quick":
      return client.joinOrCreate(ROOM_NAME, { ...entry.options });
    case "code":
      return client.join(ROOM_NAME, { ...entry.options });
    case "seek":
      return client.joinById(entry.roomId, { ...entry.options });
    case "reconnect":
      return client.reconnect(entry.token);
    case "reservation":
      return client.consumeSeatReservation(entry.reservation as SeatReservation); // as the arena room sent it
    case "watch":
      return client.joinById(entry.roomId, { watch: true });
    default: {
      const never: never = entry;
      throw new Error(`unknown entry ${JSON.stringify(never)}`);
    }
  }
}

/**
 * The server's address: `VITE_SERVER_URL` at build time, else the page's own origin (the
 * server serves the built client). Under `vite dev` the page comes from Vite, so the
 * default is the server's default port on the same host.
 */
export function serverUrl(
  env: string | undefined,
  location: { origin: string; protocol: string; hostname: string },
  dev = false,
): string {
  if (env && env.length > 0) return env;
  return dev ? `${location.protocol}//${location.hostname}:2567` : location.origin;
}
