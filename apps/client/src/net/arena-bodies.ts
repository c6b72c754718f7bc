/** Reads the arenas' HTTP answers and the arena room's messages field by field: a body the server changed never reaches the pages as `any`. */
import {
  ARENA_ERRORS,
  ARENA_STATUSES,
  type ArenaDetail,
  type ArenaErrorMessage,
  type ArenaList,
  type ArenaPairedMessage,
  type ArenaStanding,
  type ArenaSummary,
  type ArenaYouMessage,
  type FeaturedTable,
  type PlayerArena,
} from "@yourtrumps/protocol";
import { fields, list, num, oneOf, str } from "./read.js";

export function readArenaSummary(x: unknown): ArenaSummary | null {
  const f = fields<ArenaSummary>(x);
  const id = str(f.id);
  const status = oneOf(f.status, ARENA_STATUSES);
  if (id === "" || status === null || typeof f.startsAt !== "number" || typeof f.endsAt !== "number") return null;
  return {
    id,
    name: str(f.name),
    status,
    startsAt: f.startsAt,
    endsAt: f.endsAt,
    minutes: num(f.minutes, 0),
    rated: f.rated !== false,
    turnSeconds: num(f.turnSeconds, 0),
    berserk: f.berserk === true,
    streaks: f.streaks === true,
    minRatedHands: num(f.minRatedHands, 0),
    maxRating: typeof f.maxRating === "number" ? f.maxRating : null,
    scheduled: oneOf(f.scheduled, ["hourly", "daily"] as const),
    final: f.final === true,
  };
}

function summaries(x: unknown): ArenaSummary[] {
  return list(x)
    .map(readArenaSummary)
    .filter((a): a is ArenaSummary => a !== null);
}

/** `GET /api/arenas`. */
export function readArenaList(body: unknown): ArenaList | null {
  const f = fields<ArenaList>(body);
  if (!Array.isArray(f.upcoming) || !Array.isArray(f.running) || !Array.isArray(f.finished)) return null;
  return { upcoming: summaries(f.upcoming), running: summaries(f.running), finished: summaries(f.finished) };
}

export function readStanding(x: unknown): ArenaStanding | null {
  const f = fields<ArenaStanding>(x);
  const playerId = str(f.playerId);
  if (playerId === "" || typeof f.rank !== "number") return null;
  return {
    rank: f.rank,
    playerId,
    name: str(f.name),
    score: num(f.score, 0),
    hands: num(f.hands, 0),
    fire: f.fire === true,
    performance: typeof f.performance === "number" ? f.performance : null,
    winRate: num(f.winRate, 0),
    berserkRate: num(f.berserkRate, 0),
    rating: num(f.rating, 0),
    paused: f.paused === true,
  };
}

function readFeatured(x: unknown): FeaturedTable | null {
  const f = fields<FeaturedTable>(x);
  const roomId = str(f.roomId);
  const players = list(f.players).map(str);
  return roomId === "" ? null : { roomId, players: [players[0] ?? "", players[1] ?? ""] };
}

/** `GET /api/arenas/:id` and the room's `standings`. */
export function readArenaDetail(body: unknown): ArenaDetail | null {
  const summary = readArenaSummary(body);
  if (summary === null) return null;
  const f = fields<ArenaDetail>(body);
  const me = f.me === undefined ? null : readStanding(f.me);
  return {
    ...summary,
    players: num(f.players, 0),
    standings: list(f.standings)
      .map(readStanding)
      .filter((s): s is ArenaStanding => s !== null),
    featured: readFeatured(f.featured),
    ...(me ? { me } : {}),
  };
}

/** The room's `you`. */
export function readArenaYou(body: unknown): ArenaYouMessage | null {
  const f = fields<ArenaYouMessage>(body);
  const me = readStanding(f.me);
  if (me === null) return null;
  return {
    me,
    paused: f.paused === true,
    playing: typeof f.playing === "string" ? f.playing : null,
    rejoinAt: num(f.rejoinAt, 0),
  };
}

/** The room's `paired`: the reservation is the SDK's, passed on as it is. */
export function readArenaPaired(body: unknown): ArenaPairedMessage | null {
  const f = fields<ArenaPairedMessage>(body);
  if (f.reservation === null || typeof f.reservation !== "object") return null;
  return { reservation: f.reservation, roomId: str(f.roomId), opponent: str(f.opponent) };
}

/** The room's `error`. */
export function readArenaError(body: unknown): ArenaErrorMessage {
  const f = fields<ArenaErrorMessage>(body);
  return { code: oneOf(f.code, ARENA_ERRORS) ?? "malformed", message: str(f.message) };
}

/** `GET /api/players/:id/arenas`. */
export function readPlayerArenas(body: unknown): PlayerArena[] | null {
  if (!Array.isArray(body)) return null;
  return body.flatMap((x): PlayerArena[] => {
    const f = fields<PlayerArena>(x);
    const id = str(f.id);
    if (id === "") return [];
    const trophy = f.trophy === 1 || f.trophy === 2 || f.trophy === 3 ? f.trophy : null;
    const entry = { id, name: str(f.name), startsAt: num(f.startsAt, 0), rank: num(f.rank, 0), score: num(f.score, 0) };
    return [{ ...entry, trophy }];
  });
}

/** `POST /api/arenas`'s `201 { id }`. */
export function readNewArena(body: unknown): { id: string } | null {
  const id = str(fields<{ id: string }>(body).id);
  return id === "" ? null : { id };
}
