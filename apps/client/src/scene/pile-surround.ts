import type * as Phaser from "phaser";
import type { Layout } from "../model/layout.js";
import type { TableView } from "../model/view.js";
import type { Labels } from "./labels.js";
import { BakedShape } from "./baked-shape.js";
import { COLOURS, FONTS } from "./style.js";
import { TextPool } from "./text-pool.js";

/**
 * What surrounds the pile: the faint ring on the felt (the felt itself is the page's CSS
 * background under a transparent canvas) and the pile's card count. The ring is drawn
 * again only when the table's size changes; the count keeps its recent numbers and the next
 * one drawn ahead (text-pool.ts).
 */
export class PileSurround {
  private readonly ring: BakedShape;
  private readonly count: TextPool;

  constructor(
    scene: Phaser.Scene,
    dpr: number,
    ringLayer: Phaser.GameObjects.Container,
    countLayer: Phaser.GameObjects.Container,
  ) {
    this.ring = new BakedShape(scene, dpr);
    this.count = new TextPool(scene, dpr, FONTS.pileCount, countLayer, 8); // a pickup takes the count back to one of the last few
    ringLayer.add(this.ring.image);
  }

  render(view: TableView, layout: Layout, labels: Labels): void {
    const { x, y } = layout.pileCentre;
    const w = Math.min(layout.width * 0.8, 520);
    const h = layout.cardH * 1.9;
    // A worn patch where the cards land, inside a tooled line: the felt's lamp light (style.css) does the rest.
    this.ring.draw(`${w},${h}`, { x: x - w / 2 - 4, y: y - h / 2 - 4, width: w + 8, height: h + 10 }, (g) =>
      g
        .fillStyle(0x000000, 0.1)
        .fillEllipse(x, y + 3, w, h)
        .fillStyle(0xffffff, 0.04)
        .fillEllipse(x, y, w, h)
        .lineStyle(3, 0x000000, 0.18)
        .strokeEllipse(x, y + 1, w + 2, h + 2)
        .lineStyle(1.5, 0xf2e6c0, 0.22)
        .strokeEllipse(x, y, w, h),
    );
    if (view.pile.length > 0)
      this.count.set(labels.tr("pileCount", { n: view.pile.length }), x, y - layout.cardH / 2 - 16, COLOURS.muted);
    else this.count.hide();
  }

  /** Draws the count a card more ahead (idle time): the next play's show then redraws no text. */
  prepare(view: TableView, labels: Labels): void {
    if (view.phase === "playing")
      this.count.prepare([labels.tr("pileCount", { n: view.pile.length + 1 })], COLOURS.muted);
  }
}
