import * as Phaser from "phaser";

/** A box on the canvas, in game (device) px. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const MARGIN = 2; // px round a changed box: a filtered edge and rounding never leave a trace
const MAX_BOXES = 4; // each box is one more pass over the display list: beyond this, the nearest boxes merge
const WHOLE_SHARE = 0.6; // boxes covering more of the canvas than this: one whole pass is cheaper

/**
 * Frames that redraw only the parts of the canvas that changed. Software WebGL (SwiftShader,
 * the browser tests' and many a GPU-less machine's) pays per pixel it rasterises, and most of
 * the table is still in most frames — the fanned hand while a card flies, everything but the
 * plates and the hand after a move. Each frame, frame-changes.ts says which boxes change;
 * they are merged into a few that do not overlap, and each is cleared and drawn by a camera
 * of its own (the main camera and, for the others, extra ones), scrolled by as much as it
 * is moved so the world stays put; every other pixel stays as the last frame drew it. The
 * drawing buffer is preserved for that (game.ts) only under software WebGL (software-gl.ts):
 * a GPU would pay for the copy every frame and draws the whole table for next to nothing.
 * Inside a box everything is drawn in depth order as in a whole frame, so the pixels are
 * the same. A resize, a first frame, or a change whose place is not known draws it whole.
 */
export class PartialFrames {
  private wholeNext = true; // the coming frame is drawn whole (the first, or after a resize)
  private partial = 0; // frames that redrew a part (not nothing, not all) since boot: the test hook counts them
  private whole = 0; // frames that redrew the whole canvas since boot (the scene bench tells them from the rest)
  private readonly extra: Phaser.Cameras.Scene2D.Camera[] = []; // cameras for the boxes after the first
  private clears: Box[] = []; // the boxes after the first, cleared before the cameras draw

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly renderer: Phaser.Renderer.Canvas.CanvasRenderer | Phaser.Renderer.WebGL.WebGLRenderer,
    private readonly enabled: boolean, // the drawing buffer is preserved (game.ts): off, every frame is whole
  ) {
    if (renderer instanceof Phaser.Renderer.WebGL.WebGLRenderer)
      renderer.on(Phaser.Renderer.Events.PRE_RENDER, () => this.clearExtra(renderer));
  }

  /** The canvas changed size (or was never drawn): the next frame is drawn whole. */
  invalidate(): void {
    this.wholeNext = true;
  }

  /** Sets up the coming frame: `changed` are the boxes it draws differently (game px), or null when that is not known. */
  prepare(changed: readonly Box[] | null): void {
    const { width, height } = this.renderer;
    let boxes: Box[] | null = null;
    if (
      changed !== null &&
      this.enabled &&
      this.renderer instanceof Phaser.Renderer.WebGL.WebGLRenderer &&
      !this.wholeNext
    ) {
      boxes = disjoint(changed.map((b) => clamp(grown(b), width, height)).filter((b) => b.width > 0 && b.height > 0));
      if (boxes.reduce((sum, b) => sum + b.width * b.height, 0) > WHOLE_SHARE * width * height) boxes = null;
    }
    this.wholeNext = false;
    if (boxes === null) this.whole++;
    else if (boxes.length > 0) this.partial++;
    this.clip(boxes ?? [{ x: 0, y: 0, width, height }]);
  }

  /** How many frames were drawn partly since the scene booted. */
  partialFrames(): number {
    return this.partial;
  }

  /** How many frames were drawn whole since the scene booted. */
  wholeDrawn(): number {
    return this.whole;
  }

  /** The main camera draws the first box, extra cameras the others; none at all: nothing is drawn. */
  private clip(boxes: readonly Box[]): void {
    const first = boxes[0] ?? { x: 0, y: 0, width: 0, height: 0 };
    aim(this.scene.cameras.main, first);
    if (this.renderer instanceof Phaser.Renderer.WebGL.WebGLRenderer)
      this.renderer.baseDrawingContext.setScissorBox(first.x, first.y, first.width, first.height); // the clear
    this.clears = boxes.slice(1);
    this.clears.forEach((box, i) => {
      const camera = (this.extra[i] ??= this.scene.cameras.add(0, 0, 1, 1, false, `part-${i + 1}`));
      aim(camera, box).setVisible(true);
    });
    for (let i = this.clears.length; i < this.extra.length; i++)
      if (this.extra[i]!.visible) this.extra[i]!.setVisible(false);
  }

  /** After the frame's own clear (the first box), the other boxes are cleared too, before any camera draws. */
  private clearExtra(renderer: Phaser.Renderer.WebGL.WebGLRenderer): void {
    if (this.clears.length === 0) return;
    const base = renderer.baseDrawingContext;
    const first = this.scene.cameras.main;
    for (const box of this.clears) {
      base.setScissorBox(box.x, box.y, box.width, box.height);
      base.clear();
    }
    base.setScissorBox(first.x, first.y, first.width, first.height);
  }
}

/** Points `camera` at `box` of the canvas, scrolled so the world stays where it is drawn whole. */
function aim(camera: Phaser.Cameras.Scene2D.Camera, box: Box): Phaser.Cameras.Scene2D.Camera {
  if (camera.x !== box.x || camera.y !== box.y || camera.width !== box.width || camera.height !== box.height)
    camera.setViewport(box.x, box.y, box.width, box.height);
  if (camera.scrollX !== box.x || camera.scrollY !== box.y) camera.setScroll(box.x, box.y);
  return camera;
}

/** `b` grown by the margin. */
function grown(b: Box): Box {
  return { x: b.x - MARGIN, y: b.y - MARGIN, width: b.width + 2 * MARGIN, height: b.height + 2 * MARGIN };
}

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function union(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}

/** Adds `box` to boxes that do not overlap, merging it with each it overlaps (its union may then overlap others). */
function addDisjoint(out: Box[], box: Box): void {
  let cur = box;
  for (let i = 0; i < out.length;) {
    if (overlap(out[i]!, cur)) {
      cur = union(out[i]!, cur);
      out.splice(i, 1);
      i = 0;
    } else i++;
  }
  out.push(cur);
}

/** At most MAX_BOXES boxes, none overlapping another, that together hold all of `boxes` (each pixel drawn once). */
export function disjoint(boxes: readonly Box[]): Box[] {
  let out: Box[] = [];
  for (const b of boxes) addDisjoint(out, b);
  while (out.length > MAX_BOXES) {
    // Merge the pair whose union adds the least area.
    let best = [0, 1];
    let cost = Infinity;
    for (let i = 0; i < out.length; i++)
      for (let j = i + 1; j < out.length; j++) {
        const a = out[i]!;
        const b = out[j]!;
        const u = union(a, b);
        const added = u.width * u.height - a.width * a.height - b.width * b.height;
        if (added < cost) {
          cost = added;
          best = [i, j];
        }
      }
    const [i, j] = best as [number, number];
    const merged = union(out[i]!, out[j]!);
    const rest = out.filter((_, k) => k !== i && k !== j);
    out = [];
    for (const b of rest) addDisjoint(out, b);
    addDisjoint(out, merged);
  }
  return out;
}

/** `box` in whole pixels, rounded outwards and kept on a `width`×`height` canvas. */
function clamp(box: Box, width: number, height: number): Box {
  const x = Math.max(0, Math.floor(box.x));
  const y = Math.max(0, Math.floor(box.y));
  const right = Math.min(width, Math.ceil(box.x + box.width));
  const bottom = Math.min(height, Math.ceil(box.y + box.height));
  return { x, y, width: Math.max(0, right - x), height: Math.max(0, bottom - y) };
}
