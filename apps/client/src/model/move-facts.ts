import { playKind, type Card, type PlayKind } from "@yourtrumps/engine";
import type { Replay } from "../replay/replay.js";

/** One recorded move, as the move list and the live region tell it. */
export interface MoveFact {
  index: number; // 0-based in the log
  seat: number; // who moved
  kind: PlayKind | "pickup"; // lead (R8), beat (R9), second card (R11), or pick up (R12)
  card: Card | null; // the card played; null for a pickup
  top: Card | null; // beat: the card it beat
  taken: Card[]; // pickup: the cards taken, bottom → top
}

/**
 * What each move of a replay was, read off the engine's positions around it: who moved,
 * what kind of play the engine's `playKind` says it was, and which cards a pickup took
 * (those that left the pile).
 */
export function moveFacts(replay: Replay): MoveFact[] {
  return replay.record.log.map((move, index) => {
    const before = replay.positions[index]!;
    const after = replay.positions[index + 1]!;
    const seat = before.toMove;
    if (move.type === "pickup")
      return { index, seat, kind: "pickup", card: null, top: null, taken: before.pile.slice(after.pile.length) };
    const kind = playKind(before.pile.length, before.secondDue);
    return {
      index,
      seat,
      kind,
      card: move.card,
      top: kind === "beat" ? (before.pile.at(-1) ?? null) : null,
      taken: [],
    };
  });
}
