/**
 * The `presence` room: a page with an identity holds one light connection here. No
 * state is synced, only messages; it makes its player online (online-players.ts) and
 * carries challenges (challenges.ts). Its clients are authenticated by their bearer
 * token in the join options, resolved to the player in onAuth; the token goes no further.
 *
 * A room holds up to PRESENCE_CLIENTS pages; beyond that the matchmaker opens another,
 * maybe in another process: nothing here depends on two players sharing a room, since
 * everything between players goes through the presence's channels.
 */
import { ErrorCode, Room, ServerError, matchMaker } from "@colyseus/core";
import type { Client } from "@colyseus/core";
import {
  ROOM_NAME,
  SESSION_ENDED_CODE,
  type ChallengeErrorMessage,
  type PresenceClientMessageType,
} from "@yourtrumps/protocol";
import type { Store } from "../storage/index.js";
import { RateLimiter } from "../limits/rate-limit.js";
import { onSessionsEnded } from "../accounts/ended-sessions.js";
import { Challenges, playerChannel, type ChallengeResult, type PlayerDelivery } from "./challenges.js";
import { OnlinePlayers, type ChallengeSettings } from "./online-players.js";
import { challengeSettings, isPresenceMessageType, parsePresenceMessage, presenceJoin } from "./presence-messages.js";
import type { Logger } from "../logging/logger.js";
import { presenceChanges } from "../metrics/metrics.js";

export const PRESENCE_CLIENTS = 5000;
/** A page sends a challenge or an answer now and then: this many a second, bursts of twice that pass. */
export const PRESENCE_MESSAGES_PER_SECOND = 4;

/** Who a presence connection belongs to (its `client.auth`). */
interface PresencePlayer {
  playerId: string;
  accountSession: string; // the account session its token opened: ended, it closes this connection (not `sessionId`: Colyseus would take that as the connection's)
  name: string;
  settings: ChallengeSettings;
}

export interface PresenceSettings {
  store: Store;
  log: Logger;
  perSecond?: number | undefined; // messages a page may send, sustained; default PRESENCE_MESSAGES_PER_SECOND (tests of other things lift it)
}

/** The room class bound to `settings`. */
export function presenceRoom(settings: PresenceSettings): typeof PresenceRoom {
  return class ConfiguredPresenceRoom extends PresenceRoom {
    protected override readonly settings = settings;

    /** Runs in the matchmaker: a page without a known token gets no presence (it is nobody to be online as). */
    static override async onAuth(_token: string, options: unknown): Promise<PresencePlayer> {
      const parsed = presenceJoin.safeParse(options);
      if (!parsed.success)
        throw new ServerError(
          ErrorCode.MATCHMAKE_INVALID_CRITERIA,
          "presence needs the join option token (a player's bearer token)",
        );
      const found = await settings.store.playerByToken(parsed.data.token);
      if (found === null) throw new ServerError(ErrorCode.AUTH_FAILED, "bad-token: no player has this token");
      // Only the player travels on (the token stays here): the options Colyseus keeps are emptied of it.
      delete (options as Record<string, unknown>).token;
      return {
        playerId: found.id,
        accountSession: found.sessionId,
        name: found.name,
        settings: { acceptChallenges: parsed.data.acceptChallenges ?? true, blocked: parsed.data.blocked ?? [] },
      };
    }
  };
}

export class PresenceRoom extends Room {
  protected readonly settings!: PresenceSettings;
  private online!: OnlinePlayers;
  private challenges!: Challenges;
  private readonly pages = new Map<string, Set<Client>>(); // playerId → its pages connected here
  private readonly limits = new Map<string, RateLimiter>(); // sessionId → its bucket
  private readonly listeners = new Map<string, (delivery: PlayerDelivery) => void>(); // playerId → its channel's subscriber
  private stopHearingEnded: (() => void) | undefined;

  private get messagesPerSecond(): number {
    return this.settings.perSecond ?? PRESENCE_MESSAGES_PER_SECOND;
  }

  /** Runs once when the room is made: its parts, and one handler for every message type. */
  override onCreate(): void {
    this.maxClients = PRESENCE_CLIENTS;
    this.autoDispose = true;
    this.online = new OnlinePlayers(this.presence);
    const { store } = this.settings;
    this.challenges = new Challenges({
      presence: this.presence,
      online: this.online,
      playerOf: async (playerId) => {
        const profile = await store.getPlayer(playerId);
        return profile && { name: profile.name, marked: profile.marked };
      },
      openTable: async (rated) => {
        const table = await matchMaker.createRoom(ROOM_NAME, {
          mode: "private",
          players: 2,
          ...(rated ? {} : { casual: true }),
        });
        const code = (table.metadata as { code?: unknown } | undefined)?.code;
        if (typeof code !== "string") throw new Error("the new table has no code");
        return code;
      },
    });
    this.onMessage("*", (client: Client, type: unknown, payload: unknown) => void this.receive(client, type, payload));
    // A session signed out anywhere closes its pages here at once: their token opens nothing any more.
    void onSessionsEnded(this.presence, (ids) => {
      const ended = new Set(ids);
      for (const client of this.clients)
        if (ended.has((client.auth as PresencePlayer).accountSession)) client.leave(SESSION_ENDED_CODE);
    }).then((stop) => (this.stopHearingEnded = stop));
  }

  /** Runs when a page connects: its player is online, and its channel is listened to here. */
  override async onJoin(client: Client, _options: unknown, auth: PresencePlayer): Promise<void> {
    this.limits.set(client.sessionId, new RateLimiter(this.messagesPerSecond, this.messagesPerSecond * 2, Date.now()));
    const pages = this.pages.get(auth.playerId) ?? new Set<Client>();
    this.pages.set(auth.playerId, pages);
    pages.add(client);
    if (pages.size === 1) {
      const listener = (delivery: PlayerDelivery): void => {
        for (const page of this.pages.get(auth.playerId) ?? []) page.send(delivery.type, delivery.message);
      };
      this.listeners.set(auth.playerId, listener);
      await this.presence.subscribe(playerChannel(auth.playerId), listener);
    }
    await this.online.arrived(auth.playerId, auth.settings);
    presenceChanges.inc({ event: "arrived" });
  }

  /** Runs when a page is gone: its player's last page takes them offline. */
  override async onLeave(client: Client): Promise<void> {
    this.limits.delete(client.sessionId);
    const player = client.auth as PresencePlayer;
    const pages = this.pages.get(player.playerId);
    pages?.delete(client);
    if (pages?.size === 0) {
      this.pages.delete(player.playerId);
      const listener = this.listeners.get(player.playerId);
      this.listeners.delete(player.playerId);
      if (listener) this.presence.unsubscribe(playerChannel(player.playerId), listener);
    }
    await this.online.left(player.playerId);
    presenceChanges.inc({ event: "left" });
  }

  /** Runs when the room goes: its pages' players leave the count (a shutdown disconnects them first; this is for what is left). */
  override onDispose(): void {
    this.stopHearingEnded?.();
    for (const [playerId, listener] of this.listeners) this.presence.unsubscribe(playerChannel(playerId), listener);
    this.listeners.clear();
  }

  private async receive(client: Client, type: unknown, payload: unknown): Promise<void> {
    const limiter = this.limits.get(client.sessionId);
    const now = Date.now();
    if (limiter && !limiter.take(now)) {
      if (limiter.shouldWarn(now))
        this.refuse(client, {
          ok: false,
          code: "rate-limited",
          message: "Too many messages: slow down; extra messages are ignored.",
        });
      return;
    }
    if (!isPresenceMessageType(type))
      return this.refuse(client, { ok: false, code: "unknown-message", message: "There is no such message here." });
    try {
      this.refuse(client, await this.handle(client, type, payload), type);
    } catch (e) {
      this.settings.log.warn(`presence: "${type}" failed: ${e instanceof Error ? e.message : String(e)}`);
      this.refuse(
        client,
        { ok: false, code: "unavailable", message: "That could not be done just now; try again." },
        type,
      );
    }
  }

  private async handle(client: Client, type: PresenceClientMessageType, payload: unknown): Promise<ChallengeResult> {
    const player = client.auth as PresencePlayer;
    switch (type) {
      case "challenge": {
        const parsed = parsePresenceMessage(type, payload);
        if (!parsed.ok) return { ok: false, code: "malformed", message: parsed.message };
        // The name as it is now: the player may have renamed themselves since the page connected.
        const name = (await this.settings.store.getPlayer(player.playerId))?.name ?? player.name;
        return this.challenges.send({ playerId: player.playerId, name }, parsed.value.to, parsed.value.rated);
      }
      case "answer": {
        const parsed = parsePresenceMessage(type, payload);
        if (!parsed.ok) return { ok: false, code: "malformed", message: parsed.message };
        return this.challenges.answer(player.playerId, parsed.value.id, parsed.value.accept);
      }
      case "settings": {
        const parsed = challengeSettings.safeParse(payload);
        if (!parsed.success)
          return {
            ok: false,
            code: "malformed",
            message: `"settings" payload is malformed: ${parsed.error.issues[0]?.message ?? "invalid"}`,
          };
        player.settings = parsed.data;
        await this.online.setSettings(player.playerId, parsed.data);
        return { ok: true };
      }
      default:
        throw new Error(`unknown type ${String(type satisfies never)}`);
    }
  }

  private refuse(client: Client, result: ChallengeResult, type?: string): void {
    if (result.ok) return;
    client.send("challenge-error", {
      code: result.code,
      message: result.message,
      ...(type === undefined ? {} : { type }),
    } satisfies ChallengeErrorMessage);
  }
}
