import type { Lang } from "../../i18n/lang.js";
import { bn } from "./bn.js";
import { en } from "./en.js";
import { nb } from "./nb.js";
import { ru } from "./ru.js";
import { tr } from "./tr.js";
import type { RulesText } from "./types.js";

/** The rules page text in every interface language. */
export const RULES_TEXT: Record<Lang, RulesText> = { en, ru, nb, tr, bn };
