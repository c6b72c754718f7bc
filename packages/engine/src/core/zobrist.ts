/**
 * Zobrist keys for R16 positions, as two independent 32-bit halves (64 bits in all,
 * no BigInt). Fixed-seeded so hashes are the same in every process and worker.
 */
import { Rng } from "../rng.js";

export const MAX_SEATS = 4;
export const CARDS = 36;

const rng = new Rng("your-trumps/zobrist/v1");
const table = (size: number): Int32Array => {
  const a = new Int32Array(size);
  for (let i = 0; i < size; i++) a[i] = rng.nextUint32() | 0;
  return a;
};

/** [seat * 36 + card]: card in that seat's hand. */
export const HAND_A = table(MAX_SEATS * CARDS);
export const HAND_B = table(MAX_SEATS * CARDS);
/** [depth * 36 + card]: card at that depth of the pile (0 = bottom). */
export const PILE_A = table(CARDS * CARDS);
export const PILE_B = table(CARDS * CARDS);
/** [seat]: that seat to move. */
export const MOVER_A = table(MAX_SEATS);
export const MOVER_B = table(MAX_SEATS);
/** A second card is due. */
export const SECOND_A = rng.nextUint32() | 0;
export const SECOND_B = rng.nextUint32() | 0;
