/**
 * Which sounds a change of the table makes, from the same animation plan the scene
 * flies cards by (model/plan.ts): pure, so what the table sounds like is testable
 * without an AudioContext.
 */
import type { Step } from "../model/plan.js";
import type { TableView } from "../model/view.js";

export const CUES = ["play", "beat", "pickup", "yourTurn", "out", "win", "lose", "draw", "seated"] as const; // "seated": a person sat down at the seek you wait at (table/seat-offer.ts)
export type Cue = (typeof CUES)[number];

/** The cues from `prev` to `next`, in order; none when there is no `prev` (the first state, a reload, a reconnect). */
export function cuesFor(prev: TableView | null, next: TableView, steps: readonly Step[]): Cue[] {
  if (prev === null) return [];
  const cues: Cue[] = [];
  for (const step of steps) {
    switch (step.kind) {
      case "play":
        cues.push(step.beat ? "beat" : "play");
        break;
      case "pickup":
        cues.push("pickup");
        break;
      case "out":
        cues.push("out");
        break;
      case "result": {
        const loser = next.result?.loser ?? null;
        cues.push(loser === null ? "draw" : loser === next.mySeat ? "lose" : "win");
        break;
      }
      case "deal":
        break;
      default: {
        const never: never = step;
        return never;
      }
    }
  }
  if (next.myTurn && !prev.myTurn) cues.push("yourTurn");
  return cues;
}
