/**
 * The wait before a player who paused may be paired again, as lichess's arena counts it:
 * the first pause costs PAUSE_FLOOR_S; each further one the base delay (a hand's estimated
 * length over 15) times the pauses before it, between PAUSE_FLOOR_S and PAUSE_CAP_S; twenty
 * minutes without a pause and the count starts again. A hand's length is estimated from the
 * turn clock as lichess estimates a game's from its time control.
 */

export const PAUSE_FLOOR_S = 10;
export const PAUSE_CAP_S = 120;
export const PAUSE_MEMORY_MS = 20 * 60_000;
/** A hand's estimated length: this many turns of a player's at the full turn clock. */
export const ESTIMATED_TURNS = 20;

/** A player's pauses in one arena. */
export interface PauseRecord {
  pauses: number; // since the count last started again
  pausedAt: number; // epoch ms of the last one
}

/** The record after a pause at `now`. */
export function addPause(record: PauseRecord | null, now: number): PauseRecord {
  if (!record || now - record.pausedAt > PAUSE_MEMORY_MS) return { pauses: 1, pausedAt: now };
  return { pauses: record.pauses + 1, pausedAt: now };
}

/** Milliseconds before the player may be paired again (0 = now). */
export function rejoinDelayMs(record: PauseRecord | null, turnSeconds: number, now: number): number {
  if (!record || now - record.pausedAt > PAUSE_MEMORY_MS) return 0;
  const base = Math.floor((Math.max(turnSeconds, 1) * ESTIMATED_TURNS) / 15);
  const delayS = Math.min(PAUSE_CAP_S, Math.max(PAUSE_FLOOR_S, base * (record.pauses - 1)));
  return Math.max(0, record.pausedAt + delayS * 1000 - now);
}
