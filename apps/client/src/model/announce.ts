import { cardSpoken, seatName, t, type Lang } from "../i18n/index.js";
import type { Step } from "./plan.js";
import type { TableView } from "./view.js";

/**
 * The sentences the screen-reader live region speaks for one change of the table:
 * every move, who went out, the result, the trump choice, and "your turn" when it becomes yours.
 */
export function announce(lang: Lang, prev: TableView | null, next: TableView, steps: readonly Step[]): string[] {
  const name = (seat: number) => {
    const s = next.seats.find((x) => x.seat === seat);
    return s?.isMe ? t(lang, "you") : s ? seatName(lang, s.name, s.isAI) : "?";
  };
  const lines: string[] = [];
  for (const step of steps) {
    switch (step.kind) {
      case "deal":
        lines.push(t(lang, "saidDeal", { n: next.hand.length }));
        break;
      case "play":
        lines.push(t(lang, step.beat ? "saidBeats" : "saidPlays", { name: name(step.seat), card: cardSpoken(lang, step.card) }));
        break;
      case "pickup":
        lines.push(t(lang, "saidPicksUp", { name: name(step.seat), n: step.cards.length }));
        break;
      case "out":
        lines.push(t(lang, "saidOut", { name: name(step.seat) }));
        break;
      case "result":
        lines.push(resultLine(lang, next));
        break;
      default: {
        const never: never = step;
        return never;
      }
    }
  }
  if (next.prompt === "chooseTrump" && prev?.prompt !== "chooseTrump") lines.push(t(lang, "chooseTrump"));
  const mine = (v: TableView | null) => v !== null && (v.prompt === "lead" || v.prompt === "beat" || v.prompt === "second");
  if (mine(next) && (!mine(prev) || prev?.seq !== next.seq)) lines.push(t(lang, "saidTurn"));
  return lines;
}

/** "You won!" / "You lost." / "Draw." plus the reason. */
export function resultLine(lang: Lang, view: TableView): string {
  const r = view.result;
  if (!r) return "";
  const head =
    r.loser === null ? t(lang, "resultDraw") : r.loser === view.mySeat ? t(lang, "resultLose") : view.players === 2 ? t(lang, "resultWin") : t(lang, "resultPlace", { place: r.places[view.mySeat] ?? "?" });
  if (r.reason === "out" && r.loser === view.mySeat) return head; // "You lost." says it all
  const loser = view.seats.find((s) => s.seat === r.loser);
  return `${head} ${t(lang, REASON_KEY[r.reason], { name: loser ? seatName(lang, loser.name, loser.isAI) : "" })}`;
}

const REASON_KEY = {
  out: "reasonOut",
  "last-card-draw": "reasonLastCardDraw",
  repetition: "reasonRepetition",
  "turn-limit": "reasonTurnLimit",
  abandoned: "reasonAbandoned",
} as const;
