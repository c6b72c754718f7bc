/**
 * What a moderator may do to a player, each undone by its pair: a rename of an offensive name
 * (undone by renaming back), muting reactions, marking (no rated play, off the leaderboards, past
 * rated results against others kept but flagged), closing the account. Every one is written to the
 * audit log with its reason, and the player's notices are that log as it concerns them.
 */
import { MOD_ACTIONS, REPORT_REASONS, ROLES, type ModAction } from "@yourtrumps/protocol";

export { MOD_ACTIONS, REPORT_REASONS, ROLES };
export type { ModAction, ReportReason, Role } from "@yourtrumps/protocol";

/** Reports one player may make in a day. */
export const REPORTS_PER_DAY = 5;

/** What the player is told of an action (the moderator is never named). */
export const NOTICES: Record<ModAction, string | null> = {
  rename: "A moderator changed your name.",
  mute: "A moderator muted your reactions at tables.",
  unmute: "Your reactions at tables are back.",
  mark: "A moderator marked your account: you cannot play rated games and are off the leaderboards.",
  unmark: "The mark on your account was lifted.",
  close: "A moderator closed your account.",
  reopen: "Your account was reopened.",
  dismiss: null, // reports dismissed: nothing was done to the player
};
