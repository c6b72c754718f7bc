/** Tournament statistics: score with its 95% Wilson interval, and the Elo difference it implies. */

const Z95 = 1.959963984540054;

/** Wilson score interval for a proportion `p` observed over `n` trials (draws count ½). */
export function wilson(p: number, n: number, z = Z95): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Elo difference for an expected score `p` (±Infinity at 1 and 0). */
export function eloOf(p: number): number {
  if (p <= 0) return -Infinity;
  if (p >= 1) return Infinity;
  return -400 * Math.log10(1 / p - 1) + 0; // + 0 turns -0 into 0
}
