/**
 * What a card player looks at in a position, as numbers for the learned evaluation
 * (model.ts): read off the fast core from one seat's side. "The opponent" is the next
 * seat holding cards — the one who must answer this seat's cards (in the duel, the other
 * player); counts of the others are averaged. Every feature is scaled to about 0…1.
 */
import type { Core } from "@yourtrumps/engine";

/** Feature names, in the order of the vector (the weights file lists them, so a change of order is caught). */
export const FEATURE_NAMES = [
  "bias",
  "my cards",
  "their cards",
  "card lead",
  "my trumps",
  "their trumps",
  "my cards they cannot beat",
  "their cards I cannot beat",
  "my cards they beat only with a trump",
  "their cards I beat only with a trump",
  "my highest trump",
  "their highest trump",
  "I move",
  "I must answer",
  "my beaters of the top card",
  "my pickup size",
  "they must answer",
  "their beaters of the top card",
  "their pickup size",
  "I owe a second card",
  "they owe a second card",
  "pile size",
  "I hold one card",
  "they hold one card",
  "my low side cards",
  "their low side cards",
  "turns played",
  "seats holding cards",
  "my cards above the others' mean",
] as const;

export const FEATURES = FEATURE_NAMES.length;

const POP = Uint8Array.from({ length: 512 }, (_, m) => {
  let k = 0;
  for (let x = m; x; x &= x - 1) k++;
  return k;
});
const LOW = 0b111; // ranks 6, 7, 8
const moves = new Uint8Array(37); // scratch for the mover's legal moves

/** Cards of `mine` (9-bit masks by suit) that a holder of `theirs` with trump `t` cannot beat, and those it beats only with a trump. */
function threats(hands: Uint16Array, me: number, them: number, t: number): { safe: number; trumpOnly: number } {
  const hasTrump = hands[them * 4 + t]! !== 0;
  let safe = 0;
  let trumpOnly = 0;
  for (let suit = 0; suit < 4; suit++) {
    const m = hands[me * 4 + suit]!;
    if (m === 0) continue;
    const o = hands[them * 4 + suit]!;
    const above = o === 0 ? m : m & ~((2 << (31 - Math.clz32(o))) - 1); // my cards above their highest of the suit
    if (suit !== t && hasTrump) trumpOnly += POP[above]!;
    else safe += POP[above]!;
  }
  return { safe, trumpOnly };
}

/** The seat after `seat` that still holds cards (or `seat` itself when nobody else does). */
function nextHolder(core: Core, seat: number): number {
  for (let step = 1; step < core.n; step++) {
    const s = (seat + step) % core.n;
    if (core.count[s]! > 0) return s;
  }
  return seat;
}

/** Writes the features of the core's position, seen from `seat` (which must hold cards), into `out`. */
export function featuresOf(core: Core, seat: number, out: Float64Array): Float64Array {
  const o = nextHolder(core, seat);
  const h = core.hands;
  const mine = core.count[seat]!;
  const theirs = core.count[o]!;
  let holders = 0;
  let others = 0;
  for (let s = 0; s < core.n; s++) {
    if (core.count[s]! > 0) holders++;
    if (s !== seat) others += core.count[s]!;
  }
  const othersMean = holders > 1 ? others / (holders - 1) : 0;
  const t = core.trump[seat]!;
  const to = core.trump[o]!;
  const mineVs = threats(h, seat, o, to);
  const theirsVs = threats(h, o, seat, t);
  const answering = core.pileLen > 0 && core.secondDue === 0;
  // The mover's answer, from the engine's own R10 and R12: its legal moves are its beaters and the pickup.
  const beaters = answering ? core.legalMoves(moves) - 1 : 0;
  const pickup = answering ? core.pickupCount() : 0;
  const iMove = core.toMove === seat;
  const theyMove = core.toMove === o;
  let lowMine = 0;
  let lowTheirs = 0;
  for (let suit = 0; suit < 4; suit++) {
    if (suit !== t) lowMine += POP[h[seat * 4 + suit]! & LOW]!;
    if (suit !== to) lowTheirs += POP[h[o * 4 + suit]! & LOW]!;
  }
  const myTrumps = h[seat * 4 + t]!;
  const theirTrumps = h[o * 4 + to]!;
  let i = 0;
  out[i++] = 1;
  out[i++] = mine / 18;
  out[i++] = theirs / 18;
  out[i++] = (theirs - mine) / 18;
  out[i++] = POP[myTrumps]! / 9;
  out[i++] = POP[theirTrumps]! / 9;
  out[i++] = mineVs.safe / 9;
  out[i++] = theirsVs.safe / 9;
  out[i++] = mineVs.trumpOnly / 9;
  out[i++] = theirsVs.trumpOnly / 9;
  out[i++] = myTrumps === 0 ? 0 : (32 - Math.clz32(myTrumps)) / 9;
  out[i++] = theirTrumps === 0 ? 0 : (32 - Math.clz32(theirTrumps)) / 9;
  out[i++] = iMove ? 1 : 0;
  out[i++] = iMove && answering ? 1 : 0;
  out[i++] = iMove && answering ? beaters / 9 : 0;
  out[i++] = iMove && answering ? pickup / 5 : 0;
  out[i++] = theyMove && answering ? 1 : 0;
  out[i++] = theyMove && answering ? beaters / 9 : 0;
  out[i++] = theyMove && answering ? pickup / 5 : 0;
  out[i++] = iMove && core.secondDue === 1 ? 1 : 0;
  out[i++] = theyMove && core.secondDue === 1 ? 1 : 0;
  out[i++] = core.pileLen / 36;
  out[i++] = mine === 1 ? 1 : 0;
  out[i++] = theirs === 1 ? 1 : 0;
  out[i++] = lowMine / 9;
  out[i++] = lowTheirs / 9;
  out[i++] = core.turns / core.maxTurns;
  out[i++] = holders / 4;
  out[i] = (mine - othersMean) / 18;
  return out;
}
