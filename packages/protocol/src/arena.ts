/**
 * Arena tournaments: the HTTP answers (`/api/arenas`), the `arena` room a player is in the
 * arena through, and its messages. A pairing arrives in the arena room as `paired` with a
 * seat reservation for an ordinary `table` room (the SDK's `consumeSeatReservation`); the
 * hand is played there, and the player is back in the arena (still connected to its room)
 * when it is over.
 */

/** The room a player joins to be in an arena: `client.joinOrCreate(ARENA_ROOM, { arenaId, token })`. */
export const ARENA_ROOM = "arena";

/** An arena's length in minutes (the server's ARENA_MIN_MINUTES may lower the floor for tests). */
export const ARENA_MINUTES = { min: 20, max: 720 } as const;
/** An arena's name, in characters. */
export const ARENA_NAME_MAX = 40;
/** After a hand, a player is paired again after this long unless they pause. */
export const ARENA_NEXT_HAND_MS = 3000;
/** The standings lines `GET /api/arenas/:id` and the arena room show. */
export const ARENA_STANDINGS_SHOWN = 100;

export const ARENA_STATUSES = [
  "created", // not started yet: players may join, nobody is paired
  "started", // running: players are paired as they become ready
  "finished", // over: no more pairings (hands paired before the end still count when they finish)
] as const;
export type ArenaStatus = (typeof ARENA_STATUSES)[number];

/** An arena as listed. */
export interface ArenaSummary {
  id: string;
  name: string;
  status: ArenaStatus;
  startsAt: number; // epoch ms
  endsAt: number;
  minutes: number;
  rated: boolean;
  turnSeconds: number;
  berserk: boolean; // berserk allowed
  streaks: boolean; // fire on
  minRatedHands: number; // entry: rated duels played at least (0 = none)
  maxRating: number | null; // entry: duel rating at most
  scheduled: "hourly" | "daily" | null; // made by the server's own schedule
  final: boolean; // the last hand is over: the standings are the podium's
}

/** One line of the standings. */
export interface ArenaStanding {
  rank: number; // 1 = first
  playerId: string;
  name: string;
  score: number;
  hands: number; // finished hands
  fire: boolean; // the next hand is played on fire
  performance: number | null; // average of the opponent's rating ±500; null before the first finished hand
  winRate: number; // wins / hands, 0–1
  berserkRate: number; // berserk hands / hands, 0–1
  rating: number;
  paused: boolean;
}

/** The featured table: the best-ranked pairing in play, watchable with `joinById(roomId, { watch: true })`. */
export interface FeaturedTable {
  roomId: string;
  players: [string, string]; // names, seat 0 and 1
}

/** `GET /api/arenas/:id`, and the arena room's `standings` message. */
export interface ArenaDetail extends ArenaSummary {
  players: number; // in the arena
  standings: ArenaStanding[]; // the first ARENA_STANDINGS_SHOWN
  featured: FeaturedTable | null;
  me?: ArenaStanding; // with a token: the caller's own line, once they joined
}

/** `GET /api/arenas`. */
export interface ArenaList {
  upcoming: ArenaSummary[];
  running: ArenaSummary[];
  finished: ArenaSummary[]; // the most recent
}

/** `POST /api/arenas` (bearer token). */
export interface NewArenaRequest {
  name: string;
  minutes: number;
  startsAt?: number; // epoch ms; absent = now
  rated?: boolean; // default true
  berserk?: boolean; // default true
  streaks?: boolean; // default true
  turnSeconds?: number; // default: the server's TURN_SECONDS
  minRatedHands?: number;
  maxRating?: number;
}

/** A player's arenas (`GET /api/players/:id/arenas`). */
export interface PlayerArena {
  id: string;
  name: string;
  startsAt: number;
  rank: number;
  score: number;
  trophy: 1 | 2 | 3 | null; // a podium place of a finished arena
}

/** Join options of the arena room. */
export interface ArenaJoinOptions {
  arenaId: string;
  token: string; // the player's identity token (anonymous players cannot be ranked)
}

/** Client → server messages of the arena room. */
export interface ArenaClientMessages {
  pause: Record<string, never> | undefined; // not to be paired until `resume`
  resume: Record<string, never> | undefined; // paired again (after lichess's rejoin delay for repeated pauses)
}
export type ArenaClientMessageType = keyof ArenaClientMessages;
export const ARENA_CLIENT_MESSAGES = ["pause", "resume"] as const satisfies readonly ArenaClientMessageType[];

/** Server → client messages of the arena room. */
export interface ArenaServerMessages {
  paired: ArenaPairedMessage;
  standings: ArenaDetail; // to everyone in the room, at most every 500 ms while something changes (without `me`)
  you: ArenaYouMessage; // to one player, whenever their own state or line changes
  error: ArenaErrorMessage;
}

/** A hand for you: take the seat with `client.consumeSeatReservation(reservation)`. */
export interface ArenaPairedMessage {
  reservation: unknown; // the SDK's SeatReservation, passed on as it is
  roomId: string;
  opponent: string; // name
}

/** The player's own state in the arena. */
export interface ArenaYouMessage {
  me: ArenaStanding; // their line (rank, score, fire, …)
  paused: boolean;
  playing: string | null; // the table's room id while they play a hand
  rejoinAt: number; // epoch ms before which `resume` waits (lichess's delay after repeated pauses); 0 = none
}

export const ARENA_ERRORS = [
  "malformed", // not a known message, or not its shape
  "rate-limited", // too many messages; this one was dropped
  "wrong-state", // pause while paused, resume while in play, …
  "arena-not-qualified", // a moderator marked the account (or closed it) while it was here: the connection closes with ARENA_REMOVED_CODE
] as const;
export type ArenaError = (typeof ARENA_ERRORS)[number];

export interface ArenaErrorMessage {
  code: ArenaError;
  message: string;
}
