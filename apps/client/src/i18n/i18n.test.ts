import { ALL_CARDS, SUITS } from "@yourtrumps/engine";
import { describe, expect, it } from "vitest";
import { bn } from "./bn.js";
import { en } from "./en.js";
import { cardLabel, cardSpoken, detectLang, LANGS, seatName, suitName, t } from "./index.js";
import { nb } from "./nb.js";
import { ru } from "./ru.js";
import { tr } from "./tr.js";

const tables = { en, ru, nb, tr, bn };
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("i18n", () => {
  it("every language has exactly the English keys, non-empty, with the same placeholders", () => {
    for (const lang of LANGS) {
      const table: Record<string, string> = tables[lang];
      expect(Object.keys(table).sort()).toEqual(Object.keys(en).sort());
      for (const [key, value] of Object.entries(en)) {
        expect(table[key], `${lang}.${key}`).toBeTruthy();
        expect(placeholders(table[key] ?? ""), `${lang}.${key}`).toEqual(placeholders(value));
      }
    }
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
    expect(t("en", "pickup", { n: 5 })).toBe("Pick up 5");
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
});
