/**
 * Challenges between online players, through Colyseus' presence: the invitation and
 * every answer are published on the invitee's and the challenger's own channels, so
 * they reach whichever process holds each player's pages (presence-room.ts subscribes
 * a channel for every player it holds). The open challenges themselves live in the
 * presence too, so an answer checked on one process finds a challenge sent on another.
 *
 * Limits, each refused with its code and nothing else done: CHALLENGES_PER_MINUTE a
 * player in any minute (that many slots in the presence, each taken by an atomic `incr`
 * and free again a minute after it was taken, so processes cannot both take one), one
 * open challenge at a time from a player to the same player, none to oneself, to an
 * unknown or offline player, or to one who does not accept challenges (or not from you), and
 * no rated one from or to a player a moderator marked (moderation/: they play only unrated).
 */
import { randomUUID } from "node:crypto";
import type { Presence } from "@colyseus/core";
import {
  CHALLENGES_PER_MINUTE,
  CHALLENGE_SECONDS,
  type Challenge,
  type ChallengeError,
  type PresenceServerMessages,
} from "@yourtrumps/protocol";
import type { OnlinePlayers } from "./online-players.js";

const OPEN_KEY = "yt:challenges"; // hash: challenge id → JSON Challenge
const pairKey = (from: string, to: string): string => `yt:challenge-pair:${from}:${to}`; // the open challenge's id, expiring with it
const slotKey = (from: string, slot: number): string => `yt:challenge-slot:${from}:${slot}`; // taken while it exists

/** The channel of a player's pages. */
export const playerChannel = (playerId: string): string => `yt:player:${playerId}`;

/** What goes out on a player's channel: one of the room's server messages. */
export type PlayerDelivery = {
  [K in keyof PresenceServerMessages]: { type: K; message: PresenceServerMessages[K] };
}[keyof PresenceServerMessages];

export type ChallengeResult = { ok: true } | { ok: false; code: ChallengeError; message: string };

export interface ChallengeParts {
  presence: Presence;
  online: OnlinePlayers;
  playerOf: (playerId: string) => Promise<{ name: string; marked: boolean } | null>; // null: no such player
  openTable: (rated: boolean) => Promise<string>; // opens a private duel (its hands unrated unless `rated`) and answers its code
  now?: () => number;
}

const refused = (code: ChallengeError, message: string): ChallengeResult => ({ ok: false, code, message });

export class Challenges {
  constructor(private readonly parts: ChallengeParts) {}

  /** `from` invites `to` to a duel. */
  async send(from: { playerId: string; name: string }, to: string, rated: boolean): Promise<ChallengeResult> {
    const { presence, online } = this.parts;
    if (to === from.playerId) return refused("self", "You cannot challenge yourself.");
    const [sender, invitee] = await Promise.all([this.parts.playerOf(from.playerId), this.parts.playerOf(to)]);
    if (invitee === null) return refused("unknown-player", "No player has that id.");
    const toName = invitee.name;
    if (rated && (sender?.marked === true || invitee.marked))
      return refused("marked", "A marked player plays only casual games: send a casual challenge.");
    if (!(await online.isOnline(to))) return refused("offline", `${toName} is not online.`);
    const settings = await online.settingsOf(to);
    if (!settings.acceptChallenges || settings.blocked.includes(from.playerId))
      return refused("refuses", `${toName} does not accept challenges.`);
    if (await presence.exists(pairKey(from.playerId, to)))
      return refused("already-open", `You have a challenge open to ${toName} already.`);
    if (!(await this.takeSlot(from.playerId)))
      return refused("too-many", `At most ${CHALLENGES_PER_MINUTE} challenges a minute.`);
    const now = this.now();
    const challenge: Challenge = {
      id: randomUUID(),
      from,
      to: { playerId: to, name: toName },
      rated,
      expiresAt: now + CHALLENGE_SECONDS * 1000,
    };
    await presence.setex(pairKey(from.playerId, to), challenge.id, CHALLENGE_SECONDS);
    await presence.expire(pairKey(from.playerId, to), CHALLENGE_SECONDS); // LocalPresence's setex keeps the key for ever
    await presence.hset(OPEN_KEY, challenge.id, JSON.stringify(challenge));
    // The record of an invitation nobody answered goes when it lapses (the pair key expires by itself).
    setTimeout(() => void presence.hdel(OPEN_KEY, challenge.id), CHALLENGE_SECONDS * 1000 + 1000).unref();
    this.deliver(to, { type: "challenged", message: challenge });
    this.deliver(from.playerId, { type: "challenge-sent", message: challenge });
    return { ok: true };
  }

  /**
   * `playerId` answers challenge `id`. Only its invitee may, once, before it lapses: the
   * record is taken out of the presence (one `hdel` wins), so two pages accepting at once
   * open one table.
   */
  async answer(playerId: string, id: string, accept: boolean): Promise<ChallengeResult> {
    const { presence } = this.parts;
    const unknown = refused(
      "unknown-challenge",
      "There is no such challenge for you (it may have lapsed or been answered).",
    );
    const raw = await presence.hget(OPEN_KEY, id);
    const challenge = raw === null ? null : (JSON.parse(raw) as Challenge);
    if (challenge === null || challenge.to.playerId !== playerId || challenge.expiresAt < this.now()) return unknown;
    if (!(await presence.hdel(OPEN_KEY, id))) return unknown;
    presence.del(pairKey(challenge.from.playerId, challenge.to.playerId));
    const both = [challenge.from.playerId, challenge.to.playerId];
    if (!accept) {
      for (const p of both) this.deliver(p, { type: "challenge-answer", message: { id, accepted: false } });
      return { ok: true };
    }
    let code: string;
    try {
      code = await this.parts.openTable(challenge.rated);
    } catch (e) {
      for (const p of both) this.deliver(p, { type: "challenge-answer", message: { id, accepted: false } });
      return refused("unavailable", `The table could not be opened (${e instanceof Error ? e.message : String(e)}).`);
    }
    for (const p of both) this.deliver(p, { type: "challenge-answer", message: { id, accepted: true, code } });
    return { ok: true };
  }

  /** One of the player's CHALLENGES_PER_MINUTE slots, if one is free: false when all were taken within the last minute. */
  private async takeSlot(playerId: string): Promise<boolean> {
    for (let slot = 0; slot < CHALLENGES_PER_MINUTE; slot++) {
      if ((await this.parts.presence.incr(slotKey(playerId, slot))) !== 1) continue;
      await this.parts.presence.expire(slotKey(playerId, slot), 60);
      return true;
    }
    return false;
  }

  private deliver(playerId: string, delivery: PlayerDelivery): void {
    this.parts.presence.publish(playerChannel(playerId), delivery);
  }

  private now(): number {
    return (this.parts.now ?? Date.now)();
  }
}
