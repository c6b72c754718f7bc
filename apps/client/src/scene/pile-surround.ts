import type * as Phaser from "phaser";
import type { Layout } from "../model/layout.js";
import type { TableView } from "../model/view.js";
import { KeptText } from "./kept-text.js";
import type { Labels } from "./labels.js";
import { COLOURS } from "./style.js";

/**
 * What surrounds the pile: the faint ring on the felt (the felt itself is the page's CSS
 * background under a transparent canvas) and the pile's card count. The ring is drawn
 * again only when the table's size changes.
 */
export class PileSurround {
  private readonly ring: Phaser.GameObjects.Graphics;
  private readonly count: KeptText;
  private drawn = ""; // the ring last drawn: "x,y rx,ry"

  constructor(scene: Phaser.Scene, dpr: number, ringLayer: Phaser.GameObjects.Container, countLayer: Phaser.GameObjects.Container) {
    this.ring = scene.add.graphics();
    this.count = new KeptText(scene, dpr, { size: 14, bold: false }, 0.5, 0.5);
    ringLayer.add(this.ring);
    countLayer.add(this.count.text);
  }

  render(view: TableView, layout: Layout, labels: Labels): void {
    const { x, y } = layout.pileCentre;
    const w = Math.min(layout.width * 0.8, 520);
    const h = layout.cardH * 1.9;
    const drawn = `${x},${y} ${w},${h}`;
    if (drawn !== this.drawn) {
      this.drawn = drawn;
      this.ring.clear().lineStyle(2, 0xffffff, 0.12).strokeEllipse(x, y, w, h);
    }
    this.count.show(view.pile.length > 0);
    if (view.pile.length > 0) this.count.set(labels.tr("pileCount", { n: view.pile.length }), COLOURS.muted).at(x, y - layout.cardH / 2 - 16);
  }
}
