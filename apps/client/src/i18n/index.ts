import { rankOf, suitOf, type Card, type Suit } from "@yourtrumps/engine";
import { computerSeatNumber, type Level } from "@yourtrumps/protocol";
import { bn } from "./bn.js";
import { en, type Key, type Strings } from "./en.js";
import { LANGS, type Lang } from "./lang.js";
import { nb } from "./nb.js";
import { pluralForm } from "./plural.js";
import { ru } from "./ru.js";
import { tr } from "./tr.js";

export type { Key, PluralKey, Strings } from "./en.js";
export { LANGS, LANG_NAMES, type Lang } from "./lang.js";
export { PLURAL_CATEGORIES, pluralForm, type Plural, type PluralCategory } from "./plural.js";

const TABLES: { readonly [L in Lang]: Strings<L> } = { en, ru, nb, tr, bn };

/** Values substituted for `{name}` placeholders; `n` is also the count a counted string agrees with. */
export type Params = Record<string, string | number>;

/**
 * The string `key` in `lang`, with `{placeholders}` filled from `params`. A counted
 * string takes the plural form `lang` uses for `params.n`.
 */
export function t(lang: Lang, key: Key, params: Params = {}): string {
  return fill(lang, TABLES[lang][key], params);
}

/** A text of `lang` (or a counted string's forms) with its placeholders filled: `t`'s work, for a table of its own (account/words/). */
export function fill(lang: Lang, text: string | Parameters<typeof pluralForm>[1], params: Params = {}): string {
  const form = typeof text === "string" ? text : pluralForm(lang, text, Number(params.n));
  return form.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = params[name];
    return v === undefined ? whole : String(v);
  });
}

export function isLang(x: unknown): x is Lang {
  return typeof x === "string" && (LANGS as readonly string[]).includes(x);
}

/**
 * The first of the browser's preferred languages we speak, by primary subtag
 * ("nb-NO" → nb; Norwegian "no"/"nn" fall back to Bokmål), else English.
 */
export function detectLang(preferred: readonly string[]): Lang {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split("-")[0] ?? "";
    if (primary === "no" || primary === "nn") return "nb";
    if (isLang(primary)) return primary;
  }
  return "en";
}

/**
 * The browser's own tag for `lang` when it prefers one ("en-GB" for English, so dates read
 * "1 Dec 2026"), else `lang` itself: for Intl formats, which know regions.
 */
export function regionalLocale(lang: Lang, preferred: readonly string[]): string {
  return (
    preferred.find((tag) => {
      const primary = tag.toLowerCase().split("-")[0];
      return primary === lang || (lang === "nb" && primary === "no");
    }) ?? lang
  );
}

/** Suit symbols: suits are told apart by shape as well as colour. */
export const SUIT_SYMBOL: Record<Suit, string> = { S: "♠", H: "♥", D: "♦", C: "♣" };

/** How a card is printed on screen: "10♠", "A♥". */
export function cardLabel(card: Card): string {
  const rank = rankOf(card);
  return (rank === "T" ? "10" : rank) + SUIT_SYMBOL[suitOf(card)];
}

/** A card's spoken name, for the screen-reader live region: "ten of spades". */
export function cardSpoken(lang: Lang, card: Card): string {
  const rank = t(lang, `rank${rankOf(card)}`);
  const suit = t(lang, `suit${suitOf(card)}`);
  return t(lang, "cardName", { rank, suit });
}

/** A suit's name in `lang`. */
export function suitName(lang: Lang, suit: Suit): string {
  return t(lang, `suit${suit}`);
}

/**
 * A seat's name on screen. Computer seats carry the server's generated English name
 * ("Computer", "Computer 2": the protocol's computerSeatName); they are shown in the
 * player's language instead.
 */
export function seatName(lang: Lang, name: string, isAI: boolean): string {
  if (!isAI) return name || "…";
  const n = computerSeatNumber(name);
  if (n === null) return name;
  return n > 1 ? `${t(lang, "computer")} ${n}` : t(lang, "computer");
}

const LEVEL_KEY: Record<Level, Key> = { easy: "levelEasy", medium: "levelMedium", hard: "levelHard" };

/** A computer level's name in `lang`: "Easy", "Лёгкий". */
export function levelName(lang: Lang, level: Level): string {
  return t(lang, LEVEL_KEY[level]);
}
