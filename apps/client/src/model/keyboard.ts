import type { Card, Move } from "@yourtrumps/engine";
import type { TableView } from "./view.js";

/** What a key press asks for: move the selection, play, pick up, ask for a hint, or nothing. */
export type KeyAction =
  | { kind: "select"; card: Card }
  | { kind: "move"; move: Move }
  | { kind: "hint" }
  | { kind: "none" };

/**
 * Keyboard play: ←/→ choose among the legal cards (wrapping), Enter plays the chosen
 * card, P picks up, H asks for a hint. Only moves in `view.legal` are ever produced.
 */
export function keyAction(view: TableView, selected: Card | null, key: string): KeyAction {
  const cards = view.hand.filter((h) => h.legal).map((h) => h.card);
  switch (key) {
    case "ArrowLeft":
    case "ArrowRight": {
      if (cards.length === 0) return { kind: "none" };
      const at = selected === null ? -1 : cards.indexOf(selected);
      const step = key === "ArrowRight" ? 1 : -1;
      const next = at < 0 ? (step > 0 ? 0 : cards.length - 1) : (at + step + cards.length) % cards.length;
      return { kind: "select", card: cards[next]! };
    }
    case "Enter":
    case " ": {
      const card = selected !== null && cards.includes(selected) ? selected : cards.length === 1 ? cards[0]! : null;
      return card === null ? { kind: "none" } : { kind: "move", move: { type: "play", card } };
    }
    case "p":
    case "P":
      return view.legal.some((m) => m.type === "pickup") ? { kind: "move", move: { type: "pickup" } } : { kind: "none" };
    case "h":
    case "H":
      return view.mode === "computer" && view.legal.length > 0 ? { kind: "hint" } : { kind: "none" };
    default:
      return { kind: "none" };
  }
}
