/**
 * Moderators' actions, told to every process: the database holds the player's flags, but a
 * connection opened before the action is already in. The HTTP API publishes each action on
 * Colyseus's presence (Redis with REDIS_URL: every process hears it), and the rooms that
 * admit by those flags act on their connections (an arena room lets a marked player go).
 */
import type { Presence } from "@colyseus/core";
import type { ModAction } from "./actions.js";

export const MODERATED_CHANNEL = "yt:moderated";

export interface Moderated {
  playerId: string;
  action: ModAction;
}

/** Tells every process that a moderator did `action` to `playerId`. */
export async function announceModerated(presence: Presence, moderated: Moderated): Promise<void> {
  await presence.publish(MODERATED_CHANNEL, moderated);
}

/** Calls `heard` with each action taken anywhere; returns the unsubscribe. */
export async function onModerated(presence: Presence, heard: (moderated: Moderated) => void): Promise<() => void> {
  const listener = (m: unknown): void => {
    const { playerId, action } = (m ?? {}) as Partial<Moderated>;
    if (typeof playerId === "string" && typeof action === "string") heard({ playerId, action });
  };
  await presence.subscribe(MODERATED_CHANNEL, listener);
  return (): void => void presence.unsubscribe(MODERATED_CHANNEL, listener);
}
