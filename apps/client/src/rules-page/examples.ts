/**
 * The seven worked examples of RULES.md as positions. Everything a picture marks —
 * which cards beat, whether picking up is allowed, which cards a pickup takes, how
 * the last answer ends — is computed here by the engine, never written by hand, so
 * the pictures cannot contradict the rules.
 */
import { applyMove, fromPosition, movesFor, pickupCount } from "@yourtrumps/engine";
import type { Card, HandResult, Suit } from "@yourtrumps/engine";
import type { ExampleId } from "./text/types.js";

/** Trumps by seat in every example: seat 0 spades, seat 1 hearts (2 players). */
export const EXAMPLE_TRUMPS: readonly Suit[] = ["S", "H"];

/** A picture of one decision, or of its outcome. */
export type Panel =
  | {
      kind: "choice"; // the mover's options facing the pile
      mover: number;
      pile: readonly Card[]; // bottom → top
      hand: readonly Card[];
      legal: readonly Card[]; // cards the engine allows
      canPickUp: boolean;
      secondDue: boolean; // the mover has beaten and owes a second card (R11)
      chosen: Card | null; // the card the example goes on to play
    }
  | {
      kind: "pickup"; // R12–R13: what is taken and what is left
      mover: number;
      pile: readonly Card[];
      taken: readonly Card[]; // the top cards, bottom → top
      left: readonly Card[];
      next: number; // who answers (or leads) next
    }
  | {
      kind: "last"; // R15: the last player's final answer
      lastOut: number; // who just played their last card
      pile: readonly Card[]; // bottom → top, with that card on top: what the holder answers
      holder: number;
      hand: readonly Card[];
      result: HandResult;
    };

/** One example: its id and its pictures, in order. */
export interface Scene {
  id: ExampleId;
  panels: readonly Panel[];
}

function choice(
  mover: number,
  pile: readonly Card[],
  hand: readonly Card[],
  secondDue: boolean,
  chosen: Card | null,
): Panel {
  const moves = movesFor(hand, pile, EXAMPLE_TRUMPS[mover]!, secondDue);
  const legal = moves.flatMap((m) => (m.type === "play" ? [m.card] : []));
  const canPickUp = moves.some((m) => m.type === "pickup");
  return { kind: "choice", mover, pile, hand, legal, canPickUp, secondDue, chosen };
}

function pickup(mover: number, pile: readonly Card[]): Panel {
  const top = pile[pile.length - 1]!;
  const cut = pile.length - pickupCount(top, EXAMPLE_TRUMPS[mover]!, pile.length);
  const next = (mover + 1) % EXAMPLE_TRUMPS.length; // R13: the next player clockwise
  return { kind: "pickup", mover, pile, taken: pile.slice(cut), left: pile.slice(0, cut), next };
}

/**
 * R15 through the engine: `lastOut` has beaten `beaten` with `beater` and plays
 * `last`, its final card, as the second card; `holder` is left with `hand`.
 */
function lastAnswer(lastOut: number, beaten: Card, beater: Card, last: Card, hand: readonly Card[]): Panel {
  const holder = 1 - lastOut;
  const hands: Card[][] = [[], []];
  hands[lastOut] = [last];
  hands[holder] = [...hand];
  const start = fromPosition({
    trumps: [...EXAMPLE_TRUMPS],
    hands,
    pile: [beaten, beater],
    toMove: lastOut,
    secondDue: true,
  });
  const played = applyMove(start, { type: "play", card: last });
  if (!played.ok) throw new Error(`example position is wrong: ${played.error.message}`);
  const { result } = played.hand;
  if (result === null) throw new Error("example position should end the hand");
  // The engine settles the final answer at once (R15); the picture shows the pile it faced.
  return { kind: "last", lastOut, pile: [...start.pile, last], holder, hand, result };
}

/** Builds the scenes; the engine decides every mark. */
export function buildScenes(): Scene[] {
  return [
    { id: "E1", panels: [choice(1, ["9C"], ["TC", "8C", "7D", "6H"], false, null)] },
    { id: "E2", panels: [choice(1, ["9H"], ["TH", "8H", "AS"], false, null)] },
    { id: "E3", panels: [choice(1, ["AS"], ["6H", "KS"], false, null)] },
    { id: "E4", panels: [pickup(1, ["7D", "8C", "JS", "QC", "KD"])] },
    { id: "E5", panels: [pickup(1, ["7H", "8C", "JS", "QC", "KD", "9H"])] },
    {
      id: "E6",
      panels: [
        choice(1, ["9C"], ["TC", "8C", "7D", "6H"], false, "TC"),
        choice(1, ["9C", "TC"], ["8C", "7D", "6H"], true, null),
      ],
    },
    { id: "E7", panels: [lastAnswer(0, "9D", "TD", "KC", ["AH"]), lastAnswer(0, "9D", "TD", "KC", ["AH", "7D"])] },
  ];
}

/** Every card an example shows (for checking that its text names only these). */
export function cardsOf(scene: Scene): Set<Card> {
  const out = new Set<Card>();
  for (const p of scene.panels) {
    for (const c of p.pile) out.add(c);
    if (p.kind !== "pickup") for (const c of p.hand) out.add(c);
  }
  return out;
}
