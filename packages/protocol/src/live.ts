/**
 * What is being played now and who waits for a game, for the lobby's "Live now", its
 * open seeks and counts, TV and other sites: `GET /api/live` answers a LiveAnswer, `GET /api/tv` a TvAnswer, and the lobby's
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
  online: number; // pages with an identity connected now (the presence room), across processes
  tables: LiveTable[]; // at most LIVE_TABLES_MAX, best rated first
  seeks: Seek[]; // quick-match tables with people waiting, oldest first
  tv: string | null; // the room id TV shows now, if any table is being played
}

export interface TvAnswer {
  roomId: string | null;
}

/** A person seated at a quick-match table that waits for more. */
export interface SeekSeat {
  name: string;
  playerId: string | null; // null: a person without an identity
  rating: number; // rounded, of the table's kind; 0 = none yet
}

/** An open seek: a quick-match table with people waiting; a click on it joins it by `roomId`. */
export interface Seek {
  roomId: string;
  players: number; // the table's size, 2–4
  seated: SeekSeat[];
  since: number; // epoch ms the table opened
  meanwhile: boolean; // someone there is playing the computer while they wait (the table is not filled with computers yet)
}

export const LIVE_PATH = "/api/live";
