/**
 * A player's presence as the page shows it — on a leaderboard row and on a player's page:
 * the word (online / playing / offline); a Challenge button beside it follows it (disabled,
 * with the reason, while the player is offline).
 */
import type { PresenceStatus } from "@yourtrumps/protocol";
import { t, type Key, type Lang } from "../i18n/index.js";
import { h, type VNode } from "../shell/view.js";

/** Each presence in words. */
export const STATUS_KEY: Record<PresenceStatus, Key> = {
  online: "statusOnline",
  playing: "statusPlaying",
  offline: "statusOffline",
};

/** The presence in words, its class the status (for the colour). */
export function presenceWord(lang: Lang, mark: PresenceStatus): VNode {
  return h(`span.${mark}`, t(lang, STATUS_KEY[mark]));
}

/** Why a player's Challenge is disabled: they are offline. */
export function whyNot(lang: Lang): VNode {
  return h("span.note.why-not", t(lang, "cannotChallengeOffline"));
}
