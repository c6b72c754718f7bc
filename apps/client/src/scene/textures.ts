import type { Card } from "@yourtrumps/engine";
import type * as Phaser from "phaser";
import { drawBack, drawFace } from "../art/cards.js";

export const BACK = "card-back";

/** The texture key of a card face in the chosen deck; drawn on first use. */
export function faceKey(textures: Phaser.Textures.TextureManager, card: Card, fourColour: boolean): string {
  const key = `card-${card}-${fourColour ? 4 : 2}`;
  if (!textures.exists(key)) textures.addCanvas(key, drawFace(card, fourColour));
  return key;
}

/** The card-back texture key; drawn on first use. */
export function backKey(textures: Phaser.Textures.TextureManager): string {
  if (!textures.exists(BACK)) textures.addCanvas(BACK, drawBack());
  return BACK;
}
