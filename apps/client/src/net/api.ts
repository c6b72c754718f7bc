import {
  readHistoryPage,
  readLeaderboard,
  readLocalGameAnswer,
  readTvRoom,
  readNewPlayer,
  readProfile,
  type HistoryPage,
  type LeaderboardRow,
  type NewPlayer,
  type Profile,
} from "./api-bodies.js";
import {
  LIVE_PATH,
  LOCAL_GAMES_PATH,
  type ArenaDetail,
  type ArenaList,
  type LocalHandUpload,
  type NewArenaRequest,
  type PlayerArena,
  type ModAction,
  type PresenceStatus,
  type ReportReason,
  type RatingKind,
} from "@yourtrumps/protocol";
import { readArenaDetail, readArenaList, readNewArena, readPlayerArenas } from "./arena-bodies.js";
import type { ErrorAnswer } from "@yourtrumps/server/api";
import { fields, str } from "./read.js";
import { readLive, readPresence, type LiveCounts } from "./live-answer.js";
import {
  readActed,
  readModFile,
  readModQueue,
  readNotices,
  readReported,
  type Flags,
  type ModFile,
  type ModQueue,
  type Notice,
} from "./moderation-bodies.js";
import { readGame, type GameRecord } from "./game-record.js";
import {
  readMistakes,
  readPuzzleLeaderboard,
  readPuzzleStats,
  type MistakeEntry,
  type PuzzleStats,
} from "./puzzle-bodies.js";

/** Why a call gave no usable answer. */
export type ApiFailure =
  | "unreachable" // no answer: the network, CORS, a timeout, or no API at that address
  | "unauthorized" // 401: the server does not know the token
  | "not-found" // 404
  | "refused" // another 4xx or a 5xx (a bad name, the database down)
  | "malformed"; // 2xx, but not the body the call expects

export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly failure: ApiFailure,
    readonly status: number, // HTTP status; 0 when there was no answer
    message: string,
    readonly code = "", // the refusal's word, where the server gives one ("handle-taken", "report-limit"); "" otherwise
    readonly retryAfter = 0, // seconds to wait, from a 429's or 503's Retry-After; 0 when not said
    readonly said: string | null = null, // the refusal's sentence (English, for staff pages: the moderators')
  ) {
    super(message);
  }
}

/** `fetch`, or a stand-in in tests. */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

const TIMEOUT_MS = 8000; // a hung API must not leave the lobby saying "loading" forever

/**
 * The game server's HTTP API (the same origin as the game, `serverUrl`). Every call
 * sends the player's token when there is one, and every answer goes through a reader
 * (api-bodies.ts): a call resolves with a checked plain value or rejects with an ApiError.
 */
export class Api {
  constructor(
    private readonly baseUrl: string,
    private readonly fetchFn: Fetch = (url, init) => fetch(url, init),
  ) {}

  /** A new guest identity, named `name` (the server picks "Guest 3F2A" for none). */
  createPlayer(name: string | undefined): Promise<NewPlayer> {
    return this.call("POST", "/api/players", null, readNewPlayer, name ? { name } : {});
  }

  /** The token's own profile; rejects with "unauthorized" for a token the server does not know. */
  me(token: string): Promise<Profile> {
    return this.call("GET", "/api/me", token, readProfile);
  }

  /** Renames the token's player; resolves with the profile as it is now. */
  async rename(token: string, name: string): Promise<Profile> {
    await this.call("PATCH", "/api/me", token, (body) => body ?? {}, { name });
    return this.me(token);
  }

  /** Another player's public profile (`GET /api/players/:id`): name, ratings, record. */
  player(playerId: string): Promise<Profile> {
    return this.call("GET", `/api/players/${encodeURIComponent(playerId)}`, null, readProfile);
  }

  /** A page of a player's hands, newest first; `before` is the previous page's `next`. */
  games(token: string | null, playerId: string, before: string | null): Promise<HistoryPage> {
    const query = new URLSearchParams({ limit: "20" });
    if (before) query.set("before", before);
    return this.call("GET", `/api/players/${encodeURIComponent(playerId)}/games?${query}`, token, readHistoryPage);
  }

  /** One recorded hand in full, for its replay (anyone may read it: the link is shared). */
  game(id: string): Promise<GameRecord> {
    return this.call("GET", `/api/games/${encodeURIComponent(id)}`, null, readGame);
  }

  /** The top 100 established ratings of one kind. */
  leaderboard(token: string | null, kind: RatingKind): Promise<LeaderboardRow[]> {
    return this.call("GET", `/api/leaderboard?kind=${kind}`, token, readLeaderboard);
  }

  /** A player's puzzle rating and record (anyone may read it, as the profile). */
  puzzleStats(playerId: string): Promise<PuzzleStats> {
    return this.call("GET", `/api/players/${encodeURIComponent(playerId)}/puzzles`, null, readPuzzleStats);
  }

  /** The puzzles found in a player's own recorded duels, newest first. */
  mistakes(playerId: string): Promise<MistakeEntry[]> {
    return this.call("GET", `/api/players/${encodeURIComponent(playerId)}/mistakes`, null, readMistakes);
  }

  /** The top 100 established puzzle ratings (`games`: puzzles solved). */
  puzzleLeaderboard(): Promise<LeaderboardRow[]> {
    return this.call("GET", "/api/puzzles/leaderboard", null, readPuzzleLeaderboard);
  }

  /** Players online now and the open seeks (the lobby's live part). */
  live(): Promise<LiveCounts> {
    return this.call("GET", LIVE_PATH, null, readLive);
  }

  /** Which of `ids` are online now (the leaderboard's marks). */
  presence(ids: readonly string[]): Promise<Record<string, PresenceStatus>> {
    return this.call("GET", `/api/presence?ids=${ids.map(encodeURIComponent).join(",")}`, null, readPresence);
  }

  /** Sends a finished local hand to the token's history (the server replays it; never rated). */
  uploadLocalHand(token: string, hand: LocalHandUpload): Promise<{ id: string; recorded: boolean }> {
    return this.call("POST", LOCAL_GAMES_PATH, token, readLocalGameAnswer, hand);
  }

  /** The room TV shows now (GET /api/tv), or null when no table is being played. */
  tv(): Promise<string | null> {
    return this.call("GET", "/api/tv", null, readTvRoom).then((answer) => answer.roomId);
  }

  /** The arenas: upcoming, running, recently finished. */
  arenas(): Promise<ArenaList> {
    return this.call("GET", "/api/arenas", null, readArenaList);
  }

  /** One arena with its standings (and, with a token, the caller's own line). */
  arena(token: string | null, id: string): Promise<ArenaDetail> {
    return this.call("GET", `/api/arenas/${encodeURIComponent(id)}`, token, readArenaDetail);
  }

  /** Creates an arena (an account's token; a guest's is refused with 403). */
  createArena(token: string, request: NewArenaRequest): Promise<{ id: string }> {
    return this.call("POST", "/api/arenas", token, readNewArena, request);
  }

  /** The arenas a player finished a hand in, newest first. */
  playerArenas(playerId: string): Promise<PlayerArena[]> {
    return this.call("GET", `/api/players/${encodeURIComponent(playerId)}/arenas`, null, readPlayerArenas);
  }

  /**
   * A puzzle: `which` is an id, "daily" or "next?above=…". With a token it is served to that
   * player (and may be attempted, rated); `read` is the puzzle page's reader, which knows the format.
   */
  puzzle<T>(token: string | null, which: string, read: (body: unknown) => T | null): Promise<T> {
    return this.call("GET", `/api/puzzles/${which}`, token, read);
  }

  /** Posts the first try at a puzzle served to the token's player; the server replays the moves and rates it. */
  puzzleAttempt<T>(
    token: string,
    id: string,
    attempt: { moves: string[]; result: "solved" | "failed" },
    read: (body: unknown) => T | null,
  ): Promise<T> {
    return this.call("POST", `/api/puzzles/${encodeURIComponent(id)}/attempts`, token, read, attempt);
  }

  /** Reports a player to the moderators; rejects with the refusal's code ("report-self", "report-limit"). */
  report(token: string, report: { playerId: string; reason: ReportReason; note: string; gameId?: string }) {
    return this.call("POST", "/api/reports", token, readReported, report);
  }

  /** What moderators did to the token's player, newest first. */
  notices(token: string): Promise<Notice[]> {
    return this.call("GET", "/api/me/notices", token, readNotices);
  }

  /** The notices up to `upTo` (a notice's `at`) were read: they show no more, on any device. */
  async readNotices(token: string, upTo: string): Promise<void> {
    await this.call("POST", "/api/me/notices/read", token, (body) => body ?? {}, { upTo });
  }

  /** Moderators: the open reports and the latest of the audit log (403, "refused", for anyone else). */
  modQueue(token: string): Promise<ModQueue> {
    return this.call("GET", "/api/mod/reports", token, readModQueue);
  }

  /** Moderators: a player's file — profile, flags, reports, the audit log of actions on them, their last hands. */
  modFile(token: string, playerId: string): Promise<ModFile> {
    return this.call("GET", `/api/mod/players/${encodeURIComponent(playerId)}`, token, readModFile);
  }

  /** Moderators: an action on a player, with its reason (and a rename's new name); the player's flags after it. */
  modAct(token: string, playerId: string, act: { action: ModAction; reason: string; name?: string }): Promise<Flags> {
    return this.call("POST", `/api/mod/players/${encodeURIComponent(playerId)}/actions`, token, readActed, act);
  }

  /**
   * One call of any route (the account routes are in account-api.ts): resolves with what
   * `read` makes of the answer, or rejects with an ApiError carrying the refusal's `code`.
   */
  request<T>(
    method: string,
    path: string,
    token: string | null,
    read: (body: unknown) => T | null,
    body?: object,
    timeoutMs = TIMEOUT_MS, // longer for an answer known to be large (the export)
  ): Promise<T> {
    return this.call(method, path, token, read, body, timeoutMs);
  }

  private async call<T>(
    method: string,
    path: string,
    token: string | null,
    read: (body: unknown) => T | null,
    body?: object,
    timeoutMs = TIMEOUT_MS,
  ): Promise<T> {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body) headers["Content-Type"] = "application/json";
    let response: Response;
    try {
      response = await this.fetchFn(this.baseUrl.replace(/\/$/, "") + path, {
        method,
        headers,
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e: unknown) {
      throw new ApiError("unreachable", 0, `${method} ${path}: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (!response.ok) {
      const refusal = fields<ErrorAnswer>(await response.json().catch(() => null));
      throw new ApiError(
        failureOf(response.status),
        response.status,
        `${method} ${path}: HTTP ${response.status}${refusal.error ? `: ${str(refusal.error)}` : ""}`,
        str(refusal.code),
        Number(response.headers.get("Retry-After")) || 0,
        typeof refusal.error === "string" ? refusal.error : null,
      );
    }
    const value = read(await response.json().catch(() => null));
    if (value === null) throw new ApiError("malformed", response.status, `${method} ${path}: unexpected body`);
    return value;
  }
}

function failureOf(status: number): ApiFailure {
  if (status === 401) return "unauthorized";
  if (status === 404) return "not-found";
  return "refused";
}
