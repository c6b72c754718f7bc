import { ALL_CARDS, SUITS, isCard, isSuit } from "@yourtrumps/engine";
import { describe, expect, it } from "vitest";
import { LANGS } from "../i18n/lang.js";
import { buildScenes, cardsOf } from "./examples.js";
import { cardsNamed, tokensOf } from "./inline.js";
import { RULES_TEXT } from "./text/index.js";
import { EXAMPLE_IDS, OPTION_IDS, RULE_IDS } from "./text/types.js";
import type { Block, RulesText } from "./text/types.js";

/** Every string reachable in a language's text, with where it is. */
function strings(t: RulesText): [string, string][] {
  const out: [string, string][] = [];
  const visit = (v: unknown, path: string): void => {
    if (typeof v === "string") out.push([path, v]);
    else if (Array.isArray(v)) v.forEach((x, i) => visit(x, `${path}[${i}]`));
    else if (typeof v === "object" && v !== null) for (const [k, x] of Object.entries(v)) visit(x, `${path}.${k}`);
  };
  visit(t, t.lang);
  const pic = t.pic;
  for (const seat of [0, 1, 2, 3]) {
    out.push(
      [`pic.player(${seat})`, pic.player(seat)],
      [`pic.trumpsOf(${seat})`, pic.trumpsOf(seat)],
      [`pic.handOf(${seat})`, pic.handOf(seat)],
      [`pic.toMove(${seat})`, pic.toMove(seat)],
      [`pic.takes(${seat})`, pic.takes(seat, 3)],
      [`pic.mustAnswer(${seat})`, pic.mustAnswer(seat)],
      [`pic.lastCard(${seat})`, pic.lastCard(seat)],
      [`pic.loses(${seat})`, pic.loses(seat)],
    );
  }
  for (const c of ALL_CARDS) out.push([`cardName(${c})`, t.cardName(c)]);
  return out;
}

const prose = (blocks: readonly Block[]): string[] => blocks.flatMap((b) => (typeof b === "string" ? [b] : [...b]));

/** Text a reader sees, without tokens, bold marks and the J/Q/K/A letters the cards print. */
const plain = (s: string): string =>
  s
    .replace(/\{[^}]*\}/g, "")
    .replace(/\*\*/g, "")
    .replace(/\((J|Q|K|A)\)/g, "");

describe.each(LANGS)("rules text %s", (lang) => {
  const t = RULES_TEXT[lang];

  it("is the text of its own language", () => {
    expect(t.lang).toBe(lang);
  });

  it("explains every rule R1–R18 and every worked example, with a title and a body", () => {
    expect(Object.keys(t.rules).sort()).toEqual([...RULE_IDS].sort());
    expect(Object.keys(t.examples).sort()).toEqual([...EXAMPLE_IDS].sort());
    for (const s of [...Object.values(t.rules), ...Object.values(t.examples)]) {
      expect(s.title.trim()).not.toBe("");
      expect(s.body.length).toBeGreaterThan(0);
    }
    expect(Object.keys(t.options.rows).sort()).toEqual([...OPTION_IDS].sort());
  });

  it("has no empty string anywhere, and no leftover placeholder", () => {
    for (const [path, s] of strings(t)) {
      expect(s.trim(), path).not.toBe("");
      expect(s, path).not.toMatch(/undefined|NaN|\bTODO\b/);
    }
  });

  it("uses only tokens that are cards or suits", () => {
    for (const [path, s] of strings(t)) {
      for (const token of tokensOf(s)) expect(isCard(token) || isSuit(token), `${path}: {${token}}`).toBe(true);
      expect(s.split("**").length % 2, `${path}: unbalanced **`).toBe(1);
    }
  });

  it("names every card and suit differently, for screen readers", () => {
    expect(new Set(ALL_CARDS.map((c) => t.cardName(c))).size).toBe(36);
    expect(new Set(SUITS.map((s) => t.suitNames[s])).size).toBe(4);
  });

  it("names in each example only cards its picture shows, and every card of a hand it shows", () => {
    for (const scene of buildScenes()) {
      const named = new Set(prose(t.examples[scene.id].body).flatMap(cardsNamed));
      const shown = cardsOf(scene);
      for (const c of named) expect(shown.has(c), `${lang} ${scene.id} names ${c}`).toBe(true);
      for (const p of scene.panels) {
        if (p.kind === "choice")
          for (const c of p.hand) expect(named.has(c), `${lang} ${scene.id} omits ${c}`).toBe(true);
      }
    }
  });

  it("mentions the rule's key numbers: 36 cards, 18/12/9 each, 3 and 5 taken, 1000 turns", () => {
    const digits = (s: string): string => s.replace(/[০-৯]/g, (d) => String("০১২৩৪৫৬৭৮৯".indexOf(d)));
    const body = (id: (typeof RULE_IDS)[number]): string => digits(prose(t.rules[id].body).join(" "));
    expect(body("R2")).toContain("36");
    for (const n of ["18", "12", "9"]) expect(body("R5")).toContain(n);
    for (const n of ["3", "5"]) expect(body("R12")).toContain(n);
    expect(body("R16")).toContain("1000");
  });
});

describe("each language is really written in it", () => {
  const allProse = (t: RulesText): string[] => [
    t.title,
    ...prose(t.intro),
    ...Object.values(t.rules).flatMap((r) => [r.title, ...prose(r.body)]),
    ...Object.values(t.examples).flatMap((e) => [e.title, ...prose(e.body)]),
  ];
  const share = (s: string, re: RegExp): number => {
    const letters = [...plain(s)].filter((ch) => /\p{L}/u.test(ch));
    return letters.length === 0 ? 1 : letters.filter((ch) => re.test(ch)).length / letters.length;
  };

  it("Bengali prose is in Bengali script", () => {
    for (const s of allProse(RULES_TEXT.bn)) expect(share(s, /\p{Script=Bengali}/u), s).toBeGreaterThan(0.85);
    for (const c of ALL_CARDS) expect(share(RULES_TEXT.bn.cardName(c), /\p{Script=Bengali}/u)).toBe(1);
  });

  it("Russian prose is in Cyrillic", () => {
    for (const s of allProse(RULES_TEXT.ru)) expect(share(s, /\p{Script=Cyrillic}/u), s).toBeGreaterThan(0.85);
  });

  it("Norwegian and Turkish are not English copied over", () => {
    const en = allProse(RULES_TEXT.en);
    for (const lang of ["nb", "tr"] as const) {
      const other = allProse(RULES_TEXT[lang]);
      expect(other.length).toBe(en.length);
      const same = other.filter((s, i) => s === en[i]);
      expect(same, lang).toEqual([]);
    }
    expect(allProse(RULES_TEXT.nb).join(" ")).toMatch(/[æøå]/);
    expect(allProse(RULES_TEXT.tr).join(" ")).toMatch(/[ğışİçö]/);
  });

  it("Russian counts cards with the right plural", () => {
    const takes = (n: number): string => RULES_TEXT.ru.pic.takes(1, n);
    expect([1, 3, 5, 11, 21, 22, 25].map(takes)).toEqual([
      "Игрок 2 берёт 1 карту",
      "Игрок 2 берёт 3 карты",
      "Игрок 2 берёт 5 карт",
      "Игрок 2 берёт 11 карт",
      "Игрок 2 берёт 21 карту",
      "Игрок 2 берёт 22 карты",
      "Игрок 2 берёт 25 карт",
    ]);
  });

  it("Bengali writes numbers with Bengali digits", () => {
    expect(RULES_TEXT.bn.pic.takes(1, 5)).toBe("খেলোয়াড় ২ ৫টি তাস তোলে");
    expect(RULES_TEXT.bn.pic.player(0)).toBe("খেলোয়াড় ১");
  });
});
