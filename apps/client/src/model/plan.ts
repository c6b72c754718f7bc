import { playKind, secondDueAfter, type Card } from "@yourtrumps/engine";
import type { TableView } from "./view.js";

/**
 * One animation step, planned from the difference between two views (never from
 * events): a card moving to the pile, cards flying to a taker, the deal, a player
 * going out, the result appearing. Seats are server seat numbers.
 */
export type Step =
  | { kind: "deal"; seats: number[] } // one card per entry, dealt in this order
  | { kind: "play"; seat: number; card: Card; beat: boolean } // hand → pile; beat: it answered the top card (R9)
  | { kind: "pickup"; seat: number; cards: Card[] } // pile → hand, bottom → top
  | { kind: "out"; seat: number } // went out (R14)
  | { kind: "result" };

/**
 * The steps that lead from `prev` to `next`, in order. Returns `[]` — "just show the new
 * state" — when there is no previous view (first state, reconnect) or the change cannot
 * be explained as moves (several moves merged into one patch in an unclear way).
 */
export function planSteps(prev: TableView | null, next: TableView): Step[] {
  if (!prev || prev.mySeat !== next.mySeat || prev.players !== next.players) return [];
  if (prev.phase !== "playing" && next.phase === "playing") return dealSteps(next);
  if (prev.phase !== "playing") return [];
  const steps = moveSteps(prev, next);
  if (steps === null) return next.phase === "over" ? [{ kind: "result" }] : [];
  for (const s of next.seats) {
    const before = prev.seats.find((p) => p.seat === s.seat);
    if (before && before.count > 0 && s.count === 0) steps.push({ kind: "out", seat: s.seat });
  }
  if (next.phase === "over") steps.push({ kind: "result" });
  return steps;
}

/** Round-robin deal from the dealer's left, as many rounds as the largest hand (R5). */
function dealSteps(next: TableView): Step[] {
  const counts = new Map(next.seats.map((s) => [s.seat, s.count]));
  const most = Math.max(0, ...counts.values());
  const first = next.toMove >= 0 ? next.toMove : 0; // R7: first to move sits left of the dealer
  const order: number[] = [];
  for (let round = 0; round < most; round++) {
    for (let k = 0; k < next.players; k++) {
      const seat = (first + k) % next.players;
      if ((counts.get(seat) ?? 0) > round) order.push(seat);
    }
  }
  return order.length ? [{ kind: "deal", seats: order }] : [];
}

/**
 * Explains the pile change as plays then at most one pickup, or returns null.
 * Cards that left the top of the pile went to the one seat whose count grew; cards
 * that arrived came, in order, from seats whose counts shrank.
 */
function moveSteps(prev: TableView, next: TableView): Step[] | null {
  let common = 0;
  while (common < prev.pile.length && common < next.pile.length && prev.pile[common] === next.pile[common]) common++;
  const removed = prev.pile.slice(common);
  const added = next.pile.slice(common);
  const delta = new Map(
    next.seats.map((s) => [s.seat, s.count - (prev.seats.find((p) => p.seat === s.seat)?.count ?? 0)]),
  );
  const countNow = new Map(next.seats.map((s) => [s.seat, s.count]));
  const steps: Step[] = [];
  if (removed.length > 0) {
    const takers = [...delta].filter(([, d]) => d === removed.length);
    if (takers.length !== 1 || added.length > 0) return null;
    steps.push({ kind: "pickup", seat: takers[0]![0], cards: removed });
    return steps;
  }
  // Plays only: each added card came from a seat that lost cards, in turn order.
  const losers = [...delta].filter(([, d]) => d < 0);
  const lost = losers.reduce((sum, [, d]) => sum - d, 0);
  if (lost !== added.length) return null;
  if (added.length === 0) return steps;
  let seat = prev.toMove;
  let pileSize = prev.pile.length;
  let secondDue = prev.secondDue;
  const left = new Map(losers.map(([s, d]) => [s, -d]));
  for (const card of added) {
    if (!(left.get(seat) ?? 0)) {
      const other = [...left].find(([, k]) => k > 0);
      if (!other) return null;
      seat = other[0];
    }
    const stillToPlay = (left.get(seat) ?? 0) - 1;
    left.set(seat, stillToPlay);
    const kind = playKind(pileSize, secondDue);
    steps.push({ kind: "play", seat, card, beat: kind === "beat" });
    secondDue = secondDueAfter(kind, stillToPlay === 0 && countNow.get(seat) === 0);
    pileSize++;
  }
  return steps;
}
