import * as Phaser from "phaser";
import { extentOf } from "./graphics-extent.js";
import type { Box } from "./partial-frames.js";

/** What one drawn object looked like in the last frame, and where it covered the canvas (null: not known). */
interface Drawn {
  look: string;
  boxes: Box[] | null;
}

type Transformed = Phaser.GameObjects.GameObject & Phaser.GameObjects.Components.Transform & Phaser.GameObjects.Components.Visible & { alpha: number };

/**
 * What a frame changes on the canvas, found by looking, not by being told: before each frame
 * every drawn object of the scene (an image, a text, a graphics; containers only pass their
 * transform down) is compared with how it was drawn in the last frame, and each one that
 * looks different — moved, turned, re-framed, re-tinted, re-worded, redrawn, shown, hidden,
 * lifted above or below the others — gives the box it covered then and the box it covers
 * now. A show, a flight, a drag, a plate's pulse, a clock ring, a reaction bubble coming or
 * going: whatever the scene's parts did, the boxes hold it (partial-frames.ts redraws just
 * those). An object whose place cannot be known (a graphics that never said where it draws:
 * graphics-extent.ts) makes the frame whole.
 */
export class FrameChanges {
  private last = new Map<Phaser.GameObjects.GameObject, Drawn>();
  private readonly matrix = new Phaser.GameObjects.Components.TransformMatrix();
  private readonly parentMatrix = new Phaser.GameObjects.Components.TransformMatrix();
  private readonly point = new Phaser.Math.Vector2();

  constructor(private readonly root: () => readonly Phaser.GameObjects.GameObject[]) {}

  /** The boxes (game px) that the coming frame draws differently from the last one; null when that is not known. */
  collect(): Box[] | null {
    const now = new Map<Phaser.GameObjects.GameObject, Drawn>();
    const dirty: Box[] = [];
    let unknown = false;
    const changed = (boxes: Box[] | null): void => {
      if (boxes === null) unknown = true;
      else for (const b of boxes) dirty.push(b);
    };
    const visit = (list: readonly Phaser.GameObjects.GameObject[], inherited: string): void => {
      for (const obj of list) {
        const o = obj as Transformed;
        if (!o.visible || o.alpha === 0) continue; // not drawn: if it was, its box is dirty below
        if (obj instanceof Phaser.GameObjects.Container) {
          visit(obj.list, `${inherited}[${transformLook(o)}]`);
          continue;
        }
        const own = ownLook(obj);
        const look = `${inherited}${transformLook(o)}${own ?? ""}`;
        const before = this.last.get(obj);
        if (own !== null && before?.look === look) {
          now.set(obj, before);
          continue;
        }
        const drawn = { look, boxes: this.boxesOf(obj) };
        now.set(obj, drawn);
        if (before) changed(before.boxes);
        changed(drawn.boxes);
      }
    };
    visit(this.root(), "");
    for (const [obj, drawn] of this.last) if (!now.has(obj)) changed(drawn.boxes);
    this.last = now;
    return unknown ? null : dirty;
  }

  /** Where `obj` covers the canvas now, in game px. */
  private boxesOf(obj: Phaser.GameObjects.GameObject): Box[] | null {
    if (obj instanceof Phaser.GameObjects.Graphics) {
      if (obj.commandBuffer.length === 0) return []; // draws nothing
      const extent = extentOf(obj);
      if (extent === undefined) return null;
      const m = obj.getWorldTransformMatrix(this.matrix, this.parentMatrix);
      return extent.map((b) => this.transformed(m, b));
    }
    const bounded = obj as Partial<Phaser.GameObjects.Components.GetBounds>;
    if (typeof bounded.getBounds !== "function") return null;
    const r = bounded.getBounds();
    return [{ x: r.x, y: r.y, width: r.width, height: r.height }];
  }

  /** The box holding `b` (local) under the world matrix `m`. */
  private transformed(m: Phaser.GameObjects.Components.TransformMatrix, b: Box): Box {
    let left = Infinity;
    let top = Infinity;
    let right = -Infinity;
    let bottom = -Infinity;
    for (const [x, y] of [
      [b.x, b.y],
      [b.x + b.width, b.y],
      [b.x, b.y + b.height],
      [b.x + b.width, b.y + b.height],
    ] as const) {
      const p = m.transformPoint(x, y, this.point);
      left = Math.min(left, p.x);
      top = Math.min(top, p.y);
      right = Math.max(right, p.x);
      bottom = Math.max(bottom, p.y);
    }
    return { x: left, y: top, width: right - left, height: bottom - top };
  }
}

/** Where and how an object or container is placed: its part of how it looks. */
function transformLook(o: Transformed): string {
  return `${o.x},${o.y},${o.rotation},${o.scaleX},${o.scaleY},${o.alpha};`;
}

/**
 * What an object draws, besides where: its picture, tint, order, and for a text its words,
 * for a graphics its strokes. Null for a kind of object this does not know how to look at:
 * it counts as changed in every frame.
 */
function ownLook(obj: Phaser.GameObjects.GameObject): string | null {
  if (obj instanceof Phaser.GameObjects.Text) {
    const s = obj.style;
    const colour = typeof s.color === "string" ? s.color : "?"; // the scene's texts are coloured by strings (style.ts)
    return `T${obj.text}\u0000${colour}\u0000${s.backgroundColor}\u0000${obj.width}x${obj.height},${obj.originX},${obj.originY},${obj.depth}`;
  }
  if (obj instanceof Phaser.GameObjects.Image) {
    return `I${obj.texture.key}/${obj.frame.name},${obj.displayWidth}x${obj.displayHeight},${obj.originX},${obj.originY},${obj.flipX},${obj.flipY},${obj.tint},${obj.tintMode},${obj.depth},${obj.blendMode}`;
  }
  if (obj instanceof Phaser.GameObjects.Graphics) return `G${obj.depth},${obj.commandBuffer.join(",")}`;
  return null;
}
