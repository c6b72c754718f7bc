/**
 * A player's presence as the page shows it — on a leaderboard row and on a player's page:
 * the word (online / playing / offline), and a Challenge button that follows it (disabled,
 * with the reason beside it, while the player is offline).
 */
import type { PresenceStatus } from "@yourtrumps/protocol";
import { t, type Key, type Lang } from "../i18n/index.js";
import { el } from "../shell/dom.js";

/** Each presence in words. */
export const STATUS_KEY: Record<PresenceStatus, Key> = {
  online: "statusOnline",
  playing: "statusPlaying",
  offline: "statusOffline",
};

/** The presence in words, its class the status (for the colour). */
export function presenceWord(lang: Lang, mark: PresenceStatus): HTMLElement {
  return el("span", { class: mark }, t(lang, STATUS_KEY[mark]));
}

/** Enables `invite` for a player online or playing; disables it, saying why, for one offline. */
export function challengeFollows(invite: HTMLButtonElement, lang: Lang, mark: PresenceStatus): void {
  invite.disabled = mark === "offline";
  invite.title = invite.disabled ? t(lang, "cannotChallengeOffline") : "";
  const said = invite.nextElementSibling;
  if (said?.classList.contains("why-not")) said.remove();
  if (invite.disabled) invite.after(el("span", { class: "note why-not" }, t(lang, "cannotChallengeOffline")));
}
