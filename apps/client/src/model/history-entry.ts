import type { Mode } from "@yourtrumps/protocol";
import { levelName, seatName, t, type Key, type Lang } from "../i18n/index.js";
import type { Outcome } from "@yourtrumps/protocol";
import type { HistoryEntry } from "../net/api-bodies.js";
import { ratingChangeText } from "./rating.js";

/** One hand of "My games" as the page prints it, in one language. */
export interface HistoryLine {
  id: string; // the record id, kept on the entry for the replay page (`?game=<id>`)
  endedAt: string; // ISO time for <time datetime>; "" when unknown
  date: string; // "12 May 2026, 14:03" in the language's own style; "" when unknown
  mode: string; // "Against the computer · 2 players"
  opponents: string; // "vs Computer (Easy)"
  outcome: Outcome | null; // for the entry's colour
  result: string; // "Won", "Lost · place 3"
  change: string; // "+12", "−8"; "not rated" for an unrated hand
  rated: boolean;
}

const MODE_KEY: Record<Mode, Key> = { computer: "modeComputer", quick: "quickMatch", private: "privateTable" };
const OUTCOME_KEY: Record<Outcome, Key> = { won: "outcomeWon", drawn: "outcomeDrawn", lost: "outcomeLost" };

const DATES = new Map<string, Intl.DateTimeFormat>();

/** `entry` in `lang`; its date in the style of `locale` (the browser's regional tag for `lang`, see regionalLocale). */
export function historyLine(lang: Lang, entry: HistoryEntry, locale: string = lang): HistoryLine {
  let dates = DATES.get(locale);
  if (!dates) DATES.set(locale, (dates = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" })));
  const opponents = entry.opponents.map((o) => {
    const name = seatName(lang, o.name, o.computer !== null);
    if (o.marked === true) return `${name} (${t(lang, "opponentMarked")})`; // marked by a moderator since: the result stands, flagged
    return o.computer === null ? name : t(lang, "computerLevel", { name, level: levelName(lang, o.computer) });
  });
  const outcome = entry.outcome === null ? [] : [t(lang, OUTCOME_KEY[entry.outcome])];
  // A duel's place says nothing the outcome does not, unless there is no outcome (a hand kept in the page).
  const place =
    (entry.players > 2 || entry.outcome === null) && entry.place !== null
      ? [t(lang, "placeShort", { place: entry.place })]
      : [];
  return {
    id: entry.id,
    endedAt: entry.endedAt?.toISOString() ?? "",
    date: entry.endedAt ? dates.format(entry.endedAt) : "",
    mode: `${t(lang, MODE_KEY[entry.mode])} · ${t(lang, "playerCount", { n: entry.players })}`,
    opponents: t(lang, "versus", { names: opponents.join(", ") }),
    outcome: entry.outcome,
    result: [...outcome, ...place].join(" · ") || "–",
    change: entry.ratingDelta === null ? t(lang, "notRated") : ratingChangeText(entry.ratingDelta),
    rated: entry.ratingDelta !== null,
  };
}
