import type { Card, Move } from "@yourtrumps/engine";
import { cardLabel, seatName, t, type Key, type Lang } from "../i18n/index.js";
import type { GameRecord } from "../net/game-record.js";
import type { MoveFact } from "../model/move-facts.js";
import type { ExactVerdict, Mark, Outcome } from "./review-marks.js";

const MARK_KEY: Record<Mark, Key> = { inaccuracy: "markInaccuracy", mistake: "markMistake", blunder: "markBlunder" };
const OUTCOME_KEY: Record<Outcome, Key> = { won: "exactWon", drawn: "exactDrawn", lost: "exactLost" };

/** The seats' names as the replay and its review show them: the viewer's own seat `you` is "You", never their guest name. */
export function seatNames(lang: Lang, seats: GameRecord["seats"], you: number | null): string[] {
  return seats.map((s, i) => {
    if (i === you) return t(lang, "you");
    const name = seatName(lang, s.name, s.computer !== null);
    return s.marked ? `${name} (${t(lang, "opponentMarked")})` : name; // marked by a moderator since: flagged
  });
}

/** "Blunder", "Ошибка". */
export function markName(lang: Lang, mark: Mark): string {
  return t(lang, MARK_KEY[mark]);
}

/**
 * The solver's verdict in words — "won → lost", "won → drawn", "the only move that keeps
 * the draw" — or "" when it proved only that the outcome stayed as it was.
 */
export function verdictText(lang: Lang, v: ExactVerdict): string {
  switch (v.kind) {
    case "change":
      return t(lang, "verdictChange", { from: t(lang, OUTCOME_KEY[v.from]), to: t(lang, OUTCOME_KEY[v.to]) });
    case "only":
      return t(lang, v.keeps === "won" ? "verdictOnlyWin" : "verdictOnlyDraw");
    case "kept":
      return "";
    default: {
      const never: never = v;
      return never;
    }
  }
}

/** A value for the mover, signed with a real minus: "+0.62", "−1.00", "0.00". */
export function valueText(value: number): string {
  const fixed = Math.abs(value).toFixed(2);
  if (fixed === "0.00") return fixed;
  return (value > 0 ? "+" : "−") + fixed;
}

/** A move as the list names a better one: the card ("10♣"), or "pick up". */
export function moveName(lang: Lang, move: Move, card: (c: Card) => string = cardLabel): string {
  return move.type === "play" ? card(move.card) : t(lang, "pickUpMove");
}

/**
 * One move in words, "Anna beats 9♣ with 10♣", "Bob picks up 3 cards: 7♦ 8♣ K♦", or the
 * viewer's own in the second person when `you` ("You beat 9♣ with 10♣"): cards printed by
 * `card` (labels on screen, spoken names in the live region).
 */
export function moveText(
  lang: Lang,
  fact: MoveFact,
  name: string,
  you: boolean,
  card: (c: Card) => string = cardLabel,
): string {
  const played = fact.card ? card(fact.card) : "";
  switch (fact.kind) {
    case "lead":
      return t(lang, you ? "moveLeadYou" : "moveLead", { name, card: played });
    case "beat":
      return t(lang, you ? "moveBeatYou" : "moveBeat", { name, card: played, top: fact.top ? card(fact.top) : "" });
    case "second":
      return t(lang, you ? "moveSecondYou" : "moveSecond", { name, card: played });
    case "pickup":
      return t(lang, you ? "movePickupYou" : "movePickup", {
        name,
        n: fact.taken.length,
        cards: fact.taken.map(card).join(" "),
      });
    default: {
      const never: never = fact.kind;
      return never;
    }
  }
}

/** Where a value leaves the mover, in words: winning, drawing or losing (the middle fifth is a draw). */
export function standingName(lang: Lang, value: number): string {
  return t(lang, value > 0.2 ? "standWinning" : value < -0.2 ? "standLosing" : "standDrawn");
}

/** A move's effect in the players' words: "winning → losing: this move changed it", or "still winning". */
export function standingText(lang: Lang, before: number, after: number): string {
  const was = standingName(lang, before);
  const now = standingName(lang, after);
  return was === now ? t(lang, "standingSame", { now }) : t(lang, "standingChange", { before: was, after: now });
}
