import { abandon, applyMove, SetupError, startHand, type Hand, type HandResult } from "@yourtrumps/engine";
import type { GameRecord } from "../net/game-record.js";

/** A recorded hand replayed by the engine: every position from the deal to the end. */
export interface Replay {
  record: GameRecord;
  positions: Hand[]; // positions[0] the deal, positions[i] after move i; log.length + 1 of them
}

/** Why a record does not replay: it was damaged or tampered with. */
export type ReplayFailure =
  | { kind: "bad-setup"; message: string } // the engine refuses the deal
  | { kind: "illegal-move"; move: number; message: string } // move `move` (1-based) is not legal there
  | { kind: "wrong-end"; message: string }; // the moves do not end the hand as recorded

export type ReplayOutcome = { ok: true; replay: Replay } | { ok: false; failure: ReplayFailure };

/**
 * Replays a record with the engine alone — `startHand`, then `applyMove` for each move,
 * keeping every position — and checks that it ends as recorded. Nothing here knows a
 * rule: a record the engine cannot replay is reported, never patched up.
 */
export function replayRecord(record: GameRecord): ReplayOutcome {
  let hand: Hand;
  try {
    hand = startHand(record.setup);
  } catch (e: unknown) {
    if (e instanceof SetupError || e instanceof RangeError || e instanceof TypeError)
      return { ok: false, failure: { kind: "bad-setup", message: e.message } };
    throw e;
  }
  const positions = [hand];
  for (const [i, move] of record.log.entries()) {
    const r = applyMove(hand, move);
    if (!r.ok) return { ok: false, failure: { kind: "illegal-move", move: i + 1, message: r.error.message } };
    hand = r.hand;
    positions.push(hand);
  }
  const end = record.result.reason === "abandoned" && hand.result === null ? abandon(hand).result : hand.result;
  if (!sameResult(end, record.result)) {
    return {
      ok: false,
      failure: {
        kind: "wrong-end",
        message: `the moves end with ${JSON.stringify(end)}, the record says ${JSON.stringify(record.result)}`,
      },
    };
  }
  return { ok: true, replay: { record, positions } };
}

function sameResult(a: HandResult | null, b: HandResult): boolean {
  return (
    a !== null &&
    a.reason === b.reason &&
    a.loser === b.loser &&
    a.places.length === b.places.length &&
    a.places.every((p, i) => p === b.places[i])
  );
}

/**
 * The seat the replay shows at the bottom: the viewer's own when they played the hand,
 * else the first seat a person held, else seat 0.
 */
export function replaySeat(record: GameRecord, playerId: string | null): number {
  const mine = playerId === null ? -1 : record.seats.findIndex((s) => s.playerId === playerId);
  if (mine >= 0) return mine;
  return Math.max(
    0,
    record.seats.findIndex((s) => s.computer === null),
  );
}
