import type { Rank, Suit } from "@yourtrumps/engine";

/** Suit symbols; U+FE0E asks for the plain text glyph, never an emoji. */
export const SUIT_SYMBOL: Record<Suit, string> = { S: "♠\uFE0E", H: "♥\uFE0E", D: "♦\uFE0E", C: "♣\uFE0E" };

/** Red or black, as on real cards; the symbol, not the colour, is what tells suits apart. */
export const SUIT_COLOUR: Record<Suit, "red" | "black"> = { S: "black", H: "red", D: "red", C: "black" };

/**
 * Suit shapes as SVG paths in a 20×20 box, so card pictures do not depend on a font
 * having the suit glyphs.
 */
export const SUIT_PATH: Record<Suit, string> = {
  S: "M10 1C10 1 1 7.5 1 12.5C1 15 3 17 5.5 17C7.3 17 8.6 16 9.3 15L8 19L12 19L10.7 15C11.4 16 12.7 17 14.5 17C17 17 19 15 19 12.5C19 7.5 10 1 10 1Z",
  H: "M10 18C10 18 1 12 1 6.5C1 3.5 3.5 1.5 6 1.5C8 1.5 9.3 2.8 10 4.2C10.7 2.8 12 1.5 14 1.5C16.5 1.5 19 3.5 19 6.5C19 12 10 18 10 18Z",
  D: "M10 1L18 10L10 19L2 10Z",
  C: "M10 1.5A4 4 0 1 1 9.99 1.5ZM5 7A4 4 0 1 1 4.99 7ZM15 7A4 4 0 1 1 14.99 7ZM9 10.5L7.5 19L12.5 19L11 10.5Z",
};

/** Rank as printed in a card's corner: "T" is shown as "10". */
export function rankLabel(rank: Rank): string {
  return rank === "T" ? "10" : rank;
}
