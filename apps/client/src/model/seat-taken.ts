import { t, type Lang } from "../i18n/index.js";
import type { TableView } from "./view.js";

/**
 * "Bob left the table; the computer plays their seat." for each seat a person held in
 * `prev` and a computer holds in `next` during a hand: the state says only that the seat's
 * holder changed, so the others learn it from this diff. A replay, a table between hands
 * and the first view (nothing to compare) say nothing.
 */
export function computerTookSeatLines(lang: Lang, prev: TableView | null, next: TableView): string[] {
  if (prev === null || next.replay || next.phase === "waiting" || prev.phase === "waiting") return [];
  return next.seats.flatMap((seat) => {
    const was = prev.seats.find((s) => s.seat === seat.seat);
    if (!was || was.isMe || was.isAI || was.name === "" || !seat.isAI) return [];
    return [t(lang, "computerTookSeat", { name: was.name })];
  });
}
