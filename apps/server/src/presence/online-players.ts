/**
 * Who is online: a count of connected pages per player, kept in Colyseus' presence (Redis
 * with REDIS_URL, so every process counts the same players; memory otherwise). A player
 * with two tabs open is one player online; closing one tab leaves them online.
 *
 * Each player's challenge settings sit beside the count, written by their pages: the
 * server checks them before a challenge goes out, whichever process holds the pages.
 */
import type { Presence } from "@colyseus/core";
import { WRITERS_KEY, onlineOf, ownProcessId } from "./process-keys.js";

export const ONLINE_KEY = "yt:online"; // hash: playerId → pages connected
const SETTINGS_KEY = "yt:challenge-settings"; // hash: playerId → JSON ChallengeSettings

/** What a player's page says about challenges. */
export interface ChallengeSettings {
  acceptChallenges: boolean;
  blocked: string[]; // player ids refused
}

export class OnlinePlayers {
  constructor(private readonly presence: Presence) {}

  /** A page of `playerId` connected. */
  async arrived(playerId: string, settings: ChallengeSettings): Promise<void> {
    await this.presence.hset(SETTINGS_KEY, playerId, JSON.stringify(settings));
    await this.presence.sadd(WRITERS_KEY, ownProcessId()); // a crash's counts are found and taken back (process-sweeper.ts)
    await this.presence.hincrby(onlineOf(ownProcessId()), playerId, 1);
    await this.presence.hincrby(ONLINE_KEY, playerId, 1);
  }

  /** A page of `playerId` is gone: the last one takes the player offline. */
  async left(playerId: string): Promise<void> {
    const pages = await this.presence.hincrby(ONLINE_KEY, playerId, -1);
    if (pages <= 0) await this.presence.hdel(ONLINE_KEY, playerId);
    const mine = onlineOf(ownProcessId());
    if ((await this.presence.hincrby(mine, playerId, -1)) <= 0) await this.presence.hdel(mine, playerId);
  }

  async setSettings(playerId: string, settings: ChallengeSettings): Promise<void> {
    await this.presence.hset(SETTINGS_KEY, playerId, JSON.stringify(settings));
  }

  /** The settings last written by a page of `playerId`; accepting by default. */
  async settingsOf(playerId: string): Promise<ChallengeSettings> {
    const raw = await this.presence.hget(SETTINGS_KEY, playerId);
    if (raw === null) return { acceptChallenges: true, blocked: [] };
    try {
      const parsed = JSON.parse(raw) as Partial<ChallengeSettings>;
      return {
        acceptChallenges: parsed.acceptChallenges !== false,
        blocked: Array.isArray(parsed.blocked) ? parsed.blocked : [],
      };
    } catch {
      return { acceptChallenges: true, blocked: [] };
    }
  }

  async isOnline(playerId: string): Promise<boolean> {
    return Number((await this.presence.hget(ONLINE_KEY, playerId)) ?? 0) > 0;
  }

  /** Players with a page connected, across processes. */
  async count(): Promise<number> {
    return this.presence.hlen(ONLINE_KEY);
  }

  /** Which of `playerIds` are online (one round trip for a leaderboard's worth). */
  async which(playerIds: readonly string[]): Promise<Set<string>> {
    if (playerIds.length === 0) return new Set();
    const all = await this.presence.hgetall(ONLINE_KEY);
    return new Set(playerIds.filter((id) => Number(all[id] ?? 0) > 0));
  }
}
