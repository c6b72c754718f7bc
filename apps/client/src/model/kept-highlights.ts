import type { Highlights } from "./layout.js";
import type { TableView } from "./view.js";

/**
 * What stays highlighted in `next`: the chosen card while it is legal, the highlighted
 * suit while it is free, the hint until the table moves on. While I choose trumps one
 * free suit is always highlighted (the first, until the keys move it), so Enter alone
 * takes a suit and the ring shows which.
 */
export function keptHighlights(was: Highlights, prev: TableView | null, next: TableView): Highlights {
  const card = was.card !== null && next.hand.some((h) => h.card === was.card && h.legal) ? was.card : null;
  const choosing = next.prompt === "chooseTrump";
  const kept = was.suit !== null && choosing && next.freeSuits.includes(was.suit) ? was.suit : null;
  const suit = kept ?? (choosing ? (next.freeSuits[0] ?? null) : null);
  const hint = prev !== null && prev.seq === next.seq && prev.phase === next.phase ? was.hint : null;
  return { card, suit, hint };
}
