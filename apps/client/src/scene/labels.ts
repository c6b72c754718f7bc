import { t, type Key, type Lang, type Params } from "../i18n/index.js";

/** The language and a bound `t`: what every label of the table is worded with. */
export interface Labels {
  lang: Lang;
  tr(key: Key, params?: Params): string;
}

export function labelsIn(lang: Lang): Labels {
  return { lang, tr: (key, params) => t(lang, key, params) };
}
