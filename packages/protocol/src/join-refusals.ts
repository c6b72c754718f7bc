/**
 * Joins refused because of who is joining (or, for a computer table, because of how many
 * the server or the joiner has open). The SDK's join call (`joinOrCreate`, `create`,
 * `join`) rejects with an error whose `code` is JOIN_REFUSED_CODE and whose message starts
 * with one of these words and a colon, so a client can tell them from every other failure
 * without parsing English.
 */
export const JOIN_REFUSALS = [
  "bad-token", // the join option `token` is unknown or malformed; the join is refused, never turned anonymous: forget the token and create a new player
  "already-seated", // this player already holds a seat at that table (another tab, say)
  "identity-unavailable", // the token could not be checked (the player database is down): keep it and try again later
  "server-busy", // a computer table: the server has as many as its workers can serve in time; try again later
  "too-many-tables", // a computer table: this player or client address already has as many open as one may; leave one first
  "watch-not-allowed", // a watch request for a computer table, or a private one whose creator did not allow watching
  "watch-not-started", // a watch request for a table still waiting for its players: try again once it has started
  "arena-unknown", // the arena room: no arena has that id
  "arena-over", // the arena room: that arena has finished (its standings stay readable over HTTP)
  "arena-not-qualified", // the arena room: the player does not meet its entry conditions (rated hands, maximum rating, not marked by a moderator)
  "arena-already-in", // the arena room: this player is in the arena from another connection already
  "marked", // a rated private table (or a rated challenge's): a moderator marked this player, who may play only unrated (casual tables, quick match)
] as const;
export type JoinRefusal = (typeof JOIN_REFUSALS)[number];

/** Colyseus's AUTH_FAILED matchmaking code, which every refusal above carries. */
export const JOIN_REFUSED_CODE = 525;

/** The refusal a failed join call rejected with, or null for any other failure. */
export function joinRefusal(error: unknown): JoinRefusal | null {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code !== JOIN_REFUSED_CODE || typeof message !== "string") return null;
  return JOIN_REFUSALS.find((refusal) => message.startsWith(`${refusal}:`)) ?? null;
}
