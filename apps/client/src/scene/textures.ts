import { ALL_CARDS, type Card } from "@yourtrumps/engine";
import type * as Phaser from "phaser";
import { ART_H, ART_W, drawBack, drawFace, drawMark, type Mark } from "../art/cards.js";
import { markPieces } from "./mark-pieces.js";

const COLUMNS = 10;
const BACK = "back";
const MARKS: readonly Mark[] = ["legal", "selected", "hint", "trump"];

/**
 * The whole deck (36 faces, the back, the card marks) in one atlas texture per palette, drawn once:
 * every card on the table then comes from one texture, so nothing is drawn or uploaded
 * in the middle of an animation.
 */
export function deckAtlas(textures: Phaser.Textures.TextureManager, fourColour: boolean): string {
  const key = `deck-${fourColour ? 4 : 2}`;
  if (textures.exists(key)) return key;
  const cells: { name: string; art: () => HTMLCanvasElement }[] = [
    ...ALL_CARDS.map((card) => ({ name: card, art: () => drawFace(card, fourColour) })),
    { name: BACK, art: drawBack },
    ...MARKS.map((mark) => ({ name: `mark-${mark}`, art: () => drawMark(mark) })),
  ];
  const canvas = document.createElement("canvas");
  canvas.width = COLUMNS * ART_W;
  canvas.height = Math.ceil(cells.length / COLUMNS) * ART_H;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("2D canvas unavailable");
  cells.forEach((cell, i) => ctx.drawImage(cell.art(), (i % COLUMNS) * ART_W, Math.floor(i / COLUMNS) * ART_H));
  const texture = textures.addCanvas(key, canvas);
  if (!texture) throw new Error(`could not add texture ${key}`);
  cells.forEach((cell, i) =>
    texture.add(cell.name, 0, (i % COLUMNS) * ART_W, Math.floor(i / COLUMNS) * ART_H, ART_W, ART_H),
  );
  MARKS.forEach((mark) => {
    const cell = texture.get(`mark-${mark}`);
    for (const piece of markPieces(mark))
      texture.add(piece.name, 0, cell.cutX + piece.x, cell.cutY + piece.y, piece.w, piece.h);
  });
  return key;
}

/** Texture key and frame of a card face, or of the back when `card` is null. */
export function cardFrame(
  textures: Phaser.Textures.TextureManager,
  card: Card | null,
  fourColour: boolean,
): [string, string] {
  return [deckAtlas(textures, fourColour), card ?? BACK];
}

/** Texture key and frame of a whole card mark (legal outline, keyboard choice, hint, trump dot); a piece's frame is its `name` (mark-pieces.ts). */
export function markFrame(textures: Phaser.Textures.TextureManager, mark: Mark, fourColour: boolean): [string, string] {
  return [deckAtlas(textures, fourColour), `mark-${mark}`];
}
