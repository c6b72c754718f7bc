/** `GET /api/live`: who is here now, and who is waiting for a game (the lobby's live counts and open seeks). */

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

export interface LiveAnswer {
  online: number; // pages with an identity connected now (the presence room), across processes
  seeks: Seek[]; // oldest first
}

export const LIVE_PATH = "/api/live";
