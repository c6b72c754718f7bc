import * as Phaser from "phaser";

/** A box on the canvas, in game (device) px. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const MARGIN = 2; // px round a moving box: a filtered edge and rounding never leave a trace

/**
 * Frames that redraw only the part of the canvas that moved. Software WebGL (SwiftShader,
 * the browser tests' and many a GPU-less machine's) pays per pixel it rasterises, and the
 * still table — the fanned hand, the fans of backs, the pile — is most of them: while only
 * cards fly, a frame clears and redraws the box swept by what moves (its bounds in the last
 * frame and now) and leaves every other pixel as the last frame drew it. The drawing buffer
 * is preserved for that (game.ts) only under software WebGL (software-gl.ts): a GPU would pay
 * for the copy every frame and draws the whole table for next to nothing. The box is a
 * scissor: the camera's viewport, scrolled by as much so the world stays put, and the
 * renderer's clear box. Everything inside it is drawn in depth
 * order as in a whole frame, so the pixels are the same. A change that is not tracked here (a
 * show, a resize, a drag, a plate's pulse) draws the whole canvas.
 */
export class PartialFrames {
  private wholeFrames = 1; // frames still to draw whole
  private last: Box[] = []; // what moved, as drawn in the last frame
  private partial = 0; // frames that redrew a part (not nothing, not all) since boot: the test hook counts them

  constructor(
    private readonly camera: Phaser.Cameras.Scene2D.Camera,
    private readonly renderer: Phaser.Renderer.Canvas.CanvasRenderer | Phaser.Renderer.WebGL.WebGLRenderer,
    private readonly enabled: boolean, // the drawing buffer is preserved (game.ts): off, every frame is whole
  ) {}

  /** The table was patched (a show): the next frame is drawn whole. */
  invalidate(): void {
    this.wholeFrames = Math.max(this.wholeFrames, 1);
  }

  /**
   * Sets up the coming frame: `moving` are the bounds of everything that changes in it
   * (game px), or null when something untracked changes too.
   */
  prepare(moving: readonly Box[] | null): void {
    // Whole: with partial frames off, under the canvas renderer (it clears the whole canvas
    // before each frame), and when something untracked changes (a drag, a pulse) — this frame
    // and the one after it, when it may have stopped changing.
    if (moving === null || !this.enabled || !(this.renderer instanceof Phaser.Renderer.WebGL.WebGLRenderer)) this.wholeFrames = 2;
    const box = this.wholeFrames > 0 ? null : union([...this.last, ...(moving ?? [])]);
    if (this.wholeFrames > 0) this.wholeFrames--;
    this.last = moving ? [...moving] : [];
    if (box && box.width > 0 && box.height > 0) this.partial++;
    this.clip(box ? clamp(box, this.renderer.width, this.renderer.height) : { x: 0, y: 0, width: this.renderer.width, height: this.renderer.height });
  }

  /** How many frames were drawn partly since the scene booted. */
  partialFrames(): number {
    return this.partial;
  }

  private clip(box: Box): void {
    this.camera.setViewport(box.x, box.y, box.width, box.height).setScroll(box.x, box.y);
    if (this.renderer instanceof Phaser.Renderer.WebGL.WebGLRenderer) this.renderer.baseDrawingContext.setScissorBox(box.x, box.y, box.width, box.height); // the clear
  }
}

/** The smallest box holding all of `boxes`, grown by the margin; an empty box when there are none. */
function union(boxes: readonly Box[]): Box {
  if (boxes.length === 0) return { x: 0, y: 0, width: 0, height: 0 };
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const b of boxes) {
    left = Math.min(left, b.x);
    top = Math.min(top, b.y);
    right = Math.max(right, b.x + b.width);
    bottom = Math.max(bottom, b.y + b.height);
  }
  return { x: left - MARGIN, y: top - MARGIN, width: right - left + 2 * MARGIN, height: bottom - top + 2 * MARGIN };
}

/** `box` in whole pixels, rounded outwards and kept on a `width`×`height` canvas. */
function clamp(box: Box, width: number, height: number): Box {
  const x = Math.max(0, Math.floor(box.x));
  const y = Math.max(0, Math.floor(box.y));
  const right = Math.min(width, Math.ceil(box.x + box.width));
  const bottom = Math.min(height, Math.ceil(box.y + box.height));
  return { x, y, width: Math.max(0, right - x), height: Math.max(0, bottom - y) };
}
