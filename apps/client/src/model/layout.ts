import { isSuit, SUITS, type Card, type Suit } from "@yourtrumps/engine";
import type { SeatPos, TableView } from "./view.js";

/** Other seats' cards are shown as backs at this fraction of a hand card's size (and fly at it). */
export const BACK_SCALE = 0.62;

/** A point and a turn, in CSS pixels of the canvas; cards are placed by their centre. */
export interface Place {
  x: number;
  y: number;
  angle: number; // degrees
}

export interface HandSlot extends Place {
  card: Card;
  legal: boolean; // may be played now: lifted and outlined
  trump: boolean; // of my trump suit: marked with a dot
  dimmed: boolean; // my turn, and this card may not be played
  selected: boolean; // the keyboard's choice: lifted a little more
  hinted: boolean; // the computer's hint: outlined
  hit: Rect; // the part of the card that takes clicks (its visible strip)
}

export interface Rect {
  x: number; // left
  y: number; // top
  w: number;
  h: number;
}

export type ButtonId = "pickup" | "hint" | "rematch" | "lobby" | "review" | `trump-${Suit}`;

export interface Button extends Rect {
  id: ButtonId;
  focused: boolean; // the keyboard's highlighted trump suit: ringed
  hinted: boolean; // the computer's hint (pick up): outlined
}

/** The suit a `trump-S` … `trump-C` button chooses; null for the other buttons. */
export function trumpButtonSuit(id: ButtonId): Suit | null {
  const suit = id.startsWith("trump-") ? id.slice("trump-".length) : null;
  return isSuit(suit) ? suit : null;
}

/** What the table highlights besides the rules: the keyboard's choice and the computer's hint. */
export interface Highlights {
  card: Card | null; // the keyboard's chosen card (legal ones only)
  suit: Suit | null; // the keyboard's highlighted trump suit while choosing
  hint: Card | "pickup" | null; // the hint's move, until the table changes
}

export const NO_HIGHLIGHTS: Highlights = { card: null, suit: null, hint: null };

export interface SeatSpot {
  seat: number;
  pos: SeatPos;
  x: number; // centre of the name plate
  y: number;
  maxWidth: number; // the plate may not be wider (seats share the top of a phone)
  cards: Place; // centre of that seat's fanned card backs (where its cards fly to)
  cardsWidth: number; // room for the fan
  backs: Place[]; // the backs shown for an opponent's cards, left to right (at most BACKS_SHOWN); [] for me
  faces: Card[]; // the cards at `backs`' places face up, when the seat's hand is shown (replays: all of it, in rows); [] for backs
  hinted: number; // index in `faces` of the hint's card (lifted and outlined); -1 for none
}

/** A seat's plate and the room for its cards, before the cards are placed. */
type SpotFrame = Omit<SeatSpot, "backs" | "faces" | "hinted">;

/** Where everything goes for a `width`×`height` canvas (CSS px). Pure: the scene draws it, tests click it. */
export interface Layout {
  width: number;
  height: number;
  cardW: number;
  cardH: number;
  hand: HandSlot[];
  seats: SeatSpot[];
  pile: Place[]; // the visible top cards of the pile, bottom → top
  pileCentre: { x: number; y: number };
  status: { x: number; y: number; maxWidth: number };
  buttons: Button[];
}

const PILE_SHOWN = 5; // the last few pile cards are fanned so they stay readable
const BACKS_SHOWN = 12; // an opponent's fan shows at most this many backs; the plate gives the count
const HAND_ROW_STEP = 0.62; // a hand in several rows: each row shows this much of a card's height above the next

/** Lays out `view` on a canvas of `width`×`height` CSS pixels, with what `highlights` names marked. */
export function layoutTable(
  view: TableView,
  width: number,
  height: number,
  highlights: Highlights = NO_HIGHLIGHTS,
): Layout {
  const portrait = height > width;
  const cardW = Math.round(Math.max(44, Math.min(portrait ? width / 6.2 : 100, height * 0.14)));
  const cardH = Math.round(cardW * 1.4);
  const hand = layoutHand(view, width, height, cardW, cardH, highlights);
  const handTop = Math.min(...hand.map((h) => h.hit.y), height - cardH - 10);
  const pileCentre = { x: width / 2, y: portrait ? height * 0.4 : height * 0.42 };
  const opponents = view.seats.length - 1;
  const seats = view.seats.map((s) => {
    const spot = seatSpot(s.seat, s.pos, opponents, width, height, cardH, handTop, portrait);
    if (s.isMe) return { ...spot, backs: [], faces: [], hinted: -1 };
    if (s.shown === null)
      return { ...spot, backs: fanBacks(spot, Math.min(s.count, BACKS_SHOWN), cardW), faces: [], hinted: -1 };
    const hinted = s.shown.findIndex((card) => card === highlights.hint);
    return { ...spot, backs: fanFaces(spot, s.shown.length, cardW, hinted), faces: s.shown, hinted };
  });
  const pile = view.pile.slice(-PILE_SHOWN).map((_, i, shown) => ({
    x: pileCentre.x + (i - (shown.length - 1) / 2) * cardW * 0.42,
    y: pileCentre.y + (i % 2) * 4,
    angle: (i - (shown.length - 1) / 2) * 4,
  }));
  return {
    width,
    height,
    cardW,
    cardH,
    hand,
    seats,
    pile,
    pileCentre,
    status: { x: width / 2, y: pileCentre.y + cardH * 0.5 + 34, maxWidth: width - 24 },
    buttons: layoutButtons(view, width, height, handTop, pileCentre, cardW, highlights),
  };
}

function layoutHand(
  view: TableView,
  width: number,
  height: number,
  cardW: number,
  cardH: number,
  highlights: Highlights,
): HandSlot[] {
  const n = view.hand.length;
  if (n === 0) return [];
  const margin = 10;
  const minStep = cardW * 0.42; // the corner index (rank + suit) stays visible
  const perRow = Math.max(1, Math.floor((width - 2 * margin - cardW) / minStep) + 1);
  const rows = Math.ceil(n / perRow);
  const slots: HandSlot[] = [];
  for (let r = 0; r < rows; r++) {
    const rowCards = view.hand.slice(r * perRow, (r + 1) * perRow);
    const k = rowCards.length;
    const step = k > 1 ? Math.min(cardW * 0.8, (width - 2 * margin - cardW) / (k - 1)) : 0;
    const span = step * (k - 1);
    const baseY = height - margin - cardH * 0.58 - (rows - 1 - r) * cardH * HAND_ROW_STEP; // room for the fan's dipping ends
    rowCards.forEach((hc, i) => {
      const t = k > 1 ? i / (k - 1) - 0.5 : 0; // -0.5 … 0.5 across the fan
      const isSelected = hc.legal && hc.card === highlights.card;
      const hinted = hc.card === highlights.hint;
      const lift = (hc.legal || hinted ? cardH * 0.14 : 0) + (isSelected ? cardH * 0.1 : 0); // a replay's better move is lifted though nothing is legal
      const x = width / 2 - span / 2 + i * step;
      const y = baseY + t * t * cardH * 0.3 - lift;
      const visibleW = i === k - 1 ? cardW : step;
      slots.push({
        card: hc.card,
        legal: hc.legal,
        trump: hc.trump,
        dimmed: view.myTurn && !hc.legal,
        selected: isSelected,
        hinted,
        x,
        y,
        angle: t * 10,
        hit: { x: x - cardW / 2, y: y - cardH / 2, w: visibleW, h: r < rows - 1 ? cardH * HAND_ROW_STEP : cardH }, // the next row covers the rest
      });
    });
  }
  return slots;
}

/**
 * Plate and card-back fan of one seat. Opponents' plates sit above their fans, all facing
 * up: on a portrait phone they share the top edge in clockwise order (left, top, right);
 * on a landscape screen they sit left, top and right of the pile.
 */
function seatSpot(
  seat: number,
  pos: SeatPos,
  opponents: number,
  width: number,
  height: number,
  cardH: number,
  handTop: number,
  portrait: boolean,
): SpotFrame {
  const backH = cardH * BACK_SCALE;
  if (pos === "bottom") {
    return {
      seat,
      pos,
      x: width / 2,
      y: handTop - 24,
      maxWidth: width - 24,
      cards: { x: width / 2, y: height - cardH / 2 - 10, angle: 0 },
      cardsWidth: width,
    };
  }
  const order: SeatPos[] = opponents === 1 ? ["top"] : opponents === 2 ? ["left", "right"] : ["left", "top", "right"];
  if (portrait) {
    const k = order.indexOf(pos);
    const slot = width / order.length;
    const x = slot * (k + 0.5);
    const y = 66; // below the trump badge and the settings button
    return {
      seat,
      pos,
      x,
      y,
      maxWidth: slot - 8,
      cards: { x, y: y + 28 + backH / 2, angle: 0 },
      cardsWidth: slot - 12,
    };
  }
  const side = Math.max(120, Math.min(width * 0.14, 200));
  const sideY = height * 0.3;
  switch (pos) {
    case "top":
      return {
        seat,
        pos,
        x: width / 2,
        y: 24,
        maxWidth: 360,
        cards: { x: width / 2, y: 52 + backH / 2, angle: 0 },
        cardsWidth: 320,
      };
    case "left":
      return {
        seat,
        pos,
        x: side,
        y: sideY,
        maxWidth: side * 2 - 16,
        cards: { x: side, y: sideY + 28 + backH / 2, angle: 0 },
        cardsWidth: side * 2 - 24,
      };
    case "right":
      return {
        seat,
        pos,
        x: width - side,
        y: sideY,
        maxWidth: side * 2 - 16,
        cards: { x: width - side, y: sideY + 28 + backH / 2, angle: 0 },
        cardsWidth: side * 2 - 24,
      };
    default: {
      const never: never = pos;
      return never;
    }
  }
}

/**
 * The backs of an opponent's `shown` cards, fanned round the seat's `cards` centre: at most
 * 0.3 of a back apart, closer when the fan would not fit in `cardsWidth`.
 */
function fanBacks(spot: SpotFrame, shown: number, cardW: number): Place[] {
  const backW = cardW * BACK_SCALE;
  const step = shown > 1 ? Math.min(backW * 0.3, (spot.cardsWidth - backW) / (shown - 1)) : 0;
  return Array.from({ length: shown }, (_, i) => ({
    x: spot.cards.x + (i - (shown - 1) / 2) * step,
    y: spot.cards.y,
    angle: 0,
  }));
}

/**
 * An opponent's cards face up (replays), round the seat's `cards` centre: readable corners
 * (0.42 of a back apart at least), in as many rows as that needs, each row a little lower;
 * the `hinted` card lifted.
 */
function fanFaces(spot: SpotFrame, shown: number, cardW: number, hinted: number): Place[] {
  const backW = cardW * BACK_SCALE;
  const backH = backW * 1.4;
  const perRow = Math.max(1, Math.floor((spot.cardsWidth - backW) / (backW * 0.42)) + 1);
  const rows = Math.ceil(shown / perRow);
  return Array.from({ length: shown }, (_, i) => {
    const row = Math.floor(i / perRow);
    const inRow = row < rows - 1 ? perRow : shown - row * perRow;
    const k = i - row * perRow;
    const step = inRow > 1 ? Math.min(backW * 0.55, (spot.cardsWidth - backW) / (inRow - 1)) : 0;
    return {
      x: spot.cards.x + (k - (inRow - 1) / 2) * step,
      y: spot.cards.y + row * backH * 0.5 - (i === hinted ? backH * 0.22 : 0),
      angle: 0,
    };
  });
}

function layoutButtons(
  view: TableView,
  width: number,
  height: number,
  handTop: number,
  pile: { x: number; y: number },
  cardW: number,
  highlights: Highlights,
): Button[] {
  const h = 44; // a comfortable touch target
  const buttons: Button[] = [];
  const y = handTop - h - 40;
  const button = (id: ButtonId, rect: Rect): Button => ({
    id,
    ...rect,
    focused: trumpButtonSuit(id) === highlights.suit && highlights.suit !== null,
    hinted: id === highlights.hint,
  });
  if (view.pickup)
    buttons.push(button("pickup", { x: width - 12 - Math.max(130, cardW * 1.6), y, w: Math.max(130, cardW * 1.6), h }));
  if (view.hintAvailable) buttons.push(button("hint", { x: 12, y, w: 96, h }));
  if (view.prompt === "chooseTrump") {
    const w = 64;
    const gap = 12;
    const total = SUITS.length * w + (SUITS.length - 1) * gap;
    SUITS.forEach((suit, i) => {
      if (!view.freeSuits.includes(suit)) return;
      buttons.push(button(`trump-${suit}`, { x: width / 2 - total / 2 + i * (w + gap), y: pile.y - w / 2, w, h: w }));
    });
  }
  if (view.phase === "over") {
    const w = Math.min(180, (width - 36) / 2);
    const top = Math.min(pile.y + 150, height - h - 10);
    if (!view.watching) buttons.push(button("rematch", { x: width / 2 - w - 6, y: top, w, h })); // a spectator has no seat to deal again
    buttons.push(button("lobby", { x: view.watching ? width / 2 - w / 2 : width / 2 + 6, y: top, w, h }));
    if (view.handId) buttons.push(button("review", { x: width / 2 - w / 2, y: top + h + 10, w, h })); // the hand's replay with the analyser's verdicts
  }
  return buttons;
}

/** The hand card under a point, topmost first (later cards overlap earlier ones). */
export function cardAt(layout: Layout, x: number, y: number): HandSlot | null {
  for (let i = layout.hand.length - 1; i >= 0; i--) {
    const slot = layout.hand[i]!;
    const { hit } = slot;
    const full = { x: hit.x, y: hit.y, w: layout.cardW, h: hit.h };
    if (inside(i === layout.hand.length - 1 ? full : hit, x, y)) return slot;
  }
  return null;
}

/** The button under a point. */
export function buttonAt(layout: Layout, x: number, y: number): Button | null {
  return layout.buttons.find((b) => inside(b, x, y)) ?? null;
}

function inside(r: Rect, x: number, y: number): boolean {
  return x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h;
}
