/** Arenas and standings for the arena pages' unit tests. */
import type { ArenaDetail, ArenaStanding, ArenaSummary } from "@yourtrumps/protocol";

export const NOW = Date.UTC(2026, 11, 6, 12, 0, 0);

export function summary(change: Partial<ArenaSummary> = {}): ArenaSummary {
  return {
    id: "Ab3x9Zq1",
    name: "Hourly duel arena",
    status: "started",
    startsAt: NOW - 10 * 60_000,
    endsAt: NOW + 47 * 60_000 + 5000,
    minutes: 57,
    rated: true,
    turnSeconds: 30,
    berserk: true,
    streaks: true,
    minRatedHands: 0,
    maxRating: null,
    scheduled: "hourly",
    final: false,
    ...change,
  };
}

export function standing(rank: number, name: string, change: Partial<ArenaStanding> = {}): ArenaStanding {
  return {
    rank,
    playerId: `0000000${rank}-0000-4000-8000-000000000000`,
    name,
    score: 10 - rank,
    hands: 4,
    fire: false,
    performance: 1600 - rank * 10,
    winRate: 0.75,
    berserkRate: 0.25,
    rating: 1500,
    paused: false,
    ...change,
  };
}

export function detail(change: Partial<ArenaDetail> = {}): ArenaDetail {
  return {
    ...summary(),
    players: 4,
    standings: [
      standing(1, "Ада", { fire: true }),
      standing(2, "Bo"),
      standing(3, "Cy", { paused: true }),
      standing(4, "Di"),
    ],
    featured: { roomId: "room-1", players: ["Ада", "Bo"] },
    ...change,
  };
}
