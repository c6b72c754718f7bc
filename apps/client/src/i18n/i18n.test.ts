import { ALL_CARDS, SUITS } from "@yourtrumps/engine";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { bn } from "./bn.js";
import { en } from "./en.js";
import {
  cardLabel,
  cardSpoken,
  detectLang,
  LANGS,
  PLURAL_CATEGORIES,
  regionalLocale,
  seatName,
  suitName,
  t,
  type Plural,
} from "./index.js";
import { nb } from "./nb.js";
import { ru } from "./ru.js";
import { tr } from "./tr.js";

const tables = { en, ru, nb, tr, bn };
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
/** A string, or each of a counted string's forms. */
const forms = (value: string | Readonly<Record<string, string>>) =>
  typeof value === "string" ? { text: value } : value;

describe("i18n", () => {
  it("the table-code field's example has the shape of a real code: the server's length, from its alphabet", () => {
    // Read from the server's source rather than copied: a new alphabet or length there fails this test.
    const source = readFileSync(
      fileURLToPath(new URL("../../../server/src/table/table-code.ts", import.meta.url)),
      "utf8",
    );
    const alphabet = /CODE_ALPHABET = "([^"]+)"/.exec(source)?.[1] ?? "";
    const length = Number(/CODE_LENGTH = (\d+)/.exec(source)?.[1]);
    expect(alphabet.length).toBeGreaterThan(20);
    for (const lang of LANGS) {
      const example = /[0-9A-Z]{4,}/.exec(t(lang, "codePlaceholder"))?.[0] ?? "";
      expect(example, lang).toHaveLength(length);
      expect(
        [...example].every((c) => alphabet.includes(c)),
        lang,
      ).toBe(true);
    }
  });

  it("every language has exactly the English keys, non-empty, with the same placeholders", () => {
    for (const lang of LANGS) {
      const table: Readonly<Record<string, string | Readonly<Record<string, string>>>> = tables[lang];
      expect(Object.keys(table).sort()).toEqual(Object.keys(en).sort());
      for (const [key, value] of Object.entries(en)) {
        const mine = table[key] ?? "";
        expect(typeof mine, `${lang}.${key} is counted exactly when the English is`).toBe(typeof value);
        const wanted = placeholders(typeof value === "string" ? value : value.other);
        for (const [form, text] of Object.entries(forms(mine))) {
          expect(text, `${lang}.${key}.${form}`).toBeTruthy();
          expect(placeholders(text), `${lang}.${key}.${form}`).toEqual(wanted);
        }
      }
    }
  });

  it("every counted string has exactly the plural forms its language's Intl.PluralRules uses", () => {
    for (const lang of LANGS) {
      const rules = new Intl.PluralRules(lang);
      const categories: readonly string[] = PLURAL_CATEGORIES[lang];
      expect([...categories].sort(), lang).toEqual([...rules.resolvedOptions().pluralCategories].sort());
      for (let n = 0; n <= 200; n++) expect(categories, `${lang} ${n}`).toContain(rules.select(n));
      for (const [key, value] of Object.entries(tables[lang])) {
        if (typeof value !== "string")
          expect(Object.keys(value).sort(), `${lang}.${key}`).toEqual([...categories].sort());
      }
    }
  });

  it("a counted string lacking one of its language's forms, or with a foreign one, is a type error", () => {
    // @ts-expect-error Russian needs "few" and "many" as well
    const russian: Plural<"ru"> = { one: "{n} карта", other: "{n} карты" };
    // @ts-expect-error English has no "few"
    const english: Plural<"en"> = { one: "{n} card", few: "{n} cards", other: "{n} cards" };
    expect([russian, english]).toHaveLength(2);
  });

  it("counts agree with their noun in every language", () => {
    expect([1, 2, 0].map((n) => t("en", "cardsLeft", { n }))).toEqual(["1 card", "2 cards", "0 cards"]);
    expect([1, 2, 5, 11, 21, 22, 111].map((n) => t("ru", "cardsLeft", { n }))).toEqual([
      "1 карта",
      "2 карты",
      "5 карт",
      "11 карт",
      "21 карта",
      "22 карты",
      "111 карт",
    ]);
    expect([1, 3, 5, 21].map((n) => t("ru", "pickup", { n }))).toEqual([
      "Взять 1 карту",
      "Взять 3 карты",
      "Взять 5 карт",
      "Взять 21 карту",
    ]);
    expect(t("ru", "saidDeal", { n: 21 })).toBe("Карты розданы. У вас 21 карта.");
    expect(t("en", "pileCount", { n: 1 })).toBe("Pile: 1 card");
    expect(t("en", "saidPicksUp", { name: "Ann", n: 1 })).toBe("Ann picks up 1 card.");
    expect(t("nb", "cardsLeft", { n: 1 })).toBe("1 kort");
    expect(t("tr", "cardsLeft", { n: 2 })).toBe("2 kart");
    expect(t("bn", "cardsLeft", { n: 0 })).toBe("0টি তাস"); // Bengali's "one" covers 0
    expect(t("en", "cardsLeft")).toBe("{n} cards"); // no count: the "other" form
  });

  it("translations are really translated (lobby buttons differ from English)", () => {
    for (const lang of LANGS.filter((l) => l !== "en")) {
      for (const key of ["playComputer", "quickMatch", "privateTable", "rules", "yourTurn"] as const) {
        expect(t(lang, key), `${lang}.${key}`).not.toBe(t("en", key));
      }
    }
    expect(t("bn", "playComputer")).toMatch(/[\u0980-\u09FF]/); // Bengali script
    expect(t("ru", "playComputer")).toMatch(/[\u0400-\u04FF]/); // Cyrillic
  });

  it("fills placeholders and leaves unknown ones alone", () => {
    expect(t("en", "pickup", { n: 5 })).toBe("Pick up 5 cards");
    expect(t("tr", "pickup", { n: 3 })).toBe("3 kart topla");
    expect(t("en", "theirTurn")).toBe("{name} to move");
  });

  it("detects the language from the browser's list", () => {
    expect(detectLang(["bn-BD", "en"])).toBe("bn");
    expect(detectLang(["nb-NO"])).toBe("nb");
    expect(detectLang(["no"])).toBe("nb");
    expect(detectLang(["de-DE", "tr-TR"])).toBe("tr");
    expect(detectLang(["de-DE"])).toBe("en");
    expect(detectLang([])).toBe("en");
  });

  it("takes the browser's regional tag for the chosen language, for dates", () => {
    expect(regionalLocale("en", ["de-DE", "en-GB", "en-US"])).toBe("en-GB");
    expect(regionalLocale("nb", ["no-NO"])).toBe("no-NO");
    expect(regionalLocale("bn", ["en-GB"])).toBe("bn");
  });

  it("names every card and suit in every language", () => {
    expect(cardLabel("TS")).toBe("10♠");
    expect(cardLabel("AH")).toBe("A♥");
    expect(cardSpoken("en", "TS")).toBe("ten of spades");
    expect(cardSpoken("ru", "AH")).toBe("туз, черви");
    for (const lang of LANGS) {
      for (const card of ALL_CARDS) expect(cardSpoken(lang, card)).not.toMatch(/[{}]/);
      expect(new Set(SUITS.map((s) => suitName(lang, s))).size).toBe(4);
    }
  });

  it("shows computer seats' generated names in the player's language, people's names as typed", () => {
    expect(seatName("tr", "Computer", true)).toBe("Bilgisayar");
    expect(seatName("ru", "Computer 2", true)).toBe("Компьютер 2");
    expect(seatName("ru", "Computer", false)).toBe("Computer"); // a person may call themselves that
    expect(seatName("bn", "", false)).toBe("…");
  });

  it("three computers at one table have three distinct names in every language", () => {
    for (const lang of LANGS) {
      const names = ["Computer", "Computer 2", "Computer 3"].map((n) => seatName(lang, n, true));
      expect(new Set(names).size, lang).toBe(3);
      expect(names[0], lang).toBe(t(lang, "computer"));
      for (const name of names) expect(name, lang).toContain(t(lang, "computer"));
      if (lang !== "en") for (const name of names) expect(name, lang).not.toMatch(/Computer/);
    }
  });
});
