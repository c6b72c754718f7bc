/**
 * The `arena` room: being connected here with `{ arenaId, token }` is being in the arena.
 * One room per arena (matchmaking filters by `arenaId`), in whichever process made it; the
 * arena's director may be in another (directors.ts), so everything goes through the
 * presence's channels (channels.ts): the room says who is present, paused or back; the
 * director sends each pairing's seat (`paired`, for the player's own connection) and the
 * standings, which the room passes on with each player's own line as `me`. Nothing here
 * decides anything about the arena: the room admits (the arena exists and has not finished,
 * the player qualifies, is not here twice) and relays. Messages are validated in their
 * handler, as the table's are, so a bad one costs an `error`, never the connection.
 */
import { Room, ServerError, ErrorCode } from "@colyseus/core";
import type { AuthContext, Client } from "@colyseus/core";
import { z } from "zod";
import type { ArenaDetail, ArenaErrorMessage, ArenaPairedMessage, ArenaYouMessage } from "@yourtrumps/protocol";
import { ARENA_REMOVED_CODE } from "@yourtrumps/protocol";
import type { Store } from "../storage/index.js";
import { joinRefused, playerOfToken, type SeatPlayer } from "../table/identity.js";
import { RateLimiter } from "../limits/rate-limit.js";
import { directorChannel, roomChannel, type DirectorEvent, type RoomEvent } from "../arena-rules/channels.js";
import type { Logger } from "../logging/logger.js";
import { onModerated } from "../moderation/moderated-channel.js";

const joinSchema = z.strictObject({ arenaId: z.string().min(1).max(16), token: z.string().min(1).max(200) });
const emptyPayload = z.union([z.undefined(), z.null(), z.strictObject({})]);
const MARKED = "a moderator marked your account: arenas are closed to it"; // refused at the door, or let go when marked inside

/** What the arena room is given (server.ts). */
export interface ArenaRoomSettings {
  store: Store;
  messagesPerSecond: number; // pause/resume per connection, sustained (bursts of twice pass)
  log: Logger;
}

interface ArenaMember {
  player: SeatPlayer;
  ratedHands: number;
}

export function arenaRoom(settings: ArenaRoomSettings): typeof ArenaRoom {
  return class ConfiguredArenaRoom extends ArenaRoom {
    protected override readonly settings = settings;

    /**
     * Runs in the matchmaker, before a room is looked for: the options, the token's player,
     * the arena (it exists and has not finished) and its entry conditions (a marked player never qualifies); the player is
     * then in the arena on record (joining again changes nothing there).
     */
    static override async onAuth(
      _token: string,
      options: Record<string, unknown>,
      _context: AuthContext,
    ): Promise<ArenaMember> {
      const parsed = joinSchema.safeParse(options);
      if (!parsed.success)
        throw new ServerError(
          ErrorCode.MATCHMAKE_INVALID_CRITERIA,
          `the arena room takes { arenaId, token }: ${parsed.error.issues[0]?.message ?? "invalid"}`,
        );
      const { arenaId, token } = parsed.data;
      for (const key of Object.keys(options)) delete options[key];
      options.arenaId = arenaId; // the token goes no further than this
      const player = await playerOfToken(settings.store, token);
      const arena = await settings.store.arenas.get(arenaId);
      if (!arena) throw joinRefused("arena-unknown", `no arena has the id ${arenaId}`);
      if (Date.now() >= arena.endsAt) throw joinRefused("arena-over", `the arena "${arena.name}" has finished`);
      if ((await settings.store.moderation.flagsOf(player.playerId))?.marked)
        throw joinRefused("arena-not-qualified", MARKED);
      const profile = await settings.store.getPlayer(player.playerId);
      const duel = profile?.ratings.duel;
      const ratedHands = duel?.games ?? 0;
      const known = await settings.store.arenas.player(arenaId, player.playerId);
      if (!known) {
        if (ratedHands < arena.minRatedHands)
          throw joinRefused(
            "arena-not-qualified",
            `this arena is for players with at least ${arena.minRatedHands} rated duels (you have ${ratedHands})`,
          );
        if (arena.maxRating !== null && (duel?.rating ?? 0) > arena.maxRating)
          throw joinRefused(
            "arena-not-qualified",
            `this arena is for players rated at most ${arena.maxRating} in duels (you are ${Math.round(duel?.rating ?? 0)})`,
          );
        await settings.store.arenas.join(arenaId, player.playerId, player.name, duel?.rating ?? 1500);
      }
      return { player, ratedHands };
    }
  };
}

/** What an arena's room publishes in Colyseus' listing: the featured table (the best-ranked pairing in play), TV's first choice. */
export interface ArenaRoomListing {
  featured: string | null; // its room id
}

export class ArenaRoom extends Room {
  protected readonly settings!: ArenaRoomSettings;
  #arenaId = "";
  readonly #members = new Map<string, ArenaMember & { client: Client; limiter: RateLimiter }>(); // by player id
  readonly #you = new Map<string, ArenaYouMessage>(); // each player's own, as last told
  #detail: ArenaDetail | null = null;
  #unsubscribe: () => void = () => {};

  /** Runs once for the arena's room: listens to the arena's director. */
  override async onCreate(options: { arenaId: string }): Promise<void> {
    this.#arenaId = options.arenaId;
    this.autoDispose = true;
    this.patchRate = null; // no synced state: everything goes out as messages
    const listener = (event: RoomEvent): void => this.#hear(event);
    await this.presence.subscribe(roomChannel(this.#arenaId), listener);
    this.#unsubscribe = (): void => void this.presence.unsubscribe(roomChannel(this.#arenaId), listener);
    // A player marked (or whose account was closed) while here is let go at once: the room admits by those flags.
    const stopHearing = await onModerated(this.presence, (m) => {
      if (m.action === "mark") this.#remove(m.playerId, MARKED);
      if (m.action === "close") this.#remove(m.playerId, "a moderator closed your account");
    });
    const unsubscribeRoom = this.#unsubscribe;
    this.#unsubscribe = (): void => {
      unsubscribeRoom();
      stopHearing();
    };
    this.onMessage("pause", (client, payload) => this.#ask(client, "pause", payload));
    this.onMessage("resume", (client, payload) => this.#ask(client, "resume", payload));
    this.onMessage("*", (client, type) =>
      this.#refuse(client, {
        code: "malformed",
        message: `the arena room has no message ${JSON.stringify(String(type)).slice(0, 40)}; results come from the tables`,
      }),
    );
  }

  /** Runs when a player's connection is in: one connection a player; the director hears they are present. */
  override onJoin(client: Client, _options: unknown, auth: ArenaMember): void {
    const id = auth.player.playerId;
    if (this.#members.has(id))
      throw joinRefused("arena-already-in", `${auth.player.name} is in this arena from another connection already`);
    const perSecond = this.settings.messagesPerSecond;
    this.#members.set(id, { ...auth, client, limiter: new RateLimiter(perSecond, perSecond * 2, Date.now()) });
    client.userData = { playerId: id };
    this.#announce(id);
    if (this.#detail) client.send("standings", this.#detail);
    const mine = this.#you.get(id);
    if (mine) client.send("you", mine);
  }

  /** Runs when a connection closes: the director hears the player is gone (they are paired no more until they come back). */
  override onLeave(client: Client): void {
    const id = (client.userData as { playerId?: string } | undefined)?.playerId;
    if (id === undefined || this.#members.get(id)?.client !== client) return;
    this.#members.delete(id);
    this.#tell({ type: "absent", playerId: id });
  }

  /** Runs when the room is disposed of: it stops listening. */
  override onDispose(): void {
    this.#unsubscribe();
  }

  #announce(playerId: string): void {
    const member = this.#members.get(playerId);
    if (!member) return;
    const { player, ratedHands } = member;
    this.#tell({ type: "present", playerId, name: player.name, rating: player.ratings.duel.rating, ratedHands });
  }

  #ask(client: Client, type: "pause" | "resume", payload: unknown): void {
    const id = (client.userData as { playerId?: string } | undefined)?.playerId;
    const member = id === undefined ? undefined : this.#members.get(id);
    if (!member || id === undefined) return;
    if (!member.limiter.take(Date.now()))
      return this.#refuse(client, { code: "rate-limited", message: "too many messages; this one was dropped" });
    if (!emptyPayload.safeParse(payload).success)
      return this.#refuse(client, { code: "malformed", message: `"${type}" takes no payload` });
    const paused = this.#you.get(id)?.paused ?? false;
    if (type === "pause" && paused)
      return this.#refuse(client, { code: "wrong-state", message: "you are paused already" });
    if (type === "resume" && !paused)
      return this.#refuse(client, { code: "wrong-state", message: "you are not paused" });
    this.#tell({ type, playerId: id });
  }

  /** Lets a player go who no longer qualifies: told why, then closed with ARENA_REMOVED_CODE (they are paired no more). */
  #remove(playerId: string, message: string): void {
    const member = this.#members.get(playerId);
    if (!member) return;
    this.#refuse(member.client, { code: "arena-not-qualified", message });
    member.client.leave(ARENA_REMOVED_CODE);
  }

  #refuse(client: Client, error: ArenaErrorMessage): void {
    client.send("error", error);
  }

  #tell(event: DirectorEvent): void {
    void this.presence.publish(directorChannel(this.#arenaId), event);
  }

  #hear(event: RoomEvent): void {
    switch (event.type) {
      case "hello":
        for (const id of this.#members.keys()) this.#announce(id);
        return;
      case "paired": {
        const member = this.#members.get(event.playerId);
        member?.client.send("paired", {
          reservation: event.reservation,
          roomId: event.roomId,
          opponent: event.opponent,
        } satisfies ArenaPairedMessage);
        return;
      }
      case "standings": {
        this.#detail = event.detail;
        for (const [id, mine] of event.players) {
          const member = this.#members.get(id);
          if (!member) continue;
          this.#you.set(id, mine);
          member.client.send("you", mine);
        }
        this.broadcast("standings", event.detail); // encoded once for everyone
        // In the room listing, so TV (lobby/now-playing.ts) follows the featured table from any process.
        void this.setMetadata({ featured: event.detail.featured?.roomId ?? null } satisfies ArenaRoomListing);
        return;
      }
      default:
        throw new Error(`unknown event ${String((event satisfies never as { type: string }).type)}`);
    }
  }
}
