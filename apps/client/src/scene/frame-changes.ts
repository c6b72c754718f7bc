import * as Phaser from "phaser";
import { extentOf } from "./graphics-extent.js";
import type { Box } from "./partial-frames.js";

/** What one drawn object looked like in the last frame, and where it covered the canvas (null: not known). */
interface Drawn {
  look: unknown[]; // its fields that change what it draws (lookOf), in a fixed order per kind
  boxes: Box[] | null;
  seen: number; // the last collect that found it drawn
}

type Transformed = Phaser.GameObjects.GameObject &
  Phaser.GameObjects.Components.Transform &
  Phaser.GameObjects.Components.Visible & { alpha: number };

/**
 * What a frame changes on the canvas, found by looking, not by being told: before each frame
 * every drawn object of the scene (an image, a text, a graphics; containers only pass their
 * transform down) is compared with how it was drawn in the last frame, and each one that
 * looks different — moved, turned, re-framed, re-tinted, re-worded, redrawn, shown, hidden,
 * lifted above or below the others — gives the box it covered then and the box it covers
 * now. A show, a flight, a drag, a plate's pulse, a clock ring, a reaction bubble coming or
 * going: whatever the scene's parts did, the boxes hold it (partial-frames.ts redraws just
 * those). An object whose place cannot be known (a graphics that never said where it draws:
 * graphics-extent.ts; a kind of object this does not know) makes the frame whole. Every
 * animation frame runs this, so it compares fields in place and allocates only for what changed.
 */
export class FrameChanges {
  private readonly drawn = new Map<Phaser.GameObjects.GameObject, Drawn>();
  private readonly scratch: unknown[] = [];
  private pass = 0;
  private dirty: Box[] = [];
  private unknown = false;
  private readonly matrix = new Phaser.GameObjects.Components.TransformMatrix();
  private readonly parentMatrix = new Phaser.GameObjects.Components.TransformMatrix();
  private readonly point = new Phaser.Math.Vector2();

  constructor(private readonly root: () => readonly Phaser.GameObjects.GameObject[]) {}

  /** The boxes (game px) that the coming frame draws differently from the last one; null when that is not known. */
  collect(): Box[] | null {
    this.pass++;
    this.dirty = [];
    this.unknown = false;
    this.visit(this.root(), false);
    for (const [obj, drawn] of this.drawn)
      if (drawn.seen !== this.pass) {
        this.changed(drawn.boxes); // hidden, or gone from the scene
        this.drawn.delete(obj);
      }
    return this.unknown ? null : this.dirty;
  }

  /** Looks at each drawn object of `list`; `moved`: a container above them changed its transform. */
  private visit(list: readonly Phaser.GameObjects.GameObject[], moved: boolean): void {
    for (const obj of list) {
      const o = obj as Transformed;
      if (!o.visible || o.alpha === 0) continue; // not drawn: if it was, its box is dirty at the end of collect
      const look = this.scratch;
      look.length = 0;
      const known = lookOf(obj, look);
      const before = this.drawn.get(obj);
      const same = known && before !== undefined && !moved && sameLook(before.look, look);
      if (obj instanceof Phaser.GameObjects.Container) {
        if (!same)
          this.drawn.set(obj, { look: [...look], boxes: [], seen: this.pass }); // draws nothing itself
        else before.seen = this.pass;
        this.visit(obj.list, moved || !same);
        continue;
      }
      if (same) {
        before.seen = this.pass;
        continue;
      }
      const drawn: Drawn = { look: [...look], boxes: this.boxesOf(obj), seen: this.pass };
      this.drawn.set(obj, drawn);
      if (before) this.changed(before.boxes);
      this.changed(drawn.boxes);
    }
  }

  private changed(boxes: Box[] | null): void {
    if (boxes === null) this.unknown = true;
    else for (const b of boxes) this.dirty.push(b);
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

function sameLook(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Writes into `out` what `obj` draws: where and how it is placed, and its picture, tint,
 * order — for a text its words, for a graphics its strokes. False for a kind of object this
 * does not know how to look at: it counts as changed in every frame.
 */
function lookOf(obj: Phaser.GameObjects.GameObject, out: unknown[]): boolean {
  const o = obj as Transformed;
  out.push(o.x, o.y, o.rotation, o.scaleX, o.scaleY, o.alpha);
  if (obj instanceof Phaser.GameObjects.Container) return true;
  if (obj instanceof Phaser.GameObjects.Text) {
    const s = obj.style;
    out.push(1, obj.text, s.color, s.backgroundColor, obj.width, obj.height, obj.originX, obj.originY, obj.depth); // a colour is a string (style.ts) or a gradient object: compared as itself
    return true;
  }
  if (obj instanceof Phaser.GameObjects.Image) {
    out.push(
      2,
      obj.texture.key,
      obj.frame.name,
      obj.displayWidth,
      obj.displayHeight,
      obj.originX,
      obj.originY,
      obj.flipX,
      obj.flipY,
      obj.tint,
      obj.tintMode,
      obj.depth,
      obj.blendMode,
    );
    return true;
  }
  if (obj instanceof Phaser.GameObjects.Graphics) {
    out.push(3, obj.depth, obj.commandBuffer.length);
    for (const c of obj.commandBuffer) out.push(c);
    return true;
  }
  return false;
}
