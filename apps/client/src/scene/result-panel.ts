import type * as Phaser from "phaser";
import { seatName } from "../i18n/index.js";
import { resultLine } from "../model/announce.js";
import type { Layout } from "../model/layout.js";
import { ratingChangeText } from "../model/rating.js";
import type { TableView } from "../model/view.js";
import { drawnWithin } from "./graphics-extent.js";
import { KeptText } from "./kept-text.js";
import type { Labels } from "./labels.js";
import { FONTS } from "./style.js";

const PANEL_MAX_W = 460;
const PANEL_H = 390; // the rematch, lobby and review buttons (layout) sit inside its lower part

/** Every seat's place, first out first, with its rating change and a tick for each rematch request. */
function placesWords(view: TableView, labels: Labels): string {
  const places = [...view.seats]
    .sort((a, b) => (view.result?.places[a.seat] ?? 9) - (view.result?.places[b.seat] ?? 9))
    .map((s) => {
      const change = s.ratingChange === null ? "" : `  ${ratingChangeText(s.ratingChange)}`;
      return `${view.result?.places[s.seat] ?? "–"}. ${s.isMe ? labels.tr("you") : seatName(labels.lang, s.name, s.isAI)}${change}${s.rematch ? " ✓" : ""}`;
    })
    .join("\n");
  return `${labels.tr("places")}\n${places}`;
}

/**
 * The finished hand over the pile: the result sentence (the same words the live region
 * speaks) and every seat's place, with its rating change once the rated hand is on record
 * ("+12", "−8"). Kept and hidden while a hand runs; a rematch request redraws one text.
 */
export class ResultPanel {
  private readonly container: Phaser.GameObjects.Container;
  private readonly bg: Phaser.GameObjects.Graphics;
  private readonly headline: KeptText;
  private readonly places: KeptText;
  private drawn = ""; // the background last drawn: "left,top w"

  constructor(scene: Phaser.Scene, dpr: number, layer: Phaser.GameObjects.Container) {
    this.bg = scene.add.graphics();
    this.headline = new KeptText(scene, dpr, FONTS.headline, 0.5, 0);
    this.places = new KeptText(scene, dpr, FONTS.places, 0.5, 0);
    this.container = scene.add.container(0, 0, [this.bg, this.headline.text, this.places.text]).setVisible(false);
    layer.add(this.container);
  }

  render(view: TableView, layout: Layout, labels: Labels): void {
    const shown = view.phase === "over" && view.result !== null;
    if (this.container.visible !== shown) this.container.setVisible(shown);
    if (!shown) return;
    const w = Math.min(layout.width - 24, PANEL_MAX_W);
    const top = layout.pileCentre.y - 120;
    const drawn = `${layout.width / 2 - w / 2},${top} ${w}`;
    if (drawn !== this.drawn) {
      this.drawn = drawn;
      drawnWithin(
        this.bg
          .clear()
          .fillStyle(0x0b1f14, 0.94)
          .fillRoundedRect(layout.width / 2 - w / 2, top, w, PANEL_H, 14),
        { x: layout.width / 2 - w / 2 - 1, y: top - 1, width: w + 2, height: PANEL_H + 2 },
      );
    }
    this.headline.set(resultLine(labels.lang, view), undefined, w - 30).at(layout.width / 2, top + 30);
    this.places.set(placesWords(view, labels)).at(layout.width / 2, top + 110);
  }
}
