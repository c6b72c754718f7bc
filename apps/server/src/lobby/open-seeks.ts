/**
 * The open seeks — quick-match tables with people waiting — from the rooms' metadata in
 * Colyseus' listing (table/seek-listing.ts), so they span every process sharing Redis; for
 * `GET /api/live` and the lobby's live room (now-playing.ts). Nothing personal beyond a
 * seated player's name, id and rating: never a token, a session or an address.
 */
import type { Seek } from "@yourtrumps/protocol";
import type { SeekMetadata } from "../table/seek-listing.js";
import type { TableListing } from "../table/table-listing.js";

/** The open seeks among `rooms`, oldest first: a quick table with a free seat and a person at it. */
export function openSeeks(
  rooms: readonly { roomId: string; metadata?: Partial<TableListing & SeekMetadata> | null }[],
): Seek[] {
  const seeks: Seek[] = [];
  for (const room of rooms) {
    const m = room.metadata;
    if (
      m?.mode !== "quick" ||
      m.open !== true ||
      !Array.isArray(m.seated) ||
      m.seated.length === 0 ||
      typeof m.players !== "number"
    )
      continue;
    seeks.push({
      roomId: room.roomId,
      players: m.players,
      seated: m.seated,
      since: m.since ?? 0,
      meanwhile: m.meanwhile === true,
    });
  }
  return seeks.sort((a, b) => a.since - b.since);
}
