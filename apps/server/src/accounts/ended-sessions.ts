/**
 * Ended sessions, told to every process: a session deleted from the database is refused
 * by the next request anywhere, but a connection opened with it (a page's presence) is
 * already in, and must be closed. The HTTP API publishes the ids it ended on Colyseus's
 * presence (Redis with REDIS_URL: every process hears it), and each presence room closes
 * its connections of those sessions.
 */
import type { Presence } from "@colyseus/core";

export const SESSIONS_ENDED_CHANNEL = "yt:sessions-ended";

/** Tells every process that `sessionIds` have ended. */
export async function announceEnded(presence: Presence, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length > 0) await presence.publish(SESSIONS_ENDED_CHANNEL, [...sessionIds]);
}

/** Calls `ended` with each batch of sessions ended anywhere; returns the unsubscribe. */
export async function onSessionsEnded(
  presence: Presence,
  ended: (sessionIds: readonly string[]) => void,
): Promise<() => void> {
  const listener = (ids: unknown): void => {
    if (Array.isArray(ids)) ended(ids.filter((id): id is string => typeof id === "string"));
  };
  await presence.subscribe(SESSIONS_ENDED_CHANNEL, listener);
  return (): void => void presence.unsubscribe(SESSIONS_ENDED_CHANNEL, listener);
}
