/** Animation timings (ms), Phaser-free so the benchmark can read them too. */
export const FLY_MS = 260; // one card's flight
export const DEAL_GAP_MS = 12; // between dealt cards: a 36-card deal lands in 0.7 s, before a computer (700 ms pause) can lead

/** How long the deal of `cards` cards takes to land. */
export function dealMs(cards: number): number {
  return cards * DEAL_GAP_MS + FLY_MS;
}
