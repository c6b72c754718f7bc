import type * as Phaser from "phaser";
import type { Box } from "./partial-frames.js";

const extents = new WeakMap<Phaser.GameObjects.Graphics, readonly Box[]>();

/**
 * Says where `graphics` draws, in its own coordinates (line widths included), each time it
 * is drawn again: a Graphics has no bounds of its own, and frame-changes.ts needs them to
 * redraw only the part of the canvas it changed. A Graphics that never says so is redrawn
 * with the whole canvas whenever it changes.
 */
export function drawnWithin<T extends Phaser.GameObjects.Graphics>(graphics: T, ...boxes: Box[]): T {
  extents.set(graphics, boxes);
  return graphics;
}

/** Where `graphics` last said it draws, or undefined when it never said. */
export function extentOf(graphics: Phaser.GameObjects.Graphics): readonly Box[] | undefined {
  return extents.get(graphics);
}
