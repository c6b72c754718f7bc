import { applyMove, legalMoves, newHand, Rng, type Hand } from "@yourtrumps/engine";
import type { GameRecord } from "../net/game-record.js";

/**
 * A record as the server keeps it, for tests: a seeded deal played to its end by seeded
 * random legal moves (picking up less often, so the hand ends), with the engine's result.
 */
export function playedRecord(players: 2 | 3 | 4 = 2, seed = 5): { record: GameRecord; end: Hand } {
  const rng = new Rng(`record/${players}/${seed}`);
  let hand = newHand({ players, seed, dealer: 0 });
  while (hand.result === null) {
    const legal = legalMoves(hand);
    const plays = legal.filter((m) => m.type === "play");
    const move = plays.length > 0 && rng.next() < 0.85 ? plays[rng.int(plays.length)]! : legal[rng.int(legal.length)]!;
    const r = applyMove(hand, move);
    if (!r.ok) throw new Error(r.error.message);
    hand = r.hand;
  }
  if (hand.setup.kind !== "deal") throw new Error("a deal");
  const seats = Array.from({ length: players }, (_, seat) => ({
    seat,
    name: seat === 0 ? "Anna" : `Computer ${seat + 1}`,
    playerId: seat === 0 ? "p-anna" : null,
    computer: seat === 0 ? null : ("easy" as const),
    outcome: null,
  }));
  return {
    record: { id: "g1", mode: "computer", setup: hand.setup, log: hand.log, result: hand.result, seats, endedAt: null },
    end: hand,
  };
}
