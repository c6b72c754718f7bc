import { rankOf, suitOf, type Card, type Rank } from "@yourtrumps/engine";
import { drawCourtFigure, type Court } from "./court-figures.js";
import { drawSuit, suitColour } from "./suits.js";

/** Card art is drawn at this size (px) and scaled down: crisp up to ~2.5× DPR at 100 CSS px wide. */
export const ART_W = 250;
export const ART_H = 350;

/** The rank as printed in the corner: "10" for the ten, else the notation's letter or digit. */
const RANK_TEXT: Record<Rank, string> = {
  "6": "6",
  "7": "7",
  "8": "8",
  "9": "9",
  T: "10",
  J: "J",
  Q: "Q",
  K: "K",
  A: "A",
};
/** The figure a court card shows; null for the number cards and the ace (drawn with a pip). */
function courtOf(rank: Rank): Court | null {
  return rank === "J" || rank === "Q" || rank === "K" ? rank : null;
}

/** Draws the face of `card` onto a new ART_W×ART_H canvas. All art is our own code. */
export function drawFace(card: Card, fourColour: boolean): HTMLCanvasElement {
  const { canvas, ctx } = blank();
  const suit = suitOf(card);
  const rank = RANK_TEXT[rankOf(card)];
  const colour = suitColour(suit, fourColour);
  roundRect(ctx, 4, 4, ART_W - 8, ART_H - 8, 22);
  ctx.fillStyle = "#fffdf7";
  ctx.fill();
  ctx.lineWidth = 4;
  ctx.strokeStyle = "#9a9a9a";
  ctx.stroke();
  // Corner index, top-left and (turned) bottom-right: rank and suit are readable on a fanned card.
  for (const turn of [0, Math.PI]) {
    ctx.save();
    ctx.translate(ART_W / 2, ART_H / 2);
    ctx.rotate(turn);
    ctx.translate(-ART_W / 2, -ART_H / 2);
    ctx.fillStyle = colour;
    ctx.font = `bold ${rank.length > 1 ? 64 : 72}px "Noto Sans", "DejaVu Sans", Arial, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "top";
    ctx.fillText(rank, 50, 16);
    drawSuit(ctx, suit, 50, 124, 54, colour);
    ctx.restore();
  }
  // Centre: a big pip for number cards, a figure for court cards.
  const court = courtOf(rankOf(card));
  if (court) {
    drawCourtFigure(ctx, court, suit, colour);
  } else {
    drawSuit(ctx, suit, ART_W / 2 + 16, ART_H / 2, rankOf(card) === "A" ? 150 : 110, colour); // the ace's lone pip is drawn large
  }
  return canvas;
}

/** The back of every card: a simple lattice in our own colours. */
export function drawBack(): HTMLCanvasElement {
  const { canvas, ctx } = blank();
  roundRect(ctx, 4, 4, ART_W - 8, ART_H - 8, 22);
  ctx.fillStyle = "#22408a";
  ctx.fill();
  ctx.save();
  ctx.clip();
  ctx.strokeStyle = "rgba(255,255,255,0.35)";
  ctx.lineWidth = 6;
  for (let d = -ART_H; d < ART_W + ART_H; d += 28) {
    ctx.beginPath();
    ctx.moveTo(d, 0);
    ctx.lineTo(d + ART_H, ART_H);
    ctx.moveTo(d, ART_H);
    ctx.lineTo(d + ART_H, 0);
    ctx.stroke();
  }
  ctx.restore();
  ctx.lineWidth = 10;
  ctx.strokeStyle = "#fffdf7";
  roundRect(ctx, 12, 12, ART_W - 24, ART_H - 24, 16);
  ctx.stroke();
  return canvas;
}

function blank(): { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } {
  const canvas = document.createElement("canvas");
  canvas.width = ART_W;
  canvas.height = ART_H;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("2D canvas unavailable");
  return { canvas, ctx };
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

/** Card marks, drawn as see-through card-sized overlays so they turn with the card. */
export type Mark = "legal" | "selected" | "hint" | "trump";

export function drawMark(mark: Mark): HTMLCanvasElement {
  const canvas = document.createElement("canvas");
  canvas.width = ART_W;
  canvas.height = ART_H;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("2D canvas unavailable");
  if (mark === "trump") {
    // "Your trump": a red dot in the lower-left corner, clear of the index.
    ctx.fillStyle = "#e23b3b";
    ctx.beginPath();
    ctx.arc(30, ART_H - 30, 16, 0, Math.PI * 2);
    ctx.fill();
    return canvas;
  }
  ctx.strokeStyle = { legal: "#f2c14e", selected: "#ffffff", hint: "#4ec3f2" }[mark];
  ctx.lineWidth = mark === "hint" ? 16 : 12;
  roundRect(ctx, 6, 6, ART_W - 12, ART_H - 12, 22);
  ctx.stroke();
  return canvas;
}
