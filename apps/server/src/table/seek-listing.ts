/**
 * A quick-match table waiting for people is an open seek: the room's metadata (which
 * the matchmaker keeps, in Redis with REDIS_URL) carries who sits there, so the lobby's
 * list (lobby/open-seeks.ts) is one `matchMaker.query` across processes, no registry of our own.
 */
import type { SeekSeat } from "@yourtrumps/protocol";
import type { TableState } from "../state/table-state.js";

/** What a quick table adds to its metadata while it waits. */
export interface SeekMetadata {
  seated: SeekSeat[];
  since: number; // epoch ms the table opened
  meanwhile: boolean; // someone there plays the computer meanwhile
}

/** The people seated now, as the seek list shows them. */
export function seekMetadata(state: TableState, since: number, meanwhile: boolean): SeekMetadata {
  const seated = state.seats
    .filter((seat) => seat.sessionId !== "" && !seat.isAI)
    .map((seat) => ({ name: seat.name, playerId: seat.playerId === "" ? null : seat.playerId, rating: seat.rating }));
  return { seated, since, meanwhile };
}
