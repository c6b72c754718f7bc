/**
 * The server's arena directing, wired to Colyseus: the directors (directors.ts) publish and
 * subscribe through the matchmaker's presence (Redis across processes), and a pairing's table
 * is an ordinary table room made by the matchmaker, with a seat reserved for each player.
 */
import { matchMaker } from "@colyseus/core";
import type { Logger } from "../logging/logger.js";
import type { Store } from "../storage/store.js";
import type { SeatPlayer } from "../table/identity.js";
import type { MadeTable } from "./director.js";
import { ArenaDirectors } from "./directors.js";
import { ARENA_TABLE_OPTION, type ArenaTableInput } from "../arena-rules/table-config.js";

/** The arena options of startServer (server.ts), in seconds. */
export interface ArenaOptions {
  arenaSchedule?: boolean;
  arenaLeaseSeconds?: number;
  arenaClaimEverySeconds?: number;
  turnSeconds?: number;
}

/** This process's arena directors (started once the tables on record are back). */
export function arenaDirectors(
  o: ArenaOptions,
  parts: { store: Store; owner: string; tableRoom: string; log: Logger },
): ArenaDirectors {
  return new ArenaDirectors({
    arenas: parts.store.arenas,
    owner: parts.owner,
    leaseMs: (o.arenaLeaseSeconds ?? 3) * 1000,
    claimEveryMs: (o.arenaClaimEverySeconds ?? 1) * 1000,
    schedule: o.arenaSchedule ?? true,
    turnSeconds: o.turnSeconds || 30,
    publish: (channel, event) => void matchMaker.presence.publish(channel, event),
    subscribe: async (channel, listener) => {
      await matchMaker.presence.subscribe(channel, listener);
      return (): void => void matchMaker.presence.unsubscribe(channel, listener);
    },
    makeTable: (table) => makeArenaTable(parts.tableRoom, table),
    now: () => Date.now(),
    log: parts.log.child({ part: "arenas" }),
  });
}

/** A pairing's table, made by its director (in whichever process matchmaking picks), and a seat reserved for each player. */
async function makeArenaTable(roomName: string, table: ArenaTableInput): Promise<MadeTable> {
  const room = await matchMaker.createRoom(roomName, { [ARENA_TABLE_OPTION]: table });
  const reserve = (seat: ArenaTableInput["seats"][number]): Promise<unknown> => {
    const shown = { rating: seat.rating, provisional: false };
    // No session: the director pairs players, not their sessions (a seat whose player signed out meanwhile is still theirs for this hand).
    const player: SeatPlayer = {
      playerId: seat.playerId,
      accountSession: "",
      name: seat.name,
      ratings: { duel: shown, multi: shown },
      marked: false, // the arena room turns a marked player away; one marked since plays unrated (storage/record-hand.ts)
    };
    return matchMaker.reserveSeatFor(room, {}, player);
  };
  const reservations = await Promise.all([reserve(table.seats[0]), reserve(table.seats[1])]);
  return { roomId: room.roomId, reservations: [reservations[0], reservations[1]] };
}
