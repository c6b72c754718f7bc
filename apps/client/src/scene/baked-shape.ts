import type * as Phaser from "phaser";

let serial = 0; // each baked texture's own key
const KEPT = 6; // looks a shape keeps baked: a plate goes back and forth between a few (the turn, a count's digits)

/**
 * A vector shape drawn into a texture and shown as an Image. A Graphics is cheap to set but
 * costly to show: WebGL tessellates its paths again every time it is drawn (rounded rects
 * and circles go through earcut), and partial-frames.ts draws the display list once for
 * each changed box, so a table's plates paid that several times a frame. Baked, a look is
 * drawn once by the canvas renderer at the device's pixel ratio and kept (the last few
 * looks), and each frame shows one textured quad.
 */
export class BakedShape {
  readonly image: Phaser.GameObjects.Image;
  private readonly painter: Phaser.GameObjects.Graphics;
  private readonly baked = new Map<string, string>(); // look → texture key, oldest first
  private look = ""; // the look shown

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly dpr: number,
  ) {
    this.painter = scene.make.graphics({}, false).setScale(dpr); // never on the display list
    this.image = scene.add
      .image(0, 0, "__DEFAULT")
      .setOrigin(0, 0)
      .setScale(1 / dpr);
  }

  /**
   * Shows `look`: what `draw` draws into the box `x, y, width, height` (CSS px, the image's
   * own coordinates). `draw` runs only for a look not baked already.
   */
  draw(
    look: string,
    box: { x: number; y: number; width: number; height: number },
    draw: (g: Phaser.GameObjects.Graphics) => void,
  ): this {
    if (look !== this.look) {
      this.look = look;
      let key = this.baked.get(look);
      if (key === undefined) {
        key = `baked-shape-${++serial}`;
        draw(this.painter.clear().translateCanvas(-box.x, -box.y)); // the box's corner at the texture's
        this.painter.generateTexture(key, Math.ceil(box.width * this.dpr), Math.ceil(box.height * this.dpr));
        this.painter.clear();
        this.forgetOldest();
      } else this.baked.delete(look); // to the end: the newest
      this.baked.set(look, key);
      this.image.setTexture(key);
    }
    if (this.image.x !== box.x || this.image.y !== box.y) this.image.setPosition(box.x, box.y);
    return this;
  }

  /** Removes the oldest baked looks beyond KEPT (never the one shown: it is the newest). */
  private forgetOldest(): void {
    while (this.baked.size >= KEPT) {
      const [look, key] = this.baked.entries().next().value as [string, string];
      this.baked.delete(look);
      this.scene.textures.remove(key);
    }
  }
}
