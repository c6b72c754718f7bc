/**
 * The tables as Kysely sees them (migrations.ts creates them). Column names are the
 * database's snake_case; the modules that read them return camelCase objects.
 */
import type { HandResult, HandSetup, Move } from "@yourtrumps/engine";
import type { Level, Mode, Outcome } from "@yourtrumps/protocol";
import type { ColumnType } from "kysely";
import type { RatingKind } from "../ratings/rating-kind.js";
import type { JsonObject, JsonText } from "./json.js";

type Timestamp = ColumnType<Date, Date, Date>; // timestamptz; written from the server's clock in milliseconds
type CreatedAt = ColumnType<Date, Date | undefined, never>; // timestamptz default now(), never updated
type Jsonb<T> = ColumnType<T, JsonText<T>, JsonText<T>>; // read parsed, written through json()

/** The deal a game was played from: `replay(setup, log)` rebuilds it. */
export type DealSetup = Extract<HandSetup, { kind: "deal" }>;

export { OUTCOMES } from "@yourtrumps/protocol";
export type { Outcome };

export interface PlayersTable {
  id: string; // uuid, made by the server
  name: string; // 1–24 characters, cleaned as seat names are; "a deleted player" once closed
  created_at: CreatedAt;
  handle: ColumnType<string | null, string | null | undefined, string | null>; // 3–20 characters (accounts/handles.ts); null: a guest, or closed
  handle_changed_at: ColumnType<Date | null, Date | null | undefined, Date | null>; // the last real rename (case changes are free)
  password_hash: ColumnType<string | null, string | null | undefined, string | null>; // Argon2id PHC string; null: no password
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>; // base32; null: no second factor
  totp_pending: ColumnType<string | null, string | null | undefined, string | null>; // a secret offered, not yet confirmed by a code
  totp_last_step: ColumnType<string | null, string | number | null | undefined, string | number | null>; // int8: the last time step accepted
  recovery_sha256: ColumnType<Uint8Array | null, Uint8Array | null | undefined, Uint8Array | null>; // SHA-256 of the recovery key
  account_at: ColumnType<Date | null, Date | null | undefined, Date | null>; // when the guest claimed the account; null: a guest
  closing_at: ColumnType<Date | null, Date | null | undefined, Date | null>; // deletion asked: closes then unless its owner signs in
  closed_at: ColumnType<Date | null, Date | null | undefined, Date | null>; // closed: its credentials and personal data are gone
  muted_at: ColumnType<Date | null, Date | null | undefined, Date | null>; // a moderator muted its reactions; null: not muted
  marked_at: ColumnType<Date | null, Date | null | undefined, Date | null>; // a moderator marked it: no rated play, off the leaderboards
  mod_closed_at: ColumnType<Date | null, Date | null | undefined, Date | null>; // a moderator closed it: no session signs in
  notices_read_at: ColumnType<Date | null, Date | null | undefined, Date | null>; // moderation notices up to this time were read; null: none
}

/** A moderator's or an administrator's role (granted by `npm run admin`). */
export interface RolesTable {
  player_id: string; // uuid → players
  role: "mod" | "admin";
  granted_at: CreatedAt;
}

/** A player's report of another. */
export interface ReportsTable {
  id: string; // uuid
  reporter_id: string; // uuid → players
  player_id: string; // uuid → players: who is reported
  reason: "cheating" | "offensive-name" | "sandbagging" | "other";
  note: ColumnType<string, string | undefined, never>; // up to 500 characters
  game_id: string | null; // the hand it is about, when made at a table
  created_at: CreatedAt;
  closed_at: ColumnType<Date | null, Date | null | undefined, Date | null>; // a moderator acted on the player or dismissed it
}

/** The audit log: every moderator action, with its reason. */
export interface ModActionsTable {
  id: string; // uuid
  player_id: string; // uuid → players: who it was done to
  moderator_id: string; // uuid → players
  action: string; // moderation/actions.ts MOD_ACTIONS
  reason: string; // 1–500 characters
  detail: Jsonb<Record<string, string>>; // e.g. { from, to } of a rename
  created_at: CreatedAt;
}

/** A signed-in device: its bearer token (only the SHA-256 kept) and what it is. */
export interface SessionsTable {
  id: string; // uuid, shown in the session list
  player_id: string; // uuid → players
  token_sha256: ColumnType<Uint8Array, Uint8Array, never>; // bytea: SHA-256 of the bearer token
  browser: ColumnType<string, string | undefined, never>; // "Chrome", "Firefox", … or "" when unknown
  system: ColumnType<string, string | undefined, never>; // "Windows", "Android", … or ""
  created_at: CreatedAt;
  last_seen_at: ColumnType<Date, Date | undefined, Date>; // refreshed at most once a minute
}

/** Every handle ever held, by its case-folded key: a key here is nobody else's while held. */
export interface HandlesTable {
  key: string; // the case-folded handle (accounts/handles.ts handleKey)
  handle: string; // as its holder wrote it
  player_id: string; // uuid → players
  held_until: ColumnType<Date | null, Date | null | undefined, Date | null>; // null: for ever; else free for others after this
}

export interface PasskeysTable {
  id: string; // the credential id, base64url
  player_id: string; // uuid → players
  public_key: ColumnType<Uint8Array, Uint8Array, never>; // COSE public key
  counter: ColumnType<string | number, number | undefined, number>; // int8: the signature counter last seen
  transports: Jsonb<string[]>; // what the browser said it can reach the authenticator by
  name: string; // 1–64 characters, the owner's
  backed_up: ColumnType<boolean, boolean | undefined, boolean>; // a synced passkey
  created_at: CreatedAt;
  last_used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A WebAuthn challenge handed out and not yet used: deleted by its first use. */
export interface WebauthnChallengesTable {
  challenge: string; // base64url, 32 random bytes
  purpose: "register" | "sign-in";
  player_id: string | null; // whose registration it is; null for a sign-in
  expires_at: Timestamp; // 5 minutes after it was made
}

/** A signed-out device asking to be linked to an account. */
export interface DeviceLinksTable {
  code: string; // 8 characters the other device types in
  secret_sha256: ColumnType<Uint8Array, Uint8Array, never>; // the new device's secret, which it must present
  browser: string;
  system: string;
  created_at: CreatedAt;
  expires_at: Timestamp; // 10 minutes after it was made
  player_id: ColumnType<string | null, string | null | undefined, string | null>; // the account that confirmed it
}

/** A counter of the shared limits (limits/shared-counters.ts) when there is no Redis. */
export interface RateCountersTable {
  key: string;
  count: number;
  reset_at: Timestamp;
}

export interface RatingsTable {
  player_id: string; // uuid → players
  kind: RatingKind; // "duel" | "multi"
  rating: number; // Glicko-2 rating (double precision)
  rd: number; // rating deviation, 45–500; provisional above 110
  volatility: number; // ≤ 0.1
  games: ColumnType<number, number | undefined, number>; // rated hands played
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface GamesTable {
  id: string; // the hand id the room made; the key that makes writes idempotent
  table_id: string; // the room's id
  mode: Mode; // "quick" | "private" | "computer"
  players: number; // 2–4
  setup: Jsonb<DealSetup>; // the engine's setup as given to newHand (players, seed, dealer, trumps, sixesToOwner, maxTurns)
  options: Jsonb<JsonObject>; // table options that are not part of the deal (the turn clock, …)
  log: Jsonb<Move[]>; // every move, in order
  move_times: Jsonb<number[]>; // per move: milliseconds after started_at
  result: Jsonb<HandResult>; // reason, loser, places
  started_at: Timestamp;
  ended_at: Timestamp;
  rated: boolean; // ratings were applied when it was recorded
  recorded_at: CreatedAt;
}

export interface GameSeatsTable {
  game_id: string; // → games
  seat: number; // 0–3
  player_id: string | null; // uuid → players: the identified person who took the seat
  computer: Level | null; // the computer level holding the seat at the end (from the start, or after the person left)
  anonymous: boolean; // a person without an identity took the seat
  name: string; // as shown at the table
  place: number; // finishing place from the result (1 = first out)
  outcome: Outcome; // for the player's record: a person who left lost
  rating_before: number | null; // rated seats only
  rating_after: number | null;
  ended_at: Timestamp; // the game's, copied here so a player's history is one index range
}

export interface LiveTablesTable {
  room_id: string; // the room's id, kept when the table is restored
  owner: string | null; // the process instance playing the table (LIVE_OWNER); null: released, any process may claim it
  stopped_at: ColumnType<Date | null, Date | null | undefined, Date | null>; // released by a graceful shutdown at this time
  snapshot: Jsonb<JsonObject>; // the room's TableSnapshot (durability/table-snapshot.ts), versioned there
  hand_id: string | null; // the hand in play, whose moves live_moves holds; null before the first deal
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A process that plays tables, and its lease on them all. */
export interface LiveOwnersTable {
  owner: string; // the process instance (LIVE_OWNER)
  lease_until: Timestamp; // its tables are anyone's once this has passed
  renewed_at: ColumnType<Date, Date | undefined, Date>; // its last renewal: when a crashed owner was last known alive
}

export interface LiveMovesTable {
  room_id: string; // → live_tables
  hand_id: string;
  ply: number; // 0, 1, … in the hand
  move: string; // compact: a card "TS", or "P" for a pickup
  at_ms: number; // ms after the hand's start
}

export interface PuzzleRatingsTable {
  puzzle_id: string; // the shipped puzzle's id (8 base-36 characters)
  rating: number; // Glicko-2; a row is made at the first rated attempt, from the puzzle's estimate
  rd: number;
  volatility: number;
  attempts: ColumnType<number, number | undefined, number>; // rated attempts
  solved: ColumnType<number, number | undefined, number>; // of which solved
}

export interface PuzzlePlayersTable {
  player_id: string; // uuid → players
  rating: number; // the player's puzzle rating (Glicko-2)
  rd: number;
  volatility: number;
  solved: ColumnType<number, number | undefined, number>; // rated attempts solved
  failed: ColumnType<number, number | undefined, number>; // rated attempts failed
  streak: ColumnType<number, number | undefined, number>; // rated solves in a row now, wherever served
  best_streak: ColumnType<number, number | undefined, number>; // the longest such run (the Streak mode's best is puzzle_streaks.best)
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface PuzzleServedTable {
  player_id: string; // uuid → players
  puzzle_id: string;
  served_at: CreatedAt;
}

export interface PuzzleAttemptsTable {
  player_id: string; // uuid → players
  puzzle_id: string;
  moves: Jsonb<string[]>; // the player's moves: cards, or "pickup"
  solved: boolean; // as the server replayed it (never the client's claim)
  rating_before: number;
  rating_after: number;
  puzzle_rating_before: number;
  puzzle_rating_after: number;
  created_at: CreatedAt;
}

export interface PuzzleStreaksTable {
  player_id: string; // uuid → players
  run: ColumnType<number, number | undefined, number>; // the run now: streak puzzles solved at the first try in a row; 0 = none yet, or ended by a failure
  floor: number | null; // the last solved one's rating as served: the next is above it; null while run is 0
  puzzle_id: string | null; // the run's puzzle served and not tried yet; null between puzzles and after a failure
  puzzle_rating: number | null; // its rating as served (null with puzzle_id)
  best: ColumnType<number, number | undefined, number>; // the longest run
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface MistakePuzzlesTable {
  puzzle_id: string; // the puzzle's id (8 base-36 characters, from its position)
  line: string; // the puzzle in packages/ai's one-line format (format.ts)
  estimate: number; // its starting rating, the generator's estimate (puzzle_ratings holds the rating once tried)
  created_at: CreatedAt;
}

export interface MistakeSearchesTable {
  game_id: string; // → games: a recorded duel with a person's seat, its mistakes not searched yet
  seq: ColumnType<string | bigint, never, never>; // identity: the order hands are searched in (int8, read as text or bigint)
  claimed_by: string | null; // the process searching it now (its instance name); null: nobody yet
  claimed_until: Date | null; // that claim's lease: past it, any process may take the hand
  queued_at: CreatedAt;
}

export interface PlayerMistakesTable {
  player_id: string; // uuid → players: whose mistake it was
  game_id: string; // → games: the hand it was made in
  move_index: number; // 0-based, into the hand's log: the move that gave the result away
  puzzle_id: string; // → mistake_puzzles: the position before that move
  created_at: CreatedAt;
}

export interface ArenasTable {
  id: string; // 8 characters, made by the server
  name: string; // 1–40 characters
  minutes: number; // the arena's length
  starts_at: Timestamp;
  ends_at: Timestamp; // starts_at + minutes: no pairing after it
  rated: boolean; // its hands are rated
  turn_seconds: number; // a person's clock per move
  berserk: boolean; // berserk allowed
  streaks: boolean; // fire (double points after two wins) on
  min_rated_hands: ColumnType<number, number | undefined, number>; // entry: rated duels played at least
  max_rating: number | null; // entry: a duel rating at most; null = any
  created_by: string | null; // uuid → players; null for the server's own schedule
  schedule_key: string | null; // "hourly:2026-12-05T21" | "daily:2026-12-05": one arena per key
  director: string | null; // the process directing it (instance name)
  lease_until: Date | null; // that process's lease
  podium_at: Date | null; // the last hand finished after the end: the standings are final
  created_at: CreatedAt;
}

export interface ArenaPlayersTable {
  arena_id: string; // → arenas
  player_id: string; // uuid → players
  name: string; // as shown in the standings
  rating: number; // duel rating when they joined (rounded)
  joined_at: CreatedAt;
  paused: ColumnType<boolean, boolean | undefined, boolean>; // not to be paired until they come back
  pauses: ColumnType<number, number | undefined, number>; // pauses since the count last started again (arena/pause.ts)
  paused_at: Date | null;
  score: ColumnType<number, number | undefined, number>; // from their finished pairings (arena/sheet.ts)
  hands: ColumnType<number, number | undefined, number>; // finished hands
  wins: ColumnType<number, number | undefined, number>;
  berserks: ColumnType<number, number | undefined, number>;
  fire: ColumnType<boolean, boolean | undefined, boolean>; // the next hand is played on fire
  performance_sum: ColumnType<number, number | undefined, number>; // Σ opponent's rating ±500
  reached_at: Date | null; // when the score became what it is
}

export interface ArenaPairingsTable {
  id: string; // uuid: the pairing, and the key that makes its result apply once
  arena_id: string; // → arenas
  seq: ColumnType<string | bigint, never, never>; // identity: the order pairings were made
  player_a: string; // uuid; seat 0
  player_b: string; // uuid; seat 1
  rating_a: number; // ratings at pairing, for performance
  rating_b: number;
  room_id: string | null; // the table it is played at
  created_at: CreatedAt;
  finished_at: Date | null; // null while in play
  result: "a" | "b" | "draw" | "void" | null; // who won; void = the table failed, nobody scores
  quick_draw: ColumnType<boolean, boolean | undefined, boolean>; // a repetition draw within 10 moves
  moves_a: ColumnType<number, number | undefined, number>; // own moves, for the berserk bonus
  moves_b: ColumnType<number, number | undefined, number>;
  berserk_a: ColumnType<boolean, boolean | undefined, boolean>;
  berserk_b: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface Database {
  arenas: ArenasTable;
  arena_players: ArenaPlayersTable;
  arena_pairings: ArenaPairingsTable;
  mistake_puzzles: MistakePuzzlesTable;
  player_mistakes: PlayerMistakesTable;
  mistake_searches: MistakeSearchesTable;
  puzzle_ratings: PuzzleRatingsTable;
  puzzle_players: PuzzlePlayersTable;
  puzzle_served: PuzzleServedTable;
  puzzle_attempts: PuzzleAttemptsTable;
  puzzle_streaks: PuzzleStreaksTable;
  live_tables: LiveTablesTable;
  live_moves: LiveMovesTable;
  live_owners: LiveOwnersTable;
  players: PlayersTable;
  sessions: SessionsTable;
  handles: HandlesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  device_links: DeviceLinksTable;
  rate_counters: RateCountersTable;
  ratings: RatingsTable;
  games: GamesTable;
  game_seats: GameSeatsTable;
  roles: RolesTable;
  reports: ReportsTable;
  mod_actions: ModActionsTable;
}
