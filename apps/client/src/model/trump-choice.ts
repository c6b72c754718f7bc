import { SUITS, type Suit } from "@yourtrumps/engine";
import { suitName, t, type Lang } from "../i18n/index.js";
import { suitLetters, type SuitLetters } from "./keyboard.js";
import type { TableView } from "./view.js";

/**
 * The trump choice in the player's language, for keyboard and screen-reader players: the
 * letters that pick a suit, and what the live region says beyond `announce`'s "choose your
 * trump suit" — which keys choose, and which suit became mine.
 */

/** The keys that pick a suit in `lang`: S, H, D, C, and the suit names' first letters where safe. */
export function suitLettersIn(lang: Lang): SuitLetters {
  const names = Object.fromEntries(SUITS.map((suit) => [suit, suitName(lang, suit)])) as Record<Suit, string>;
  return suitLetters(names, lang);
}

/** When the choice starts: the keys, with each free suit's letters ("Keys: …: S spades, H hearts, …"). */
export function trumpKeysLines(lang: Lang, prev: TableView | null, next: TableView, letters: SuitLetters): string[] {
  if (next.prompt !== "chooseTrump" || prev?.prompt === "chooseTrump") return [];
  const bySuit = next.freeSuits.map((suit) => {
    const keys = [...letters].filter(([, s]) => s === suit).map(([letter]) => letter.toLocaleUpperCase(lang));
    return `${keys.join("/")} ${suitName(lang, suit)}`;
  });
  return [t(lang, "trumpKeys", { letters: bySuit.join(", ") })];
}

/** When my trump suit is set — picked, or given to me when the hand started (R3). */
export function trumpTakenLines(lang: Lang, prev: TableView | null, next: TableView): string[] {
  if (prev === null || prev.myTrump !== null || next.myTrump === null) return [];
  return [t(lang, "saidTrumpTaken", { suit: suitName(lang, next.myTrump) })];
}
