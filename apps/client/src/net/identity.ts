import { ApiError, type Api } from "./api.js";
import type { LocalHandUpload, RatingKind } from "@yourtrumps/protocol";
import type { HistoryPage, LeaderboardRow, Profile } from "./api-bodies.js";
import { fields, str } from "./read.js";

/** localStorage key of the guest identity: the same player on every visit from this browser. */
export const IDENTITY_KEY = "yourtrumps.identity";

/** Who the player is to the server; the token is the only proof and is never shown. */
export interface Credentials {
  id: string;
  token: string;
}

/** What the lobby can say about the player. */
export type ProfileState =
  | { status: "loading" } // first answer not in yet
  | { status: "ready"; profile: Profile; renewed: boolean } // renewed: the saved identity was unknown to the server, so a new one was made
  | { status: "unavailable" }; // no API: the game still plays, anonymously

export function savedCredentials(storage: Storage): Credentials | null {
  try {
    const o = fields<Credentials>(JSON.parse(storage.getItem(IDENTITY_KEY) ?? "null"));
    const id = str(o.id);
    const token = str(o.token);
    return id && token ? { id, token } : null;
  } catch {
    return null;
  }
}

/**
 * The player's guest identity: created silently on the first visit and kept in
 * localStorage, checked against the server (`GET /api/me`) on every visit. A token the
 * server no longer knows (its database was reset) is dropped and a new identity made;
 * an API that cannot be reached leaves the player anonymous, with the saved identity
 * kept for next time.
 */
export class Identity {
  private current: ProfileState = { status: "loading" };
  private refreshing: Promise<ProfileState> | null = null;

  constructor(
    private readonly api: Api,
    private readonly storage: Storage,
  ) {}

  get state(): ProfileState {
    return this.current;
  }

  /** The state once any refresh under way has finished. */
  settled(): Promise<ProfileState> {
    return this.refreshing ?? Promise.resolve(this.current);
  }

  /** The token a join sends: only while the server has confirmed it (else the player joins anonymously). */
  get joinToken(): string | null {
    return this.current.status === "ready" ? (savedCredentials(this.storage)?.token ?? null) : null;
  }

  /** The confirmed player's id, for marking their own row. */
  get playerId(): string | null {
    return this.current.status === "ready" ? this.current.profile.id : null;
  }

  /**
   * Reads the profile afresh (after a hand: new rating and record), creating the identity
   * first if there is none; `name` names a new one. Concurrent calls share one request.
   */
  refresh(name: string): Promise<ProfileState> {
    this.refreshing ??= this.resolve(name).then((state) => {
      this.refreshing = null;
      return (this.current = state);
    });
    return this.refreshing;
  }

  /** The browser is offline, so nothing is asked: a profile read earlier stands, else there is none for now. */
  offline(): void {
    if (this.current.status !== "ready") this.current = { status: "unavailable" };
  }

  /** The server refused the saved token at a join: forget it and make a new identity. */
  async renew(name: string): Promise<ProfileState> {
    this.storage.removeItem(IDENTITY_KEY);
    const state = await this.refresh(name);
    return state.status === "ready" ? (this.current = { ...state, renewed: true }) : state;
  }

  /** Renames the player on the server; rejects with an ApiError (a name the server refuses, no API). */
  async rename(name: string): Promise<Profile> {
    const credentials = savedCredentials(this.storage);
    if (!credentials || this.current.status !== "ready")
      throw new ApiError("unreachable", 0, "no confirmed identity to rename");
    const profile = await this.api.rename(credentials.token, name);
    this.current = { status: "ready", profile, renewed: false };
    return profile;
  }

  /** A page of the player's own hands. */
  games(before: string | null): Promise<HistoryPage> {
    const credentials = savedCredentials(this.storage);
    if (!credentials) return Promise.reject(new ApiError("unauthorized", 0, "no identity"));
    return this.api.games(credentials.token, credentials.id, before);
  }

  /** Sends a finished local hand to the history of the player `token` is (the confirmed joinToken). */
  uploadLocalHand(token: string, hand: LocalHandUpload): Promise<unknown> {
    return this.api.uploadLocalHand(token, hand);
  }

  leaderboard(kind: RatingKind): Promise<LeaderboardRow[]> {
    return this.api.leaderboard(this.joinToken, kind);
  }

  private async resolve(name: string): Promise<ProfileState> {
    const saved = savedCredentials(this.storage);
    let renewed = false;
    try {
      if (saved) {
        try {
          return { status: "ready", profile: await this.api.me(saved.token), renewed };
        } catch (e: unknown) {
          if (!(e instanceof ApiError && e.failure === "unauthorized")) throw e;
          this.storage.removeItem(IDENTITY_KEY);
          renewed = true;
        }
      }
      const made = await this.api.createPlayer(name || undefined);
      this.storage.setItem(IDENTITY_KEY, JSON.stringify({ id: made.id, token: made.token } satisfies Credentials));
      return { status: "ready", profile: made.profile ?? (await this.api.me(made.token)), renewed }; // an older server's answer has no profile
    } catch {
      return { status: "unavailable" };
    }
  }
}
