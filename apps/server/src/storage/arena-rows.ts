/** Arena rows of the database as the arena's records (storage/arenas.ts): dates as epoch ms, names as the code spells them. */
import type { ArenaPlayerRecord, ArenaRecord, PairingRecord } from "./arenas.js";

/** An arena row as its record. */
export function arenaOf(row: {
  id: string;
  name: string;
  minutes: number;
  starts_at: Date;
  ends_at: Date;
  rated: boolean;
  turn_seconds: number;
  berserk: boolean;
  streaks: boolean;
  min_rated_hands: number;
  max_rating: number | null;
  created_by: string | null;
  schedule_key: string | null;
  podium_at: Date | null;
}): ArenaRecord {
  return {
    id: row.id,
    name: row.name,
    minutes: row.minutes,
    startsAt: row.starts_at.getTime(),
    endsAt: row.ends_at.getTime(),
    rated: row.rated,
    turnSeconds: row.turn_seconds,
    berserk: row.berserk,
    streaks: row.streaks,
    minRatedHands: row.min_rated_hands,
    maxRating: row.max_rating,
    createdBy: row.created_by,
    scheduleKey: row.schedule_key,
    podiumAt: row.podium_at?.getTime() ?? null,
  };
}

export function playerOf(row: {
  player_id: string;
  name: string;
  rating: number;
  joined_at: Date;
  paused: boolean;
  pauses: number;
  paused_at: Date | null;
  score: number;
  hands: number;
  wins: number;
  berserks: number;
  fire: boolean;
  performance_sum: number;
  reached_at: Date | null;
}): ArenaPlayerRecord {
  return {
    playerId: row.player_id,
    name: row.name,
    rating: row.rating,
    score: row.score,
    hands: row.hands,
    wins: row.wins,
    berserks: row.berserks,
    fire: row.fire,
    performanceSum: row.performance_sum,
    reachedAt: row.reached_at?.getTime() ?? 0,
    paused: row.paused,
    pauses: row.pauses,
    pausedAt: row.paused_at?.getTime() ?? null,
    joinedAt: row.joined_at.getTime(),
  };
}

export function pairingOf(row: {
  id: string;
  arena_id: string;
  player_a: string;
  player_b: string;
  rating_a: number;
  rating_b: number;
  room_id: string | null;
  created_at: Date;
  finished_at: Date | null;
}): PairingRecord {
  return {
    id: row.id,
    arenaId: row.arena_id,
    players: [row.player_a, row.player_b],
    ratings: [row.rating_a, row.rating_b],
    roomId: row.room_id,
    createdAt: row.created_at.getTime(),
    finished: row.finished_at !== null,
  };
}
