/**
 * The reference rules: legalMoves and applyMove over plain data, written to be read
 * against RULES.md. The fast core (core/) implements the same rules on bit masks for
 * search and is checked against this file by a differential test.
 */
import { beats, isCard, pickupCount, sortCards } from "./cards.js";
import type { Card, Suit } from "./cards.js";
import { positionKey } from "./position-key.js";
import { appendPosition } from "./position-tally.js";
import type { ApplyResult, Hand, HandPosition, HandResult, Move, MoveError } from "./types.js";

const PICKUP: Move = Object.freeze({ type: "pickup" });

/** The next seat clockwise after `seat` that still holds cards (R: "next player"). */
export function nextHolder(hands: readonly Card[][], seat: number): number {
  const n = hands.length;
  for (let step = 1; step <= n; step++) {
    const s = (seat + step) % n;
    if ((hands[s]?.length ?? 0) > 0) return s;
  }
  return -1;
}

/** Every legal move of the player to move, in card index order, pickup last. [] once over. */
export function legalMoves(h: HandPosition): Move[] {
  if (h.result !== null || h.toMove < 0) return [];
  return movesFor(h.hands[h.toMove] ?? [], h.pile, h.trumps[h.toMove]!, h.secondDue);
}

/**
 * The legal moves of a player holding `hand`, with trump suit `trump`, facing `pile`
 * (bottom → top), `secondDue` when they owe a second card. This is what legalMoves
 * uses; clients that only know their own seat (no Hand) call it directly.
 */
export function movesFor(hand: readonly Card[], pile: readonly Card[], trump: Suit, secondDue: boolean): Move[] {
  const top = pile[pile.length - 1];
  // R8 lead, or R11 second card: any card.
  if (top === undefined || secondDue) return sortCards(hand).map((card) => ({ type: "play", card }));
  // R9: beat (R10) or pick up (R12); picking up is always allowed.
  const moves: Move[] = sortCards(hand)
    .filter((c) => beats(c, top, trump))
    .map((card) => ({ type: "play", card }));
  moves.push(PICKUP);
  return moves;
}

function fail(code: MoveError["code"], message: string): ApplyResult {
  return { ok: false, error: { code, message } };
}

function looksLikeHand(h: unknown): h is Hand {
  if (typeof h !== "object" || h === null) return false;
  const x = h as Partial<Hand>;
  return (
    Array.isArray(x.hands) &&
    Array.isArray(x.pile) &&
    Array.isArray(x.trumps) &&
    Array.isArray(x.places) &&
    Array.isArray(x.pickedUp) &&
    Array.isArray(x.log) &&
    typeof x.toMove === "number" &&
    Array.isArray(x.history) &&
    x.result !== undefined
  );
}

/** Checks a move against the hand without applying it. */
export function checkMove(h: HandPosition, m: unknown): MoveError | null {
  if (h.result !== null || h.toMove < 0)
    return { code: "hand-over", message: "The hand is over; no more moves can be made." };
  if (typeof m !== "object" || m === null)
    return { code: "malformed", message: "A move must be a play of a card or a pickup." };
  const mv = m as { type?: unknown; card?: unknown };
  const top = h.pile[h.pile.length - 1];
  if (mv.type === "pickup") {
    if (h.secondDue)
      return {
        code: "second-card-due",
        message: "You have beaten the top card and must now play a second card; you cannot pick up.",
      };
    if (top === undefined) return { code: "empty-pile", message: "The pile is empty: you must lead a card." };
    return null;
  }
  if (mv.type !== "play") return { code: "malformed", message: 'A move\'s type must be "play" or "pickup".' };
  if (!isCard(mv.card))
    return {
      code: "malformed",
      message: `"${String(mv.card)}" is not a card; write rank then suit, like "TS" or "6H".`,
    };
  const card = mv.card;
  if (!(h.hands[h.toMove] ?? []).includes(card)) return { code: "not-in-hand", message: `You do not hold ${card}.` };
  if (top !== undefined && !h.secondDue && !beats(card, top, h.trumps[h.toMove]!)) {
    return {
      code: "does-not-beat",
      message: `${card} does not beat ${top}: play a higher ${top[1]} or one of your trumps, or pick up.`,
    };
  }
  return null;
}

/**
 * Applies a move for the player to move. Never mutates `h` and never throws: an
 * illegal or malformed move gives `ok: false` with a code and a readable message.
 */
export function applyMove(h: Hand, m: Move): ApplyResult {
  if (!looksLikeHand(h)) return fail("bad-hand", "That is not a hand of Your Trumps.");
  const error = checkMove(h, m);
  if (error) return { ok: false, error };
  return { ok: true, hand: step(h, m.type === "play" ? { type: "play", card: m.card } : PICKUP) };
}

/** Applies a move already known to be legal. */
function step(h: Hand, m: Move): Hand {
  let history = h.history;
  const changes = advance(h, m, (key) => {
    const appended = appendPosition(history, key);
    history = appended.history;
    return appended.seen;
  });
  // concat allocates the new log once, at its size (a spread grows it)
  return { ...h, ...changes, history, log: h.log.concat([m]) };
}

/** The fields of a position that a move changes. */
export type MoveChanges = Pick<
  HandPosition,
  "hands" | "pile" | "toMove" | "secondDue" | "turns" | "places" | "pickedUp" | "result"
>;

/**
 * What a legal move `m` changes in `h`. `h` is never mutated: a changed array is a
 * new one, and an unchanged one (another seat's hand, say) is shared. R16
 * needs the past, which a position does not hold: `seen(key)` records the new
 * position's key (positionKey) and answers how often it has occurred, this time
 * included; it is called once, and only when the hand goes on after R14–R15.
 */
export function advance(h: HandPosition, m: Move, seen: (key: string) => number): MoveChanges {
  const seat = h.toMove;
  const hands = h.hands.slice();
  const pickedUp = h.pickedUp.slice();
  const places = h.places.slice();
  let pile = h.pile.slice();
  let toMove = seat;
  let secondDue = false;
  let turns = h.turns;
  let result: HandResult | null = null;
  let wentOut = false;

  const mine = (hands[seat] = hands[seat]!.slice());
  if (m.type === "pickup") {
    // R12, R13
    const top = pile[pile.length - 1]!;
    const k = pickupCount(top, h.trumps[seat]!, pile.length);
    const taken = pile.slice(pile.length - k);
    pile = pile.slice(0, pile.length - k);
    mine.push(...taken);
    pickedUp[seat] = pickedUp[seat]!.concat(taken);
    turns++;
    toMove = nextHolder(hands, seat);
  } else {
    const wasResponse = pile.length > 0 && !h.secondDue;
    mine.splice(mine.indexOf(m.card), 1);
    pickedUp[seat] = forget(pickedUp[seat]!, m.card);
    pile.push(m.card);
    if (mine.length === 0) {
      wentOut = true; // R14, whether by lead, beat or second card
      turns++;
    } else if (wasResponse) {
      secondDue = true; // R11: the turn goes on with the second card
    } else {
      turns++; // a lead, or the second card that ends a beat-and-second
      toMove = nextHolder(hands, seat);
    }
  }

  if (wentOut) {
    const outSoFar = places.filter((p) => p !== null).length;
    places[seat] = outSoFar + 1;
    const holders = hands.map((x, s) => (x.length > 0 ? s : -1)).filter((s) => s >= 0);
    if (holders.length === 1) {
      // R15: the last player's one final answer.
      const last = holders[0]!;
      const lastHand = hands[last]!;
      const top = pile[pile.length - 1]!;
      if (lastHand.length === 1 && beats(lastHand[0]!, top, h.trumps[last]!)) {
        pile.push(lastHand[0]!);
        pickedUp[last] = forget(pickedUp[last]!, lastHand[0]!);
        hands[last] = [];
        places[last] = outSoFar + 1; // tied with the player who just went out
        result = { reason: "last-card-draw", loser: null, places: places.map((p) => p ?? 0) };
      } else {
        places[last] = outSoFar + 2;
        result = { reason: "out", loser: last, places: places.map((p) => p ?? 0) };
      }
    } else {
      toMove = nextHolder(hands, seat);
    }
  }

  if (result === null) {
    if (seen(positionKey(hands, pile, toMove, secondDue)) >= 3) result = drawAmongHolders(hands, places, "repetition");
    else if (turns >= h.maxTurns) result = drawAmongHolders(hands, places, "turn-limit");
  }

  return {
    hands,
    pile,
    toMove: result === null ? toMove : -1,
    secondDue: result === null ? secondDue : false,
    turns,
    places: result === null ? places : result.places,
    pickedUp,
    result,
  };
}

/** A card seen picked up is no longer known to be held once it is played: `known` without it (itself when it is not there). */
function forget(known: Card[], card: Card): Card[] {
  return known.includes(card) ? known.filter((c) => c !== card) : known;
}

/** R16 (and abandonment): a draw among the players still holding cards, who share the next place. */
function drawAmongHolders(
  hands: Card[][],
  places: (number | null)[],
  reason: "repetition" | "turn-limit" | "abandoned",
): HandResult {
  const next = places.filter((p) => p !== null).length + 1;
  return { reason, loser: null, places: places.map((p, s) => p ?? ((hands[s]?.length ?? 0) > 0 ? next : 0)) };
}

/** Marks a hand abandoned (for hosts, e.g. when every human left); nobody loses. */
export function abandon(h: Hand): Hand {
  if (h.result !== null) return h;
  const result = drawAmongHolders(h.hands, h.places, "abandoned");
  return { ...h, toMove: -1, secondDue: false, places: result.places, result };
}
