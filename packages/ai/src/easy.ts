/**
 * `easy`: a plausible beginner. It plays greedy's sensible moves most of the time and
 * makes the mistakes people make — leading a random side card, beating with a higher
 * card than needed, taking the pile rather than spending a trump — but never absurd
 * ones: it always goes out when it can, and never picks up when nothing else is asked.
 */
import { PICKUP, SUITS } from "@yourtrumps/engine";
import type { Move, PlayerView } from "@yourtrumps/engine";
import { greedyPick, legalOf } from "./baselines.js";
import { fromCoreMove, suitOfIndex } from "./coding.js";
import { XorShift } from "./xorshift.js";

const MISTAKE = 0.3; // chance of a beginner's deviation from greedy's move

/** Easy's move: deterministic for the view and seed. */
export function easyMove(view: PlayerView, seed = 0): Move {
  const moves = legalOf(view);
  const trump = SUITS.indexOf(view.trumps[view.seat]!);
  const greedy = greedyPick(moves, moves.length, trump);
  const plays = moves.filter((m) => m !== PICKUP);
  // Going out with the last card is never missed.
  if (view.hand.length === 1 && plays.length === 1) return fromCoreMove(plays[0]!);
  const rng = new XorShift(seed ^ Math.imul(view.log.length + 1, 0x2c1b3c6d) ^ view.seat);
  if (rng.float() >= MISTAKE || plays.length === 0) return fromCoreMove(greedy);
  const responding = view.pile.length > 0 && !view.secondDue;
  if (responding) {
    // Either shy of trumps (takes the pile instead of trumping) or a bigger beat than needed.
    if (suitOfIndex(greedy) === trump && view.pile.length <= 3 && rng.float() < 0.5) return { type: "pickup" };
    return fromCoreMove(plays[rng.int(plays.length)]!);
  }
  // Leading or a second card: any side card (keeps trumps, as beginners do), else greedy.
  const side = plays.filter((m) => suitOfIndex(m) !== trump);
  return fromCoreMove(side.length > 0 ? side[rng.int(side.length)]! : greedy);
}
