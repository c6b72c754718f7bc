import type { Lang } from "./lang.js";

/**
 * The cardinal plural categories each language distinguishes, as CLDR (and so
 * `Intl.PluralRules`) gives them; a test checks this table against the browser's rules.
 * A counted string names one form per category, so the table is what makes a
 * translation that lacks a form a type error.
 */
export const PLURAL_CATEGORIES = {
  en: ["one", "other"], // 1 / 0, 2, 3 …
  ru: ["one", "few", "many", "other"], // 1, 21 / 2–4, 22–24 / 0, 5–20, 25 … / fractions
  nb: ["one", "other"],
  tr: ["one", "other"], // Turkish keeps the noun singular after a number: both forms may match
  bn: ["one", "other"], // "one" covers 0 as well as 1
} as const satisfies Record<Lang, readonly Intl.LDMLPluralRule[]>;

/** The plural categories of `L`: "one" | "other" for English, "one" | "few" | "many" | "other" for Russian. */
export type PluralCategory<L extends Lang> = (typeof PLURAL_CATEGORIES)[L][number];

/** A counted string in `L`: one text per plural category, each with the count as `{n}`. */
export type Plural<L extends Lang> = { readonly [C in PluralCategory<L>]: string };

/** Any language's plural forms; every language has an "other" form. */
type AnyPlural = { readonly other: string } & Partial<Record<Intl.LDMLPluralRule, string>>;

const RULES = new Map<Lang, Intl.PluralRules>();

/** The form of `forms` that `lang` uses for the count `n` ("other" for a count that is not a number). */
export function pluralForm(lang: Lang, forms: AnyPlural, n: number): string {
  let rules = RULES.get(lang);
  if (!rules) RULES.set(lang, (rules = new Intl.PluralRules(lang)));
  return forms[rules.select(n)] ?? forms.other;
}
