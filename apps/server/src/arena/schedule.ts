/**
 * The server's own arenas: an hourly one starting on each full hour and lasting 57 minutes
 * (lichess's hourly arenas), and a daily one of two hours from DAILY_HOUR UTC. Each has a
 * key of its slot ("hourly:2026-12-05T21", "daily:2026-12-05"), unique in the database, so
 * every process of every start may create the same arenas and only one of each exists.
 */
import type { NewArena } from "../storage/arenas.js";

export const HOURLY_MINUTES = 57;
export const DAILY_HOUR = 18; // UTC
export const DAILY_MINUTES = 120;

/** The scheduled arenas that should exist at `now`: the running and the next hourly, today's daily (unless over) and tomorrow's. */
export function scheduledArenas(now: number, turnSeconds: number): (NewArena & { scheduleKey: string })[] {
  const hour = Math.floor(now / 3_600_000) * 3_600_000;
  const day = Math.floor(now / 86_400_000) * 86_400_000;
  const common = {
    rated: true,
    berserk: true,
    streaks: true,
    minRatedHands: 0,
    maxRating: null,
    createdBy: null,
    turnSeconds,
  };
  const arenas: (NewArena & { scheduleKey: string })[] = [];
  for (const start of [hour, hour + 3_600_000])
    if (start + HOURLY_MINUTES * 60_000 > now)
      arenas.push({
        ...common,
        name: "Hourly Arena",
        minutes: HOURLY_MINUTES,
        startsAt: start,
        scheduleKey: `hourly:${new Date(start).toISOString().slice(0, 13)}`,
      });
  for (const start of [day + DAILY_HOUR * 3_600_000, day + (24 + DAILY_HOUR) * 3_600_000])
    if (start + DAILY_MINUTES * 60_000 > now)
      arenas.push({
        ...common,
        name: "Daily Arena",
        minutes: DAILY_MINUTES,
        startsAt: start,
        scheduleKey: `daily:${new Date(start).toISOString().slice(0, 10)}`,
      });
  return arenas;
}
