/**
 * The bodies the HTTP API answers with, for clients to type what they read
 * (`import type … from "@yourtrumps/server/api"`: types only, nothing of the server loads).
 */
export type { ErrorAnswer } from "./errors.js";
export type { GameAnswer, GameSeatAnswer } from "./games.js";
export type { HealthAnswer } from "./health.js";
export type { LeaderboardAnswer } from "./leaderboard.js";
export type { HistoryAnswer, HistoryGameAnswer, MeAnswer, NewPlayerAnswer, ProfileAnswer } from "./players.js";
export type { LeaderboardEntry, Opponent, RatingSummary } from "../storage/index.js";
export type { LocalGameAnswer } from "./local-games.js";
export type { MistakesAnswer } from "./mistakes.js";
export type { PlayerMistake } from "../storage/index.js";
export type { PuzzleLeaderboardEntry, PuzzleRecord } from "../storage/puzzles.js";
export type {
  ModActedAnswer,
  ModActionAnswer,
  ModPlayerAnswer,
  ModReportAnswer,
  ModReportsAnswer,
  NoticesAnswer,
  ReportedAnswer,
} from "./moderation.js";
export type { PlayerFlags } from "../storage/moderation.js";
export type { AccountAnswer, AccountSummaryAnswer } from "./account.js";
export type { SessionAnswer } from "./account-answers.js";
export type { LinkingDeviceAnswer, LinkRequestAnswer } from "./device-links.js";
export type { PasskeyAnswer } from "./passkeys.js";
export type { SessionListingAnswer } from "./sessions.js";
