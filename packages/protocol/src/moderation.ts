/**
 * Moderation's words, shared by the server and its clients: why a player may be reported
 * (`POST /api/reports`), what a moderator may do (`/api/mod/…`, each action undone by its pair),
 * and the roles that may do it.
 */
export const MOD_ACTIONS = ["rename", "mute", "unmute", "mark", "unmark", "close", "reopen", "dismiss"] as const;
export type ModAction = (typeof MOD_ACTIONS)[number];

export const REPORT_REASONS = ["cheating", "offensive-name", "sandbagging", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const ROLES = ["mod", "admin"] as const;
export type Role = (typeof ROLES)[number];
