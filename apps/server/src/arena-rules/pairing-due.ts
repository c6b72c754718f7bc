/**
 * When to run a pairing pass. lichess pairs on a poll of 1–15 s; here a pass runs when a
 * player becomes ready: at once when at least two thirds of the active players are ready
 * (waiting longer would bring little better), otherwise once the longest-waiting ready player
 * has waited PAIRING_WINDOW_MS, in case a better opponent finishes meanwhile.
 */

/** The longest a ready player waits for a better match before a pass runs anyway. */
export const PAIRING_WINDOW_MS = 800;

/** Milliseconds until the next pass should run; null when fewer than two are ready. */
export function pairingDueIn(ready: number, active: number, oldestReadySince: number, now: number): number | null {
  if (ready < 2) return null;
  if (ready * 3 >= active * 2) return 0;
  return Math.max(0, oldestReadySince + PAIRING_WINDOW_MS - now);
}
