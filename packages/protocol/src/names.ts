/**
 * Names at the table. The server names computer seats in English ("Computer",
 * "Computer 2"); clients show that word in their language, from COMPUTER_NAMES, the
 * one list of it. A person's name is cleaned by `cleanName` wherever one is taken (join
 * options, the HTTP API's players): what is left is plain visible text that cannot
 * pass for a computer seat in any language.
 */

/** A name's length in characters (grapheme clusters) after cleaning. */
export const NAME_MAX = 24;
const CODE_POINTS_MAX = 96; // and in code points: an emoji sequence is one character of up to ~10
const MARKS_PER_CHARACTER = 3; // combining marks kept after one base: every script's need, short of "zalgo" text

/** The computer seat's name in each interface language (the client's LANGS), the server's being `en`. */
export const COMPUTER_NAMES = {
  en: "Computer",
  ru: "Компьютер",
  nb: "Datamaskin",
  tr: "Bilgisayar",
  bn: "কম্পিউটার",
} as const;

/** The name the server gives the `n`-th computer seat at a table (1 → "Computer", 2 → "Computer 2"). */
export function computerSeatName(n: number): string {
  return n === 1 ? COMPUTER_NAMES.en : `${COMPUTER_NAMES.en} ${n}`;
}

/** Which computer seat a name the server gave is (1, 2, …), or null for any other name. */
export function computerSeatNumber(name: string): number | null {
  const match = /^Computer(?: (\d+))?$/.exec(name);
  return match ? Number(match[1] ?? 1) : null;
}

// Letters of other scripts that look like Latin ones, so "Сomputer" with a Cyrillic С is still the word.
const LOOKALIKES: Record<string, string> = {
  а: "a",
  в: "b",
  е: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  і: "i",
  ј: "j",
  ѕ: "s",
  ο: "o",
  α: "a",
  ε: "e",
  ρ: "p",
  τ: "t",
  υ: "u",
  ν: "v",
  κ: "k",
  ι: "i",
  ı: "i",
};

/** A name reduced to what the eye compares: letters without accents, lower case, look-alikes merged, no spaces, digits or signs. */
function skeleton(name: string): string {
  const letters = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}]/gu, "");
  return [...letters].map((c) => LOOKALIKES[c] ?? c).join("");
}

const RESERVED = new Set(Object.values(COMPUTER_NAMES).map(skeleton));

/** Whether `name` reads as a computer seat's name in some language ("computer", "КОМПЬЮТЕР 2", "Bilgi sayar"). */
export function isComputerName(name: string): boolean {
  return RESERVED.has(skeleton(name.replace(/[\p{N}\s]+$/u, "")));
}

/**
 * A person's name as it is shown: NFC; without control, format (bidi overrides and
 * isolates U+202A–202E, U+2066–2069, U+2060, zero-width spaces), private-use or
 * separator characters, except the joiners U+200C/U+200D that some scripts and emoji
 * need; spaces collapsed; at most MARKS_PER_CHARACTER combining marks on a character;
 * at most NAME_MAX characters. A name with nothing visible left, or that reads as a
 * computer's, is none: "" (callers
 * then use their default, such as "Player 2").
 */
export function cleanName(name: string | undefined): string {
  const visible = (name ?? "")
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cs}\p{Co}\p{Zl}\p{Zp}]|(?![\u200c\u200d])\p{Cf}/gu, "")
    .replace(new RegExp(`(\\p{M}{${MARKS_PER_CHARACTER}})\\p{M}+`, "gu"), "$1")
    .replace(/\s+/gu, " ")
    .trim();
  let kept = "";
  let count = 0;
  for (const { segment } of new Intl.Segmenter("en", { granularity: "grapheme" }).segment(visible)) {
    if (count === NAME_MAX || [...kept].length + [...segment].length > CODE_POINTS_MAX) break;
    kept += segment;
    count++;
  }
  const clean = kept.trim();
  return !/[\p{L}\p{N}\p{P}\p{S}]/u.test(clean) || isComputerName(clean) ? "" : clean;
}
