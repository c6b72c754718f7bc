/**
 * Building search positions from a PlayerView. In the duel the view is the whole truth
 * (R18: the opponent's hand is deduced), including the R16 history, so the search sees
 * the exact game. With 3–4 players the caller supplies a sampled deal (sample.ts).
 */
import { Core, fromPosition } from "@yourtrumps/engine";
import type { Card, Hand, PlayerView } from "@yourtrumps/engine";

/** A Hand with the view's public state and the given hands (all seats). */
export function handFromView(view: PlayerView, hands: Card[][]): Hand {
  const start = fromPosition({
    trumps: view.trumps,
    hands,
    pile: view.pile,
    toMove: view.toMove,
    secondDue: view.secondDue,
    maxTurns: view.maxTurns,
  });
  // R16: the duel view carries the occurrence counts; with 3–4 players only this position is known.
  const history = view.positions
    ? Object.entries(view.positions).flatMap(([key, n]) => Array<string>(n).fill(key))
    : start.history;
  return { ...start, turns: view.turns, places: view.places.slice(), history };
}

/** Is this a duel view whose opponent hand is fully known (always true for engine views)? */
export function isExactView(view: PlayerView): boolean {
  return view.players === 2 && view.known.every((k, s) => k.length === view.counts[s]);
}

/** The exact fast-core position of a duel view, R16 history included. */
export function coreFromDuelView(view: PlayerView, core = new Core(view.maxTurns)): Core {
  if (!isExactView(view)) throw new Error("coreFromDuelView needs a duel view with both hands known");
  return core.load(
    handFromView(
      view,
      view.known.map((k) => k.slice()),
    ),
  );
}
