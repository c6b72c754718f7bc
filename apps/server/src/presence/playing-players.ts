/**
 * Who is playing: a player seated at a table with other people, kept in Colyseus'
 * presence beside who is online (Redis with REDIS_URL, so a profile or a leaderboard
 * read on any process sees a table held by another). Each table writes only what
 * changed: the player ids it marks now, against those it marked last.
 *
 * A mark carries its table's room id, so a table lets go only of its own marks (a
 * player who moved on to another table stays marked by that one).
 */
import type { Presence } from "@colyseus/core";
import { WRITERS_KEY, ownProcessId, playingOf } from "./process-keys.js";

export const PLAYING_KEY = "yt:playing"; // hash: playerId → roomId of the table with people they sit at

/** One table's marks. */
export class PlayingMarks {
  #marked = new Set<string>();

  constructor(
    private readonly presence: Presence,
    private readonly roomId: string,
  ) {}

  /** Marks `now` playing here and lets go of this table's other marks; writes nothing when nothing changed. */
  sync(now: ReadonlySet<string>): void {
    for (const id of now) if (!this.#marked.has(id)) void this.mark(id);
    for (const id of this.#marked) if (!now.has(id)) void this.unmark(id);
    this.#marked = new Set(now);
  }

  private async mark(playerId: string): Promise<void> {
    await this.presence.sadd(WRITERS_KEY, ownProcessId()); // a crash's marks are found and taken back (process-sweeper.ts)
    await this.presence.hset(playingOf(ownProcessId()), playerId, this.roomId);
    await this.presence.hset(PLAYING_KEY, playerId, this.roomId);
  }

  private async unmark(playerId: string): Promise<void> {
    if ((await this.presence.hget(PLAYING_KEY, playerId)) === this.roomId)
      await this.presence.hdel(PLAYING_KEY, playerId);
    if ((await this.presence.hget(playingOf(ownProcessId()), playerId)) === this.roomId)
      await this.presence.hdel(playingOf(ownProcessId()), playerId);
  }
}

/** Which of `playerIds` are seated at a table with people now, across processes. */
export async function whichPlaying(presence: Presence, playerIds: readonly string[]): Promise<Set<string>> {
  if (playerIds.length === 0) return new Set();
  const all = await presence.hgetall(PLAYING_KEY);
  return new Set(playerIds.filter((id) => typeof all[id] === "string" && all[id] !== ""));
}
