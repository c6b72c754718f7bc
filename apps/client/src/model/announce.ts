import { cardSpoken, seatName, t, type Lang } from "../i18n/index.js";
import type { Step } from "./plan.js";
import { ratingChangeText, ratingText } from "./rating.js";
import type { TableView } from "./view.js";

/** The last move, as far as the announcements care (the snapshot's `lastMove` fits). */
export interface MoveNote {
  seat: number; // who moved
  auto: boolean; // the server moved for that seat because its turn clock ran out
}

/**
 * The sentences the screen-reader live region speaks for one change of the table:
 * every move, who went out, the result, the trump choice, "your turn" when it becomes
 * yours, and the player's new rating once a rated hand is on record.
 * The player's own moves have sentences of their own ("You pick up 3 cards.", not a
 * third-person sentence with "You" as the name), and a move the server made because a
 * clock ran out is said to be one.
 */
export function announce(
  lang: Lang,
  prev: TableView | null,
  next: TableView,
  steps: readonly Step[],
  lastMove: MoveNote | null = null,
): string[] {
  const lines = steps.map((step) => stepLine(lang, next, step));
  const timedOut = lastMove?.auto === true && prev !== null && prev.seq !== next.seq ? lastMove.seat : null;
  if (timedOut !== null) {
    // Said just before the move the server made: the last one of that seat in this change.
    const at = steps.findLastIndex((s) => (s.kind === "play" || s.kind === "pickup") && s.seat === timedOut);
    lines.splice(
      Math.max(0, at),
      0,
      isMe(next, timedOut)
        ? t(lang, "saidYourTimeUp")
        : t(lang, "saidTheirTimeUp", { name: nameOf(lang, next, timedOut) }),
    );
  }
  if (next.prompt === "chooseTrump" && prev?.prompt !== "chooseTrump") lines.push(t(lang, "chooseTrump"));
  const mine = (v: TableView | null) =>
    v !== null && (v.prompt === "lead" || v.prompt === "beat" || v.prompt === "second");
  if (mine(next) && (!mine(prev) || prev?.seq !== next.seq)) lines.push(t(lang, "saidTurn"));
  const me = next.seats.find((s) => s.isMe);
  const wasRated = prev?.seats.find((s) => s.isMe)?.ratingChange ?? null;
  if (me && me.rating !== null && me.ratingChange !== null && (wasRated === null || prev?.handId !== next.handId)) {
    lines.push(
      t(lang, "saidRatingChange", {
        rating: ratingText(me.rating + me.ratingChange, false),
        change: ratingChangeText(me.ratingChange),
      }),
    );
  }
  return lines;
}

/** One step's sentence: the player's own moves in the second person, others' with their seat's name. */
function stepLine(lang: Lang, next: TableView, step: Step): string {
  switch (step.kind) {
    case "deal":
      return t(lang, "saidDeal", { n: next.hand.length });
    case "play": {
      const card = cardSpoken(lang, step.card);
      if (isMe(next, step.seat)) return t(lang, step.beat ? "saidYouBeat" : "saidYouPlay", { card });
      return t(lang, step.beat ? "saidBeats" : "saidPlays", { name: nameOf(lang, next, step.seat), card });
    }
    case "pickup": {
      const n = step.cards.length;
      return isMe(next, step.seat)
        ? t(lang, "saidYouPickUp", { n })
        : t(lang, "saidPicksUp", { name: nameOf(lang, next, step.seat), n });
    }
    case "out":
      return isMe(next, step.seat)
        ? t(lang, "saidYouOut")
        : t(lang, "saidOut", { name: nameOf(lang, next, step.seat) });
    case "result":
      return resultLine(lang, next);
    default: {
      const never: never = step;
      return never;
    }
  }
}

function isMe(view: TableView, seat: number): boolean {
  return view.seats.some((s) => s.seat === seat && s.isMe);
}

/** A seat's name as the table shows it (computer seats in the player's language). */
function nameOf(lang: Lang, view: TableView, seat: number): string {
  const s = view.seats.find((x) => x.seat === seat);
  return s ? seatName(lang, s.name, s.isAI) : "?";
}

/** "You won!" / "You lost." / "Draw." plus the reason; a spectator's, in the third person. */
export function resultLine(lang: Lang, view: TableView): string {
  const r = view.result;
  if (!r) return "";
  if (view.watching) return watchedResultLine(lang, view, r);
  const head =
    r.loser === null
      ? t(lang, "resultDraw")
      : r.loser === view.mySeat
        ? t(lang, "resultLose")
        : view.players === 2
          ? t(lang, "resultWin")
          : t(lang, "resultPlace", { place: r.places[view.mySeat] ?? "?" });
  if (r.reason === "out" && r.loser === view.mySeat) return head; // "You lost." says it all
  return `${head} ${t(lang, REASON_KEY[r.reason], { name: r.loser === null ? "" : nameOf(lang, view, r.loser) })}`;
}

/** A spectator has no seat: "Alice won; Bob was left holding cards.", never "You won!". */
function watchedResultLine(lang: Lang, view: TableView, r: NonNullable<TableView["result"]>): string {
  const winnerSeat = view.seats.find((s) => r.places[s.seat] === 1 && s.seat !== r.loser)?.seat ?? null;
  const winner = winnerSeat === null ? "?" : nameOf(lang, view, winnerSeat);
  if (r.loser === null) return `${t(lang, "resultDraw")} ${t(lang, REASON_KEY[r.reason], { name: "" })}`;
  const loser = nameOf(lang, view, r.loser);
  if (r.reason === "out") return t(lang, "watchedWinOut", { winner, loser });
  return `${t(lang, "watchedWinner", { name: winner })} ${t(lang, REASON_KEY[r.reason], { name: loser })}`;
}

const REASON_KEY = {
  out: "reasonOut",
  "last-card-draw": "reasonLastCardDraw",
  repetition: "reasonRepetition",
  "turn-limit": "reasonTurnLimit",
  abandoned: "reasonAbandoned",
} as const;
