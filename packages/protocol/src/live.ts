/**
 * What is being played now, for the lobby's "Live now", TV and other sites:
 * `GET /api/live` answers a LiveAnswer, `GET /api/tv` a TvAnswer, and the lobby's
 * `live` room holds the same list in its synced state (updated at most once a second).
 */
import type { Mode, PlayerCount } from "./table.js";

/** The lobby's room: joined with no options, it only ever sends its state. */
export const LIVE_ROOM_NAME = "live";
/** At most this many tables are listed, best rated first. */
export const LIVE_TABLES_MAX = 50;

export interface LiveSeat {
  name: string;
  playerId: string; // "" for anonymous and computer seats
  rating: number; // rounded, for the table's kind; 0 = none
  computer: boolean;
}

export interface LiveTable {
  roomId: string; // watch it with `client.joinById(roomId, { watch: true })`, or the page `?watch=<roomId>`
  mode: Mode; // "quick" (private tables are watched by their link only, never listed)
  players: PlayerCount;
  seats: LiveSeat[];
  spectators: number;
  startedAt: number; // epoch ms the table's first hand was set up
}

export interface LiveAnswer {
  online: number; // clients connected to the game servers, every process counted
  tables: LiveTable[]; // at most LIVE_TABLES_MAX, best rated first
  tv: string | null; // the room id TV shows now, if any table is being played
}

export interface TvAnswer {
  roomId: string | null;
}
