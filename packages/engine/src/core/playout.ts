import { type Core, R_NONE } from "./core.js";

/**
 * Plays uniformly random legal moves from the core's current position to the end of
 * the hand (xorshift32 from `seed`, so it is deterministic). Returns the number of
 * moves made; the core is left at the final position (unmake `ply` times to return).
 */
export function randomPlayout(core: Core, seed: number, moves: Uint8Array = new Uint8Array(37)): number {
  let x = seed | 0 || 0x9e3779b9;
  let made = 0;
  while (core.result === R_NONE) {
    const k = core.legalMoves(moves);
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    core.make(moves[(x >>> 0) % k]!);
    made++;
  }
  return made;
}
