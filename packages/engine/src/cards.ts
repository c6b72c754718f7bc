/** Card notation (RULES.md): rank then suit, e.g. "TS", "6H", "AC". */

export const SUITS = ["S", "H", "D", "C"] as const;
export const RANKS = ["6", "7", "8", "9", "T", "J", "Q", "K", "A"] as const;

export type Suit = (typeof SUITS)[number]; // "S" | "H" | "D" | "C"
export type Rank = (typeof RANKS)[number]; // "6" … "A", low to high
/** A card in RULES.md notation: rank then suit ("TS"). A plain string on the wire and in JSON. */
export type Card = `${Rank}${Suit}`;

/** The 36 cards in index order: suit-major (S, H, D, C), rank-minor (6 … A). */
export const ALL_CARDS: readonly Card[] = SUITS.flatMap((s) => RANKS.map((r): Card => `${r}${s}`));

const INDEX: ReadonlyMap<string, number> = new Map(ALL_CARDS.map((c, i) => [c, i]));

/** Index 0..35 of a card (suit * 9 + rank), or -1 when the string is not a card. */
export function cardIndex(card: unknown): number {
  return typeof card === "string" ? (INDEX.get(card) ?? -1) : -1;
}

export function isCard(card: unknown): card is Card {
  return cardIndex(card) >= 0;
}

export function isSuit(s: unknown): s is Suit {
  return typeof s === "string" && (SUITS as readonly string[]).includes(s);
}

/** The suit of a card: "S" for "TS". The one place the notation is taken apart. */
export function suitOf(card: Card): Suit {
  return card[1] as Suit;
}

/** The rank of a card: "T" for "TS". */
export function rankOf(card: Card): Rank {
  return card[0] as Rank;
}

/** The rank's order within its suit (R2): 0 for a six … 8 for an ace. */
export function rankIndex(card: Card): number {
  return RANKS.indexOf(rankOf(card));
}

/** The card of `rank` and `suit`. */
export function cardOf(rank: Rank, suit: Suit): Card {
  return `${rank}${suit}`;
}

/**
 * R10: does `x` beat the top card `y` for a mover whose trump suit is `trump`?
 * Same suit and higher, or a trump on a non-trump. Whose trump `y` was for the
 * player who played it does not matter.
 */
export function beats(x: Card, y: Card, trump: Suit): boolean {
  const sx = suitOf(x);
  const sy = suitOf(y);
  if (sx === sy) return rankIndex(x) > rankIndex(y);
  return sx === trump;
}

/** R12: how many cards a player with trump `trump` takes from a pile of `pileSize` under `top`. */
export function pickupCount(top: Card, trump: Suit, pileSize: number): number {
  if (takesWholePile(top, trump)) return pileSize;
  if (suitOf(top) !== trump) return Math.min(3, pileSize);
  return Math.min(5, pileSize);
}

/** R12: picking up on the ace of one's own trump suit takes the whole pile. */
export function takesWholePile(top: Card, trump: Suit): boolean {
  return suitOf(top) === trump && rankOf(top) === "A";
}

/** Sorts cards into index order (by suit S, H, D, C, then rank). Returns a new array. */
export function sortCards(cards: readonly Card[]): Card[] {
  return [...cards].sort((a, b) => cardIndex(a) - cardIndex(b));
}
