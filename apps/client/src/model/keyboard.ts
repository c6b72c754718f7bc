import { SUITS, type Card, type Move, type Suit } from "@yourtrumps/engine";
import type { Highlights } from "./layout.js";
import type { TableView } from "./view.js";

/** What a key press asks for. */
export type KeyAction =
  | { kind: "select"; card: Card } // ←/→: the chosen card moved
  | { kind: "move"; move: Move } // Enter/Space played the chosen card, or P picked up
  | { kind: "highlightSuit"; suit: Suit } // ←/→ (↑/↓) while choosing trumps: the highlighted suit moved
  | { kind: "chooseTrump"; suit: Suit } // Enter/Space on the highlighted suit, or the suit's letter
  | { kind: "hint" } // H at a computer table
  | { kind: "review" } // R once the hand is over: its replay with the analyser's verdicts
  | { kind: "none" };

/** Keys that pick a trump suit directly, lower case → suit. */
export type SuitLetters = ReadonlyMap<string, Suit>;

/** The suits' letters in the RULES notation (S, H, D, C): the same in every language. */
export const NOTATION_LETTERS: SuitLetters = new Map(SUITS.map((suit) => [suit.toLowerCase(), suit]));

/**
 * The notation letters, plus each suit name's first letter in the player's language when
 * that is safe: only if the four first letters differ and none is another suit's notation
 * letter (Norwegian "ruter" adds R for diamonds; Turkish kupa and karo share K, so
 * Turkish adds none).
 */
export function suitLetters(names: Readonly<Record<Suit, string>>, locale?: string): SuitLetters {
  const first = SUITS.map((suit) => [[...names[suit].toLocaleLowerCase(locale)][0] ?? "", suit] as const);
  const letters = new Set(first.map(([letter]) => letter));
  const safe =
    letters.size === SUITS.length &&
    first.every(([letter, suit]) => letter !== "" && (NOTATION_LETTERS.get(letter) ?? suit) === suit);
  return safe ? new Map([...NOTATION_LETTERS, ...first]) : NOTATION_LETTERS;
}

/**
 * Keyboard play. While choosing trumps: ←/→ (and ↑/↓) move the highlight among the free
 * suits (wrapping), Enter or Space takes the highlighted suit, a suit's letter takes that
 * suit. In play: ←/→ choose among the legal cards (wrapping), Enter or Space plays the
 * chosen card, P picks up, H asks for a hint; R reviews the hand once it is over. Only free suits and moves in `view.legal`
 * are ever produced.
 */
export function keyAction(
  view: TableView,
  highlighted: Pick<Highlights, "card" | "suit">,
  key: string,
  letters: SuitLetters = NOTATION_LETTERS,
): KeyAction {
  if (view.prompt === "chooseTrump") return trumpKey(view.freeSuits, highlighted.suit, key, letters);
  const cards = view.hand.filter((h) => h.legal).map((h) => h.card);
  switch (key) {
    case "ArrowLeft":
    case "ArrowRight": {
      const card = stepThrough(cards, highlighted.card, key === "ArrowRight" ? 1 : -1);
      return card === null ? { kind: "none" } : { kind: "select", card };
    }
    case "Enter":
    case " ": {
      const card =
        highlighted.card !== null && cards.includes(highlighted.card)
          ? highlighted.card
          : cards.length === 1
            ? cards[0]!
            : null;
      return card === null ? { kind: "none" } : { kind: "move", move: { type: "play", card } };
    }
    case "p":
    case "P":
      return view.pickup ? { kind: "move", move: { type: "pickup" } } : { kind: "none" };
    case "h":
    case "H":
      return view.hintAvailable ? { kind: "hint" } : { kind: "none" };
    case "r":
    case "R":
      return view.phase === "over" && view.handId !== "" ? { kind: "review" } : { kind: "none" };
    default:
      return { kind: "none" };
  }
}

function trumpKey(free: readonly Suit[], highlighted: Suit | null, key: string, letters: SuitLetters): KeyAction {
  switch (key) {
    case "ArrowLeft":
    case "ArrowUp":
    case "ArrowRight":
    case "ArrowDown": {
      const suit = stepThrough(free, highlighted, key === "ArrowRight" || key === "ArrowDown" ? 1 : -1);
      return suit === null ? { kind: "none" } : { kind: "highlightSuit", suit };
    }
    case "Enter":
    case " ": {
      const suit =
        highlighted !== null && free.includes(highlighted) ? highlighted : free.length === 1 ? free[0]! : null;
      return suit === null ? { kind: "none" } : { kind: "chooseTrump", suit };
    }
    default: {
      const suit = letters.get(key.toLowerCase());
      return suit !== undefined && free.includes(suit) ? { kind: "chooseTrump", suit } : { kind: "none" };
    }
  }
}

/** The item after (`step` 1) or before (-1) `current` in `items`, wrapping; from nothing, the first or the last. */
function stepThrough<T>(items: readonly T[], current: T | null, step: 1 | -1): T | null {
  if (items.length === 0) return null;
  const at = current === null ? -1 : items.indexOf(current);
  const next = at < 0 ? (step > 0 ? 0 : items.length - 1) : (at + step + items.length) % items.length;
  return items[next] ?? null;
}
