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
  result: ResultCard | null; // the result card, between the others' plates and mine; null while a hand runs
  reactions: { say: Rect; mute: Rect }; // the room beside the bottom plate for the DOM's Say… and Mute reactions
}

const PILE_SHOWN = 5; // the last few pile cards are fanned so they stay readable
const BACKS_SHOWN = 12; // an opponent's fan shows at most this many backs; the plate gives the count
const HAND_ROW_STEP = 0.62; // a hand in several rows: each row shows this much of a card's height above the next
export const PLATE_H = 44; // a plate's height (plates.ts draws it): the avatar and two lines
const BOTTOM_PLATE_GAP = 8; // between the bottom plate and the top of the hand
const EDGE = 8; // the reactions keep this far from the canvas's edges and the plate

/** Lays out `view` on a canvas of `width`×`height` CSS pixels, with what `highlights` names marked. */
export function layoutTable(
  view: TableView,
  width: number,
  height: number,
  highlights: Highlights = NO_HIGHLIGHTS,
): Layout {
  const portrait = height > width;
  const cardW = Math.round(Math.max(44, Math.min(portrait ? width / 5.6 : 100, height * 0.14)));
  const cardH = Math.round(cardW * 1.4);
  const hand = layoutHand(view, width, height, cardW, cardH, highlights);
  const handTop = Math.min(...hand.map((h) => h.hit.y), height - cardH - 10);
  const opponents = view.seats.length - 1;
  const seats: SeatSpot[] = view.seats.map((s) => {
    const spot = seatSpot(s.seat, s.pos, opponents, width, height, cardH, handTop, portrait);
    if (s.isMe) return { ...spot, backs: [], faces: [], hinted: -1 };
    if (s.shown === null)
      return { ...spot, backs: fanBacks(spot, Math.min(s.count, BACKS_SHOWN), cardW), faces: [], hinted: -1 };
    const hinted = s.shown.findIndex((card) => card === highlights.hint);
    return { ...spot, backs: fanFaces(spot, s.shown.length, cardW, hinted), faces: s.shown, hinted };
  });
  const pileCentre = { x: width / 2, y: pileY(seats, portrait, width, height, cardW, cardH) };
  const pile = view.pile.slice(-PILE_SHOWN).map((_, i, shown) => ({
    x: pileCentre.x + (i - (shown.length - 1) / 2) * cardW * 0.42,
    y: pileCentre.y + (i % 2) * 4,
    angle: (i - (shown.length - 1) / 2) * 4,
  }));
  const result = view.phase === "over" ? resultCard(view, seats, width, handTop) : null;
  const bottom = seats.find((s) => s.pos === "bottom");
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
    buttons: layoutButtons(view, width, handTop, pileCentre, cardW, highlights, result),
    result,
    reactions: reactionRoom(bottom, width, height),
  };
}

/**
 * The pile's height: 0.4 of the canvas on a portrait screen, 0.42 on a landscape one — but
 * never so high that its count ("Pile: 9 cards") meets the cards of a seat above it (a
 * replay's face-up rows on a short canvas).
 */
function pileY(
  seats: readonly SeatSpot[],
  portrait: boolean,
  width: number,
  height: number,
  cardW: number,
  cardH: number,
): number {
  const backH = cardH * BACK_SCALE;
  const halfW = cardW * 1.5; // the pile's fan and its count
  const above = seats.filter((s) => s.pos !== "bottom" && Math.abs(s.cards.x - width / 2) < s.cardsWidth / 2 + halfW);
  const lowest = Math.max(0, ...above.flatMap((s) => s.backs.map((b) => b.y + backH / 2)));
  const countAbove = cardH / 2 + 26; // the count's top, above the pile's centre
  return Math.max(portrait ? height * 0.4 : height * 0.42, lowest + 6 + countAbove);
}

/** The bottom plate's widest: narrow enough that Say… and Mute fit beside it on a 320 px phone. */
function bottomPlateWidth(width: number): number {
  return Math.min(200, Math.max(112, width - 220));
}

/** Left and right of the bottom plate, in its row: Say… on the left, Mute on the right. */
function reactionRoom(bottom: SeatSpot | undefined, width: number, height: number): { say: Rect; mute: Rect } {
  const y = (bottom?.y ?? height - PLATE_H / 2 - EDGE) - PLATE_H / 2;
  const half = (bottom?.maxWidth ?? bottomPlateWidth(width)) / 2;
  const centre = bottom?.x ?? width / 2;
  return {
    say: { x: EDGE, y, w: Math.max(0, centre - half - 2 * EDGE), h: PLATE_H },
    mute: { x: centre + half + EDGE, y, w: Math.max(0, width - centre - half - 2 * EDGE), h: PLATE_H },
  };
}

/** The result card's place, and its rows' heights (RESULT_CARD's, or COMPACT_RESULT_CARD's on a short canvas). */
export interface ResultCard extends Rect {
  rows: ResultRows;
}

/** Heights of the result card's rows, px. */
export interface ResultRows {
  maxWidth: number;
  pad: number;
  headline: number; // two lines of the headline font
  row: number; // a seat's place, avatar, name and rating change
  length: number; // "The hand lasted 12 turns"
  legend: number; // "✓ wants a rematch", over Rematch (the DOM's, canvas-buttons.ts); 0: not shown
  primary: number; // Rematch
  secondary: number; // Back to the lobby, Review
  gap: number;
}

/** Rows of the result card: the headline, one per seat, the hand's length, and the buttons. */
export const RESULT_CARD: ResultRows = {
  maxWidth: 440,
  pad: 14,
  headline: 54, // two lines of the headline font
  row: 30, // a seat's place, avatar, name and rating change
  length: 24,
  legend: 22,
  primary: 44,
  secondary: 36,
  gap: 8,
};

/** The same card squeezed for a short canvas (a phone at a four-player table): tighter rows, no legend. */
const COMPACT_RESULT_CARD: ResultRows = { ...RESULT_CARD, pad: 10, row: 20, length: 18, legend: 0 };

const NARROW_CARD = 380; // a card narrower than this may need a third line for its headline

/**
 * The result card: as wide as the table allows up to its most, as tall as its rows, placed
 * in the middle between the other seats and the bottom plate. It keeps off every plate; when
 * the middle is short (a phone at a four-player table) it covers the others' card backs,
 * never their plates.
 */
function resultCard(view: TableView, seats: readonly SeatSpot[], width: number, handTop: number): ResultCard {
  const height = (c: ResultRows): number => {
    const primary = view.watching ? 0 : c.legend + c.primary + c.gap; // a spectator has no Rematch, nor its legend
    return 2 * c.pad + c.headline + view.seats.length * c.row + c.length + primary + c.secondary + 2 * c.gap;
  };
  const w = Math.min(width - 24, RESULT_CARD.maxWidth);
  const lines = (c: ResultRows): ResultRows => (w < NARROW_CARD ? { ...c, headline: c.headline + 24 } : c);
  const x = width / 2 - w / 2;
  const floor = handTop - PLATE_H - BOTTOM_PLATE_GAP - 2 * RESULT_CARD.gap; // above the bottom plate, its shadow included
  const above = seats.filter((s) => s.pos !== "bottom" && s.x + s.maxWidth / 2 > x && s.x - s.maxWidth / 2 < x + w);
  const belowBacks = Math.max(0, ...above.map((s) => s.cards.y + (s.cards.y - s.y) - 10)) + RESULT_CARD.gap;
  const belowPlates = Math.max(0, ...above.map((s) => s.y + PLATE_H / 2)) + RESULT_CARD.gap;
  const rows = floor - belowPlates >= height(lines(RESULT_CARD)) ? lines(RESULT_CARD) : lines(COMPACT_RESULT_CARD);
  const h = height(rows);
  const top = floor - belowBacks >= h ? belowBacks + (floor - belowBacks - h) / 2 : Math.max(belowPlates, floor - h);
  return { x, y: top, w, h: Math.min(h, floor - top), rows };
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
  const margin = 10 + cardH * 0.1; // a fan's end cards turn 5°: their corners reach out past their upright box
  const minStep = cardW * 0.42; // the corner index (rank + suit) stays visible
  const fits = Math.max(1, Math.floor((width - 2 * margin - cardW) / minStep) + 1);
  const rows = view.phase === "over" ? 1 : Math.ceil(n / fits); // nothing to play at the result: one row leaves the card room
  const perRow = Math.ceil(n / rows); // rows as even as they can be: no lone card on a row of its own
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
      y: handTop - BOTTOM_PLATE_GAP - PLATE_H / 2,
      maxWidth: bottomPlateWidth(width),
      cards: { x: width / 2, y: height - cardH / 2 - 10, angle: 0 },
      cardsWidth: width,
    };
  }
  const order: SeatPos[] = opponents === 1 ? ["top"] : opponents === 2 ? ["left", "right"] : ["left", "top", "right"];
  if (portrait) {
    const k = order.indexOf(pos);
    const slot = width / order.length;
    const x = slot * (k + 0.5);
    const y = 74; // below the trump badge, the settings button and the watching note
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
  handTop: number,
  pile: { x: number; y: number },
  cardW: number,
  highlights: Highlights,
  result: ResultCard | null,
): Button[] {
  const h = 44; // a comfortable touch target
  const buttons: Button[] = [];
  const y = handTop - BOTTOM_PLATE_GAP - PLATE_H - 10 - h; // above the bottom plate
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
  if (result) {
    // One primary action, Rematch, across the card; the others below it, smaller, side by side.
    const c = result.rows;
    const inner = result.w - 2 * c.pad;
    const bottom = result.y + result.h - c.pad;
    const second = bottom - c.secondary;
    if (!view.watching)
      buttons.push(button("rematch", { x: result.x + c.pad, y: second - c.gap - c.primary, w: inner, h: c.primary })); // a spectator has no seat to deal again
    const others: ButtonId[] = view.handId ? ["lobby", "review"] : ["lobby"]; // review: the hand's replay with the analyser's verdicts
    const w = (inner - (others.length - 1) * c.gap) / others.length;
    others.forEach((id, i) =>
      buttons.push(button(id, { x: result.x + c.pad + i * (w + c.gap), y: second, w, h: c.secondary })),
    );
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
