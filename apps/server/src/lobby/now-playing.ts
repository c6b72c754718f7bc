/**
 * What is being played now: the live list (best rated first), the count of people
 * online (presence), the open seeks and TV's table. Everything comes from the rooms' metadata in Colyseus' listing
 * (table/table-listing.ts) — with REDIS_URL the driver holds every process's rooms — so
 * `GET /api/live`, the lobby's live room and TV agree, on every process.
 */
import { matchMaker } from "@colyseus/core";
import { ARENA_ROOM, LIVE_TABLES_MAX, ROOM_NAME } from "@yourtrumps/protocol";
import type { ArenaRoomListing } from "../arena/arena-room.js";
import type { LiveAnswer, LiveTable } from "@yourtrumps/protocol";
import type { SeekMetadata } from "../table/seek-listing.js";
import type { TableListing } from "../table/table-listing.js";
import { OnlinePlayers } from "../presence/online-players.js";
import { openSeeks } from "./open-seeks.js";

/** A room as the listing holds it: its id and the metadata its table published. */
export interface ListedRoom {
  roomId: string;
  metadata?: Partial<TableListing & SeekMetadata> | null; // a room of another kind, or one still being created, may have none
}

/** The phases TV shows: a hand being set up or played (a finished one is switched away from). */
const ON_AIR = new Set(["choosing", "playing"]);

/** Players online: pages with an identity connected to the presence room, every process counted (Colyseus' presence). */
export async function onlineCount(): Promise<number> {
  return new OnlinePlayers(matchMaker.presence).count();
}

/** Every table room in the listing, every process's. */
export async function listedTables(): Promise<ListedRoom[]> {
  return (await matchMaker.query({ name: ROOM_NAME })) as ListedRoom[];
}

/** The featured tables of the arenas (each arena room's listing), every process's. */
export async function featuredTables(): Promise<string[]> {
  const rooms = (await matchMaker.query({ name: ARENA_ROOM })) as { metadata?: Partial<ArenaRoomListing> | null }[];
  return rooms.flatMap((room) => (typeof room.metadata?.featured === "string" ? [room.metadata.featured] : []));
}

/** The answer of `GET /api/live`, from the listing now. */
export async function nowPlaying(): Promise<LiveAnswer> {
  const [rooms, online, featured] = await Promise.all([listedTables(), onlineCount(), featuredTables()]);
  return liveAnswer(rooms, online, featured);
}

/** The live list and TV's choice from `rooms`: an arena's featured table first, when one is in play. */
export function liveAnswer(rooms: readonly ListedRoom[], online: number, featured: readonly string[] = []): LiveAnswer {
  const live = rooms.map(liveTable).filter((table): table is LiveTable & { phase: string } => table !== null);
  live.sort(byStrength);
  return {
    online,
    tables: live.slice(0, LIVE_TABLES_MAX).map(({ phase: _phase, ...table }) => table),
    seeks: openSeeks(rooms),
    tv: featured[0] ?? tvChoice(live),
  };
}

/** TV's table among the listed ones: a duel before a table of 3–4, then the best rated, then the longest on. */
export function tvChoice(live: readonly (LiveTable & { phase: string })[]): string | null {
  const onAir = live.filter((table) => ON_AIR.has(table.phase));
  const duels = onAir.filter((table) => table.players === 2);
  return (duels[0] ?? onAir[0])?.roomId ?? null; // `live` is sorted by strength already
}

/** A public table being played, with at least one person at it; null for anything else. */
function liveTable(room: ListedRoom): (LiveTable & { phase: string }) | null {
  const m = room.metadata;
  if (
    !m ||
    m.mode !== "quick" ||
    m.watchable !== true ||
    m.phase === undefined ||
    m.phase === "waiting" ||
    !Array.isArray(m.seats) ||
    m.players === undefined
  )
    return null;
  if (!m.seats.some((seat) => !seat.computer)) return null;
  return {
    roomId: room.roomId,
    mode: m.mode,
    players: m.players,
    seats: m.seats,
    spectators: m.spectators ?? 0,
    startedAt: m.startedAt ?? 0,
    phase: m.phase,
  };
}

/** The people's average rating (rated people only; 0 when none is rated). */
export function strength(table: LiveTable): number {
  const rated = table.seats.filter((seat) => !seat.computer && seat.rating > 0);
  return rated.length === 0 ? 0 : rated.reduce((sum, seat) => sum + seat.rating, 0) / rated.length;
}

function byStrength(a: LiveTable, b: LiveTable): number {
  return (
    strength(b) - strength(a) ||
    b.spectators - a.spectators ||
    a.startedAt - b.startedAt ||
    (a.roomId < b.roomId ? -1 : 1)
  );
}
