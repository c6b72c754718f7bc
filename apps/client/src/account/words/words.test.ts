import { describe, expect, it } from "vitest";
import { LANGS } from "../../i18n/index.js";
import { accountBn } from "./bn.js";
import { accountEn } from "./en.js";
import { say } from "./index.js";
import { accountNb } from "./nb.js";
import { accountRu } from "./ru.js";
import { accountTr } from "./tr.js";

const tables = { en: accountEn, ru: accountRu, nb: accountNb, tr: accountTr, bn: accountBn };
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the account pages' words", () => {
  it("every language has exactly the English keys, non-empty, with the same placeholders", () => {
    for (const lang of LANGS) {
      const table: Readonly<Record<string, string | Readonly<Record<string, string>>>> = tables[lang];
      expect(Object.keys(table).sort()).toEqual(Object.keys(accountEn).sort());
      for (const [key, value] of Object.entries(accountEn)) {
        const wanted = placeholders(typeof value === "string" ? value : value.other);
        const mine = table[key] ?? "";
        for (const text of typeof mine === "string" ? [mine] : Object.values(mine)) {
          expect(text, `${lang}.${key}`).toBeTruthy();
          expect(placeholders(text), `${lang}.${key}`).toEqual(wanted);
        }
      }
    }
  });

  it("fills placeholders and counts, and falls back to the page's own words", () => {
    expect(say("en", "passkeysCount", { n: 1, max: 20 })).toBe("1 of 20 passkeys");
    expect(say("ru", "deviceOn", { browser: "Firefox", system: "Android" })).toBe("Firefox на Android");
    expect(say("nb", "back")).toBe("Tilbake");
  });
});
