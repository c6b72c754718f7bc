/**
 * The seats a restored table keeps for the people who sat at it before the restart.
 *
 * A person proves a seat is theirs with the reconnection token their client already
 * holds (the SDK's `client.reconnect(token)`, or its own automatic reconnection). The
 * table's record keeps only each token's SHA-256, so a copy of the database seats nobody;
 * the token is matched when it is first shown, and only then does the room open the seat
 * to it through Colyseus' own `allowReconnection`. Whoever does not come back in time
 * loses the seat to a computer player, as after any dropped connection.
 */
import { createHash } from "node:crypto";

/** The SHA-256 of a reconnection token, as the table's record keeps it. */
export function tokenSha256(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

interface Held {
  sessionId: string;
  until: number; // epoch ms
  timer: ReturnType<typeof setTimeout>;
}

export class ReturningSeats {
  readonly #byToken = new Map<string, Held>(); // token's SHA-256 → the seat's session

  constructor(
    private readonly open: (sessionId: string, token: string, seconds: number) => void, // the person is back: let them in
    private readonly lapsed: (sessionId: string) => void, // nobody came back in time
  ) {}

  /** How many seats still wait for their people. */
  get size(): number {
    return this.#byToken.size;
  }

  /** Keeps the seat of `sessionId` for `ms` for whoever shows the token hashed as `sha256`. */
  hold(sessionId: string, sha256: string, ms: number): void {
    const timer = setTimeout(() => {
      this.#byToken.delete(sha256);
      this.lapsed(sessionId);
    }, ms);
    this.#byToken.set(sha256, { sessionId, until: Date.now() + ms, timer });
  }

  /** A client shows `token`: if it is a held seat's, the seat is opened to it (once). */
  claim(token: string): void {
    const sha256 = tokenSha256(token);
    const held = this.#byToken.get(sha256);
    if (!held) return;
    this.#byToken.delete(sha256);
    clearTimeout(held.timer);
    this.open(held.sessionId, token, Math.max(1, Math.ceil((held.until - Date.now()) / 1000)));
  }

  /** The table is going away: no seat is held any longer, and nobody is replaced. */
  clear(): void {
    for (const held of this.#byToken.values()) clearTimeout(held.timer);
    this.#byToken.clear();
  }
}
