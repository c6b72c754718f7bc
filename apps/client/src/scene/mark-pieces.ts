import { ART_H, ART_W, type Mark } from "../art/cards.js";

/**
 * A card mark drawn as a few small quads instead of one quad the size of the card. Under
 * software WebGL (and on a phone's fill-bound GPU) a frame costs by the blended pixels, and a
 * hand's outlines and trump dots, each a card-sized and mostly transparent image, doubled
 * them. So an outline is four strips along the card's edges and the dot a small square:
 * cut from the mark's own atlas cell (textures.ts), placed on the card's rotated frame here.
 */
export interface MarkPiece {
  name: string; // the atlas frame's name
  x: number; // the piece's cell-relative rectangle, art px (ART_W×ART_H cell)
  y: number;
  w: number;
  h: number;
}

const RIM = 32; // art px from the edge that hold an outline (inset 6, radius 22, half a 16 px line)
const DOT = { x: 12, y: ART_H - 48, size: 36 }; // round the trump dot (centre 30, ART_H − 30; radius 16)

/** The pieces of `mark` (the trump dot is one, an outline four). */
export function markPieces(mark: Mark): readonly MarkPiece[] {
  if (mark === "trump") return [{ name: "mark-trump-dot", x: DOT.x, y: DOT.y, w: DOT.size, h: DOT.size }];
  return [
    { name: `mark-${mark}-top`, x: 0, y: 0, w: ART_W, h: RIM },
    { name: `mark-${mark}-bottom`, x: 0, y: ART_H - RIM, w: ART_W, h: RIM },
    { name: `mark-${mark}-left`, x: 0, y: RIM, w: RIM, h: ART_H - 2 * RIM },
    { name: `mark-${mark}-right`, x: ART_W - RIM, y: RIM, w: RIM, h: ART_H - 2 * RIM },
  ];
}

/** Where a piece goes on a card centred at (x, y), `width`×`height` CSS px, turned `angle` degrees. */
export function piecePlace(
  piece: MarkPiece,
  card: { x: number; y: number; angle: number },
  width: number,
  height: number,
): { x: number; y: number; width: number; height: number } {
  const sx = width / ART_W;
  const sy = height / ART_H;
  const dx = (piece.x + piece.w / 2 - ART_W / 2) * sx; // the piece's centre from the card's, unturned
  const dy = (piece.y + piece.h / 2 - ART_H / 2) * sy;
  const turn = (card.angle * Math.PI) / 180;
  const cos = Math.cos(turn);
  const sin = Math.sin(turn);
  return {
    x: card.x + dx * cos - dy * sin,
    y: card.y + dx * sin + dy * cos,
    width: piece.w * sx,
    height: piece.h * sy,
  };
}
