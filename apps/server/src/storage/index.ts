/**
 * Storage for "every hand on record": guest identities, game records, ratings, history and
 * the leaderboard, in PostgreSQL (embedded PGlite by default, a server with DATABASE_URL).
 * The table records hands through a RecordWriter (records/); HTTP handlers call a Store.
 */
export { openStore, storeOver } from "./store.js";
export type { Store } from "./store.js";
export { alreadyUp, openStoreWhenUp } from "./store-when-up.js";
export type { StoreState, StoreWhenUp } from "./store-when-up.js";
export { DatabaseNotReadyError } from "./errors.js";
export { DEFAULT_DATA_DIR, openDatabase } from "../database/open-database.js";
export type { DatabaseKind, OpenDatabaseOptions, StorageDatabase } from "../database/open-database.js";
export { storageConfigProblem } from "../database/config-check.js";
export type { ClaimedTable, LiveBatch, LiveMoveWrite, LiveTableWrite, LiveTables } from "./live-tables.js";
export { RecordError, checkRecord } from "./hand-record.js";
export type { HandRecord, SeatRecord } from "./hand-record.js";
export type { RecordResult } from "./record-hand.js";
export { InvalidNameError, guestName } from "./players.js";
export type { SignedIn, NewSession, SessionListing } from "./sessions.js";
export type { AccountStore } from "./account-store.js";
export { CLOSING_AFTER_MS, DELETED_PLAYER_NAME, HANDLE_HELD_MS, RENAME_EVERY_MS } from "./accounts.js";
export type { AccountSummary, Credentials } from "./accounts.js";
export { PASSKEYS_MAX } from "./passkeys.js";
export type { PasskeyListing } from "./passkeys.js";
export type { NewPlayer, PlayerName, PlayerProfile, RatingSummary } from "./players.js";
export { HISTORY_DEFAULT_LIMIT, HISTORY_MAX_LIMIT } from "./history.js";
export type { HistoryGame, HistoryPage, HistoryQuery, Opponent } from "./history.js";
export { HistoryQueryError } from "./history-cursor.js";
export type { GameRecord, GameSeat } from "./game.js";
export { LEADERBOARD_SIZE } from "./leaderboard.js";
export type { LeaderboardEntry } from "./leaderboard.js";
export { MISTAKES_LISTED } from "./mistakes.js";
export type { FoundMistake, MistakeStore, PlayerMistake } from "./mistakes.js";
export { personSeats } from "./mistake-searches.js";
export type { ClaimedSearches, PendingSearch } from "./mistake-searches.js";
export { OUTCOMES } from "../database/schema.js";
export type { Database, DealSetup, Outcome } from "../database/schema.js";
export type { JsonObject, JsonValue } from "../database/json.js";
