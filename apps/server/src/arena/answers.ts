/** An arena as the API and the arena room show it (@yourtrumps/protocol's arena.ts), from its record and lines. */
import type { ArenaStanding, ArenaStatus, ArenaSummary } from "@yourtrumps/protocol";
import type { ArenaPlayerRecord, ArenaRecord } from "../storage/arenas.js";
import { performanceOf } from "../arena-rules/standings.js";

/** Where the arena is at `now`: before its start, running, or over (a hand paired before the end may still be in play). */
export function arenaStatus(arena: Pick<ArenaRecord, "startsAt" | "endsAt">, now: number): ArenaStatus {
  return now < arena.startsAt ? "created" : now < arena.endsAt ? "started" : "finished";
}

export function summaryOf(arena: ArenaRecord, now: number): ArenaSummary {
  const scheduled = arena.scheduleKey?.startsWith("hourly:")
    ? "hourly"
    : arena.scheduleKey?.startsWith("daily:")
      ? "daily"
      : null;
  return {
    id: arena.id,
    name: arena.name,
    status: arenaStatus(arena, now),
    startsAt: arena.startsAt,
    endsAt: arena.endsAt,
    minutes: arena.minutes,
    rated: arena.rated,
    turnSeconds: arena.turnSeconds,
    berserk: arena.berserk,
    streaks: arena.streaks,
    minRatedHands: arena.minRatedHands,
    maxRating: arena.maxRating,
    scheduled,
    final: arena.podiumAt !== null,
  };
}

export function standingOf(line: ArenaPlayerRecord, rank: number): ArenaStanding {
  return {
    rank,
    playerId: line.playerId,
    name: line.name,
    score: line.score,
    hands: line.hands,
    fire: line.fire,
    performance: performanceOf(line),
    winRate: line.hands === 0 ? 0 : line.wins / line.hands,
    berserkRate: line.hands === 0 ? 0 : line.berserks / line.hands,
    rating: line.rating,
    paused: line.paused,
  };
}
