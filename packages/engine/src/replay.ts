import { applyMove } from "./rules.js";
import { SetupError, fromPosition, newHand } from "./setup.js";
import type { Hand, HandSetup, Move, NewHandOptions, PositionSpec } from "./types.js";

/** Starts the hand a setup describes (a seeded deal or a given position). */
export function startHand(setup: HandSetup | NewHandOptions | { position: PositionSpec }): Hand {
  if ("position" in setup) return fromPosition(setup.position);
  return newHand(setup);
}

/**
 * Rebuilds a hand from its setup (`hand.setup`, or the options given to newHand) and
 * its move log (`hand.log`): `replay(h.setup, h.log)` equals `h` exactly.
 * Throws SetupError naming the first move that is not legal.
 */
export function replay(options: HandSetup | NewHandOptions | { position: PositionSpec }, moves: readonly Move[]): Hand {
  let h = startHand(options);
  moves.forEach((m, i) => {
    const r = applyMove(h, m);
    if (!r.ok) throw new SetupError(`move ${i + 1} (${JSON.stringify(m)}) is not legal: ${r.error.message}`);
    h = r.hand;
  });
  return h;
}
