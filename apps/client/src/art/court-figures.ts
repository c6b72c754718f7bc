import type { Suit } from "@yourtrumps/engine";
import { drawSuit } from "./suits.js";

/** A court card's figure: the jack, the queen or the king. */
export type Court = "J" | "Q" | "K";

/** The frame the figure fills on an art-sized card: clear of the corner indices, top-left and (turned) bottom-right. */
export const FIGURE_FRAME = { x: 84, y: 28, w: 82, h: 294 } as const;

const GOLD = "#d9a521";
const GOLD_DARK = "#9c7412";
const SKIN = "#f3d3b1";
const INK = "#2b2118";
const PAPER = "#f8f0dc";

/**
 * Draws `court` of `suit` inside FIGURE_FRAME, double-headed as printed cards are: the
 * upper half is a bust — headgear, face, hair, a robe in the suit's colour trimmed in gold,
 * the suit's pip on the chest and the figure's emblem (the king's sceptre, the queen's
 * flower, the jack's halberd) — and the lower half is the same bust turned half a circle,
 * so a card reads the same either way up. Our own shapes, like the pips (suits.ts).
 */
export function drawCourtFigure(ctx: CanvasRenderingContext2D, court: Court, suit: Suit, colour: string): void {
  const { x, y, w, h } = FIGURE_FRAME;
  const cx = x + w / 2;
  const mid = y + h / 2;
  const trim = suit === "H" || suit === "D" ? "#22408a" : "#c8102e"; // the other colour of the deck, for contrast
  const robe = colour === "#111111" ? "#34405c" : colour; // a black robe would swallow its trim: slate instead
  ctx.save();
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, 10);
  ctx.fillStyle = PAPER;
  ctx.fill();
  ctx.clip();
  for (const turn of [0, Math.PI]) {
    ctx.save();
    ctx.translate(cx, mid);
    ctx.rotate(turn);
    bust(ctx, court, suit, robe, trim, w, h / 2);
    ctx.restore();
  }
  ctx.restore();
  // The frame and the line between the two halves.
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.lineWidth = 4;
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, 10);
  ctx.stroke();
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(x + 6, mid);
  ctx.lineTo(x + w - 6, mid);
  ctx.stroke();
  ctx.restore();
}

/** One half: drawn upward from the centre line (0, 0), `w` wide and `half` tall. */
function bust(
  ctx: CanvasRenderingContext2D,
  court: Court,
  suit: Suit,
  colour: string,
  trim: string,
  w: number,
  half: number,
): void {
  const headY = -half + 66; // the face's centre
  const r = 18;
  // The robe: shoulders from under the chin to the centre line.
  ctx.beginPath();
  ctx.moveTo(-w / 2 + 2, 0);
  ctx.lineTo(-w / 2 + 4, headY + 40);
  ctx.quadraticCurveTo(-w / 2 + 8, headY + 22, -12, headY + 21);
  ctx.lineTo(12, headY + 21);
  ctx.quadraticCurveTo(w / 2 - 8, headY + 22, w / 2 - 4, headY + 40);
  ctx.lineTo(w / 2 - 2, 0);
  ctx.closePath();
  ctx.fillStyle = colour;
  ctx.fill();
  // Gold bands down the front and across the shoulders.
  ctx.fillStyle = GOLD;
  ctx.fillRect(-5, headY + 21, 10, -headY - 21);
  ctx.beginPath();
  ctx.moveTo(-w / 2 + 5, headY + 36);
  ctx.quadraticCurveTo(0, headY + 24, w / 2 - 5, headY + 36);
  ctx.lineTo(w / 2 - 5, headY + 43);
  ctx.quadraticCurveTo(0, headY + 31, -w / 2 + 5, headY + 43);
  ctx.closePath();
  ctx.fill();
  // Trim dots on the robe, in the deck's other colour.
  ctx.fillStyle = trim;
  for (const dx of [-24, 24]) {
    ctx.beginPath();
    ctx.arc(dx, headY + 64, 3.5, 0, Math.PI * 2);
    ctx.fill();
  }
  // The suit's pip on the chest, on a white shield.
  ctx.beginPath();
  ctx.arc(0, headY + 70, 12, 0, Math.PI * 2);
  ctx.fillStyle = "#ffffff";
  ctx.fill();
  ctx.strokeStyle = GOLD_DARK;
  ctx.lineWidth = 2;
  ctx.stroke();
  drawSuit(ctx, suit, 0, headY + 70, 16, suit === "H" || suit === "D" ? "#c8102e" : "#111111");
  emblem(ctx, court, w, headY);
  // Hair behind the face (the queen's falls to the shoulders).
  ctx.fillStyle = court === "K" ? "#e9e4da" : court === "Q" ? "#b5651d" : "#6b3e1f";
  ctx.beginPath();
  if (court === "Q") ctx.ellipse(0, headY + 8, r + 6, r + 16, 0, 0, Math.PI * 2);
  else ctx.arc(0, headY - 2, r + 3, Math.PI, 0);
  ctx.fill();
  // The face.
  ctx.beginPath();
  ctx.arc(0, headY, r, 0, Math.PI * 2);
  ctx.fillStyle = SKIN;
  ctx.fill();
  ctx.strokeStyle = INK;
  ctx.lineWidth = 1.5;
  ctx.stroke();
  ctx.fillStyle = INK;
  for (const dx of [-5, 5]) {
    ctx.beginPath();
    ctx.arc(dx, headY - 2, 1.8, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.beginPath();
  ctx.moveTo(-4, headY + 7);
  ctx.quadraticCurveTo(0, headY + 10, 4, headY + 7);
  ctx.stroke();
  if (court === "K") {
    // The king's beard.
    ctx.beginPath();
    ctx.moveTo(-r + 2, headY + 4);
    ctx.quadraticCurveTo(0, headY + 34, r - 2, headY + 4);
    ctx.quadraticCurveTo(0, headY + 16, -r + 2, headY + 4);
    ctx.fillStyle = "#e9e4da";
    ctx.fill();
    ctx.stroke();
  }
  headgear(ctx, court, colour, trim, headY, r);
}

/** The king's crown, the queen's coronet, the jack's cap with a feather. */
function headgear(
  ctx: CanvasRenderingContext2D,
  court: Court,
  colour: string,
  trim: string,
  headY: number,
  r: number,
): void {
  const top = headY - r + 2;
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = GOLD_DARK;
  ctx.beginPath();
  if (court === "K") {
    ctx.moveTo(-r, top);
    ctx.lineTo(-r - 2, top - 20);
    ctx.lineTo(-r / 2, top - 10);
    ctx.lineTo(0, top - 24);
    ctx.lineTo(r / 2, top - 10);
    ctx.lineTo(r + 2, top - 20);
    ctx.lineTo(r, top);
    ctx.closePath();
    ctx.fillStyle = GOLD;
    ctx.fill();
    ctx.stroke();
    ctx.fillStyle = trim;
    for (const dx of [-r / 2 - 2, 0, r / 2 + 2]) {
      ctx.beginPath();
      ctx.arc(dx, top - 5, 2.5, 0, Math.PI * 2);
      ctx.fill();
    }
  } else if (court === "Q") {
    ctx.moveTo(-r + 2, top + 1);
    ctx.lineTo(-r + 4, top - 11);
    ctx.lineTo(-r / 3, top - 5);
    ctx.lineTo(0, top - 15);
    ctx.lineTo(r / 3, top - 5);
    ctx.lineTo(r - 4, top - 11);
    ctx.lineTo(r - 2, top + 1);
    ctx.closePath();
    ctx.fillStyle = GOLD;
    ctx.fill();
    ctx.stroke();
    ctx.fillStyle = trim;
    ctx.beginPath();
    ctx.arc(0, top - 15, 3, 0, Math.PI * 2);
    ctx.fill();
  } else {
    ctx.ellipse(0, top + 1, r + 5, 8, 0, Math.PI, 0);
    ctx.closePath();
    ctx.fillStyle = colour;
    ctx.fill();
    ctx.stroke();
    // The feather, in the other colour of the deck.
    ctx.beginPath();
    ctx.moveTo(r - 2, top - 2);
    ctx.quadraticCurveTo(r + 16, top - 20, r + 4, top - 30);
    ctx.quadraticCurveTo(r + 6, top - 14, r - 6, top - 4);
    ctx.closePath();
    ctx.fillStyle = trim;
    ctx.fill();
  }
}

/** What the figure holds at its side: the king's sceptre, the queen's flower, the jack's halberd. */
function emblem(ctx: CanvasRenderingContext2D, court: Court, w: number, headY: number): void {
  const x = -w / 2 + 12;
  ctx.strokeStyle = GOLD_DARK;
  ctx.fillStyle = GOLD;
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.moveTo(x, headY + 80);
  ctx.lineTo(x, headY - (court === "Q" ? 0 : 22));
  ctx.stroke();
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  if (court === "K") ctx.arc(x, headY - 26, 6, 0, Math.PI * 2);
  else if (court === "Q") {
    for (let k = 0; k < 5; k++) {
      const a = (k * 2 * Math.PI) / 5;
      ctx.moveTo(x + Math.cos(a) * 5 + 3.5, headY - 4 + Math.sin(a) * 5);
      ctx.arc(x + Math.cos(a) * 5, headY - 4 + Math.sin(a) * 5, 3.5, 0, Math.PI * 2);
    }
  } else {
    ctx.moveTo(x, headY - 36);
    ctx.lineTo(x + 9, headY - 22);
    ctx.lineTo(x, headY - 18);
    ctx.lineTo(x - 7, headY - 26);
    ctx.closePath();
  }
  ctx.fill();
  ctx.stroke();
}
