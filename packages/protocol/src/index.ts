/**
 * @yourtrumps/protocol — the public protocol of the `table` room, the one source of
 * truth for the server, the web client and bots: join options, messages both ways,
 * error codes, join refusals, and the value tables (phases, modes, levels, reasons) the synced state
 * uses. The state's schema itself is `@yourtrumps/server/state` (types only for clients).
 */
export { ROOM_NAME, MODES, PHASES, LEVELS, PLAYER_COUNTS, RESULT_REASONS } from "./table.js";
export type { JoinOptions, Level, Mode, Phase, PlayerCount, ResultReason } from "./table.js";
export { CLIENT_MESSAGES } from "./messages.js";
export type {
  ClientMessageType,
  ClientMessages,
  ErrorMessage,
  HintMessage,
  ServerMessageType,
  ServerMessages,
} from "./messages.js";
export { RATING_KINDS, OUTCOMES } from "./records.js";
export type { RatingKind, Outcome } from "./records.js";
export { ERROR_CODES } from "./errors.js";
export { COMPUTER_NAMES, NAME_MAX, cleanName, computerSeatName, computerSeatNumber, isComputerName } from "./names.js";
export {
  ARENA_REMOVED_CODE,
  SESSION_ENDED_CODE,
  TABLE_CLOSE_CODES,
  TABLE_CLOSE_REASONS,
  TABLE_RESTART_CODE,
} from "./closing.js";
export type { ClosedMessage, TableCloseReason } from "./closing.js";
export { JOIN_REFUSALS, JOIN_REFUSED_CODE, joinRefusal } from "./join-refusals.js";
export type { JoinRefusal } from "./join-refusals.js";
export type { ErrorCode } from "./errors.js";
export { LOCAL_GAMES_PATH, PICKUP_MOVE, encodeMoves, decodeMoves } from "./local-hand.js";
export type { LocalHandUpload } from "./local-hand.js";
export { REACTIONS, REACTION_GAP_MS, REACTION_SHOWN_MS, REACTIONS_PER_HAND } from "./reactions.js";
export type { ReactionId, ReactionMessage } from "./reactions.js";
export {
  PRESENCE_ROOM,
  CHALLENGE_SECONDS,
  CHALLENGES_PER_MINUTE,
  CHALLENGE_ERRORS,
  PRESENCE_STATUSES,
} from "./presence.js";
export type {
  Challenge,
  ChallengeError,
  ChallengeErrorMessage,
  PresenceClientMessageType,
  PresenceClientMessages,
  PresenceJoinOptions,
  PresenceServerMessages,
  PresenceStatus,
} from "./presence.js";
export { LIVE_PATH, LIVE_ROOM_NAME, LIVE_TABLES_MAX } from "./live.js";
export type { LiveAnswer, LiveSeat, LiveTable, Seek, SeekSeat, TvAnswer } from "./live.js";
export { MOD_ACTIONS, REPORT_REASONS, ROLES } from "./moderation.js";
export type { ModAction, ReportReason, Role } from "./moderation.js";
export {
  ARENA_CLIENT_MESSAGES,
  ARENA_ERRORS,
  ARENA_MINUTES,
  ARENA_NAME_MAX,
  ARENA_NEXT_HAND_MS,
  ARENA_ROOM,
  ARENA_STANDINGS_SHOWN,
  ARENA_STATUSES,
} from "./arena.js";
export type {
  ArenaClientMessageType,
  ArenaClientMessages,
  ArenaDetail,
  ArenaError,
  ArenaErrorMessage,
  ArenaJoinOptions,
  ArenaList,
  ArenaPairedMessage,
  ArenaServerMessages,
  ArenaStanding,
  ArenaStatus,
  ArenaSummary,
  ArenaYouMessage,
  FeaturedTable,
  NewArenaRequest,
  PlayerArena,
} from "./arena.js";
