/** The interface languages: English, Russian, Norwegian Bokmål, Turkish, Bengali. */
export const LANGS = ["en", "ru", "nb", "tr", "bn"] as const;
export type Lang = (typeof LANGS)[number]; // "en" | "ru" | "nb" | "tr" | "bn"

/** Each language's name in itself, for the language picker. */
export const LANG_NAMES: Record<Lang, string> = {
  en: "English",
  ru: "Русский",
  nb: "Norsk bokmål",
  tr: "Türkçe",
  bn: "বাংলা",
};
