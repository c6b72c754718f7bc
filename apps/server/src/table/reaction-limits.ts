/**
 * Reactions at a table: only preset ids (@yourtrumps/protocol's REACTIONS), at most one
 * every REACTION_GAP_MS and REACTIONS_PER_HAND a hand per seat, counted by the server
 * (a page's own limits are a courtesy; a script ignores them).
 */
import { REACTIONS, REACTIONS_PER_HAND, REACTION_GAP_MS, type ReactionId } from "@yourtrumps/protocol";
import type { Refusal } from "./message-gate.js";

export class ReactionLimits {
  readonly #last = new Map<number, number>(); // seat → epoch ms of its last reaction
  readonly #thisHand = new Map<number, number>(); // seat → reactions this hand

  /** `seat` wants to react with `id` at `now`: null when it may (and it is counted), else why not. */
  admit(seat: number, id: string, now = Date.now()): Refusal | null {
    if (!(REACTIONS as readonly string[]).includes(id))
      return { code: "unknown-reaction", message: `There is no reaction "${id.slice(0, 32)}".` };
    if (now - (this.#last.get(seat) ?? -Infinity) < REACTION_GAP_MS)
      return { code: "reaction-limit", message: `One reaction every ${REACTION_GAP_MS / 1000} s.` };
    const count = this.#thisHand.get(seat) ?? 0;
    if (count >= REACTIONS_PER_HAND)
      return { code: "reaction-limit", message: `At most ${REACTIONS_PER_HAND} reactions a hand.` };
    this.#last.set(seat, now);
    this.#thisHand.set(seat, count + 1);
    return null;
  }

  /** A new hand is dealt: every seat has its allowance again. */
  newHand(): void {
    this.#thisHand.clear();
  }
}

/**
 * Whether the computer at `seat` says "Good game" after hand `handId`: now and then (about
 * one hand in three), decided from the hand's id (random, from crypto, and public) so the
 * same hand always gets the same answer and no secret feeds it.
 */
export function computerSaysGoodGame(handId: string, seat: number): ReactionId | null {
  let h = 2166136261;
  for (const ch of `${handId}:${seat}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h % 3 === 0 ? "good-game" : null;
}
