/**
 * Being in an arena: the connection to its `arena` room (`joinOrCreate(ARENA_ROOM, { arenaId,
 * token })`), its messages read field by field, `pause`/`resume` sent, and a pairing's seat
 * reservation handed on as the SDK gave it (the table is joined with `consumeSeatReservation`).
 */
import { Client, type Room } from "@colyseus/sdk";
import {
  ARENA_ROOM,
  type ArenaDetail,
  type ArenaErrorMessage,
  type ArenaPairedMessage,
  type ArenaYouMessage,
} from "@yourtrumps/protocol";
import { readArenaDetail, readArenaError, readArenaPaired, readArenaYou } from "./arena-bodies.js";

export interface ArenaLinkEvents {
  standings(detail: ArenaDetail): void;
  you(you: ArenaYouMessage): void;
  paired(paired: ArenaPairedMessage): void;
  error(error: ArenaErrorMessage): void;
  closed(code: number): void; // the room went (the server, the network, or ARENA_REMOVED_CODE: a moderator's action); not after `leave`
}

export class ArenaLink {
  private leaving = false;

  private constructor(private readonly room: Room) {}

  /** Joins the arena; rejects with the SDK's error, whose message starts with the refusal's word (`arena-over`, …). */
  static async open(serverUrl: string, arenaId: string, token: string, events: ArenaLinkEvents): Promise<ArenaLink> {
    const client = new Client(serverUrl);
    client.http.options.credentials = "omit";
    const room = await client.joinOrCreate(ARENA_ROOM, { arenaId, token });
    room.reconnection.enabled = false;
    const link = new ArenaLink(room);
    room.onMessage("standings", (body: unknown) => {
      const detail = readArenaDetail(body);
      if (detail) events.standings(detail);
    });
    room.onMessage("you", (body: unknown) => {
      const you = readArenaYou(body);
      if (you) events.you(you);
    });
    room.onMessage("paired", (body: unknown) => {
      const paired = readArenaPaired(body);
      if (paired) events.paired(paired);
    });
    room.onMessage("error", (body: unknown) => events.error(readArenaError(body)));
    room.onLeave((code) => {
      if (!link.leaving) events.closed(code);
    });
    return link;
  }

  pause(): void {
    this.room.send("pause", {});
  }

  resume(): void {
    this.room.send("resume", {});
  }

  /** Leaves the room: the player stays in the standings, and is not paired until they join again. */
  leave(): void {
    this.leaving = true;
    void this.room.leave(true).catch(() => {});
  }
}
