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
  account?: boolean; // the player has an account: a refused token means signed out, not a new guest
}

/** What the lobby can say about the player. */
export type ProfileState =
  | { status: "loading" } // first answer not in yet
  | { status: "ready"; profile: Profile; renewed: boolean } // renewed: the saved identity was unknown to the server, so a new one was made
  | { status: "unavailable" } // no API: the game still plays, anonymously
  | { status: "signed-out" }; // the account's session on this device was ended (elsewhere, or deleted): sign in again, or play as a new guest

export function savedCredentials(storage: Storage): Credentials | null {
  try {
    const o = fields<Credentials>(JSON.parse(storage.getItem(IDENTITY_KEY) ?? "null"));
    const id = str(o.id);
    const token = str(o.token);
    return id && token ? { id, token, ...(o.account === true ? { account: true } : {}) } : null;
  } catch {
    return null;
  }
}

/**
 * The player's identity: a guest created silently on the first visit and kept in
 * localStorage, checked against the server (`GET /api/me`) on every visit. A guest's token
 * the server no longer knows (its database was reset) is dropped and a new guest made; an
 * account's refused token is a session ended (signed out elsewhere, the account deleted),
 * so the page says "signed out" and offers sign-in rather than silently becoming somebody
 * else. An API that cannot be reached leaves the player anonymous, with the saved identity
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

  /** The server refused the saved token at a join: an account is signed out; a guest's is forgotten and a new guest made. */
  async renew(name: string): Promise<ProfileState> {
    if (savedCredentials(this.storage)?.account === true) return this.signedOut();
    this.storage.removeItem(IDENTITY_KEY);
    const state = await this.refresh(name);
    return state.status === "ready" ? (this.current = { ...state, renewed: true }) : state;
  }

  /** This device's session ended (the server refused it, or closed the presence connection with 4401). */
  signedOut(): ProfileState {
    if (savedCredentials(this.storage)?.account === true || this.current.status === "ready")
      this.current = { status: "signed-out" };
    return this.current;
  }

  /** A device signed in (a password, a passkey, a recovery key, a link): from now on it is that account's player. */
  adopt(session: { id: string; token: string; profile: Profile }): void {
    this.keep({ id: session.id, token: session.token, account: true });
    this.current = { status: "ready", profile: session.profile, renewed: false };
  }

  /** The guest claimed an account: a refused token from now on means signed out. */
  claimed(handle: string): void {
    const saved = savedCredentials(this.storage);
    if (saved) this.keep({ ...saved, account: true });
    if (this.current.status === "ready")
      this.current = { ...this.current, profile: { ...this.current.profile, handle } };
  }

  /** Signed out, the player plays on as a new guest instead of signing in. */
  asGuest(name: string): Promise<ProfileState> {
    this.storage.removeItem(IDENTITY_KEY);
    this.current = { status: "loading" };
    return this.refresh(name);
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

  private keep(credentials: Credentials): void {
    this.storage.setItem(IDENTITY_KEY, JSON.stringify(credentials));
  }

  private async resolve(name: string): Promise<ProfileState> {
    const saved = savedCredentials(this.storage);
    let renewed = false;
    try {
      if (saved) {
        try {
          const profile = await this.api.me(saved.token);
          if (profile.handle !== undefined && saved.account !== true) this.keep({ ...saved, account: true });
          return { status: "ready", profile, renewed };
        } catch (e: unknown) {
          if (!(e instanceof ApiError && e.failure === "unauthorized")) throw e;
          if (saved.account === true) return { status: "signed-out" };
          this.storage.removeItem(IDENTITY_KEY);
          renewed = true;
        }
      }
      const made = await this.api.createPlayer(name || undefined);
      this.keep({ id: made.id, token: made.token });
      return { status: "ready", profile: made.profile ?? (await this.api.me(made.token)), renewed }; // an older server's answer has no profile
    } catch {
      return { status: "unavailable" };
    }
  }
}
