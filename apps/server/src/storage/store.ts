/**
 * The storage as the room and the HTTP handlers see it: one object over one database,
 * each method one query module. Handlers take a Store, so a test hands them a real
 * one over a throwaway database.
 */
import type { Kysely } from "kysely";
import type { RatingKind } from "../ratings/rating-kind.js";
import { arenaStore, type ArenaStore } from "./arenas.js";
import { getGame, type GameRecord } from "./game.js";
import type { HandRecord } from "./hand-record.js";
import { playerGames, type HistoryPage, type HistoryQuery } from "./history.js";
import { leaderboard, type LeaderboardEntry } from "./leaderboard.js";
import { liveTables, type LiveTables } from "./live-tables.js";
import { mistakeStore, type MistakeStore } from "./mistakes.js";
import {
  openDatabase,
  type DatabaseKind,
  type OpenDatabaseOptions,
  type StorageDatabase,
} from "../database/open-database.js";
import {
  createPlayer,
  getPlayer,
  renamePlayer,
  type NewPlayer,
  type PlayerName,
  type PlayerProfile,
} from "./players.js";
import { sessionByToken, type SignedIn } from "./sessions.js";
import { accountStore, type AccountStore } from "./account-store.js";
import type { Device } from "./sessions.js";
import { puzzleStore, type PuzzleStore } from "./puzzles.js";
import { recordHand, type RecordResult } from "./record-hand.js";
import type { Database } from "../database/schema.js";
import { moderationStore, type ModerationStore } from "./moderation.js";

export interface Store {
  readonly kind: DatabaseKind;
  readonly db: Kysely<Database>; // for what has no method yet; prefer the methods
  /** A new guest identity and its first session (on `device`); the token is returned this once. */
  createPlayer(name?: string, device?: Device): Promise<NewPlayer>;
  /** The player and session of a bearer token; null for a token of no session (never made, or ended). */
  playerByToken(token: string): Promise<SignedIn | null>;
  /** Throws InvalidNameError for a name that cleans to nothing; null for an unknown player. */
  renamePlayer(id: string, name: string): Promise<PlayerName | null>;
  getPlayer(id: string): Promise<PlayerProfile | null>;
  /** One hand in one transaction, idempotent on its id. Rooms go through a RecordWriter instead. */
  recordHand(record: HandRecord): Promise<RecordResult>;
  /** Throws HistoryQueryError for a bad cursor or limit. */
  playerGames(playerId: string, query?: HistoryQuery): Promise<HistoryPage>;
  getGame(id: string): Promise<GameRecord | null>;
  leaderboard(kind: RatingKind): Promise<LeaderboardEntry[]>;
  /** Puzzle ratings, records and what each player was served (puzzles.ts). */
  readonly puzzles: PuzzleStore;
  /** Puzzles from players' own mistakes in recorded duels (mistakes.ts). */
  readonly mistakes: MistakeStore;
  /** Accounts: sessions, handles, credentials, device links, export (account-store.ts). */
  readonly accounts: AccountStore;
  /** Roles, reports and the moderators' actions (moderation.ts). */
  readonly moderation: ModerationStore;
  /** The tables in play (restored after a restart; live-tables.ts). */
  readonly live: LiveTables;
  /** Arena tournaments, their players and pairings (arenas.ts). */
  readonly arenas: ArenaStore;
  /** Vacuum and planner statistics now (the benchmark); PGlite does it every 10 minutes, PostgreSQL's autovacuum on its own. */
  maintain(): Promise<void>;
  /** PGlite's own dump of its data directory (backup/); throws for PostgreSQL, whose backup is pg_dump's. */
  dump(): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** Opens the database (PGlite under DATA_DIR, or DATABASE_URL), migrates it, and wraps it. */
export async function openStore(options: OpenDatabaseOptions = {}): Promise<Store> {
  return storeOver(await openDatabase(options));
}

export function storeOver(database: StorageDatabase): Store {
  const { db } = database;
  return {
    kind: database.kind,
    db,
    createPlayer: (name, device) => createPlayer(db, name, device),
    playerByToken: (token) => sessionByToken(db, token),
    renamePlayer: (id, name) => renamePlayer(db, id, name),
    getPlayer: (id) => getPlayer(db, id),
    recordHand: (record) => recordHand(db, record),
    playerGames: (playerId, query) => playerGames(db, playerId, query),
    getGame: (id) => getGame(db, id),
    leaderboard: (kind) => leaderboard(db, kind),
    puzzles: puzzleStore(db),
    mistakes: mistakeStore(db),
    live: liveTables(db),
    accounts: accountStore(db),
    moderation: moderationStore(db),
    arenas: arenaStore(db),
    maintain: () => database.maintain(),
    dump: () => database.dump(),
    close: () => database.close(),
  };
}
