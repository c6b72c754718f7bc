import { fill, t, type Key, type Lang, type Params } from "../../i18n/index.js";
import { accountBn } from "./bn.js";
import { accountEn, type AccountKey, type AccountStrings } from "./en.js";
import { accountNb } from "./nb.js";
import { accountRu } from "./ru.js";
import { accountTr } from "./tr.js";

export type { AccountKey } from "./en.js";

const TABLES: { readonly [L in Lang]: AccountStrings<L> } = {
  en: accountEn,
  ru: accountRu,
  nb: accountNb,
  tr: accountTr,
  bn: accountBn,
};

/** The account pages' `key` in `lang`: from their own table, or the page's (`Back`, `Loading…`) through `t`. */
export function say(lang: Lang, key: AccountKey | Key, params: Params = {}): string {
  return key in accountEn ? fill(lang, TABLES[lang][key as AccountKey], params) : t(lang, key as Key, params);
}
