import type * as Phaser from "phaser";
import { seatName } from "../i18n/index.js";
import { resultLine } from "../model/announce.js";
import type { Layout } from "../model/layout.js";
import { ratingChangeText } from "../model/rating.js";
import type { TableView } from "../model/view.js";
import type { Labels } from "./draw.js";
import { COLOURS, textStyle } from "./style.js";

const PANEL_MAX_W = 460;
const PANEL_H = 390; // the rematch, lobby and review buttons (layout) sit inside its lower part

/**
 * The finished hand over the pile: the result sentence (the same words the live region
 * speaks) and every seat's place, first out first, with its rating change once the rated
 * hand is on record ("+12", "−8") and a tick for each rematch request.
 */
export function drawResultPanel(scene: Phaser.Scene, view: TableView, layout: Layout, labels: Labels, dpr: number): Phaser.GameObjects.Container {
  const panel = scene.add.container(0, 0);
  const w = Math.min(layout.width - 24, PANEL_MAX_W);
  const top = layout.pileCentre.y - 120;
  const g = scene.add.graphics();
  g.fillStyle(0x0b1f14, 0.94).fillRoundedRect(layout.width / 2 - w / 2, top, w, PANEL_H, 14);
  panel.add(g);
  panel.add(scene.add.text(layout.width / 2, top + 30, resultLine(labels.lang, view), { ...textStyle(20, dpr, COLOURS.text, true), align: "center", wordWrap: { width: w - 30 } }).setOrigin(0.5, 0));
  const places = [...view.seats]
    .sort((a, b) => (view.result?.places[a.seat] ?? 9) - (view.result?.places[b.seat] ?? 9))
    .map((s) => {
      const change = s.ratingChange === null ? "" : `  ${ratingChangeText(s.ratingChange)}`;
      return `${view.result?.places[s.seat] ?? "–"}. ${s.isMe ? labels.tr("you") : seatName(labels.lang, s.name, s.isAI)}${change}${s.rematch ? " ✓" : ""}`;
    })
    .join("\n");
  panel.add(scene.add.text(layout.width / 2, top + 110, `${labels.tr("places")}\n${places}`, { ...textStyle(16, dpr), align: "center" }).setOrigin(0.5, 0));
  return panel;
}
