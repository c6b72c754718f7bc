import type * as Phaser from "phaser";
import { seatName } from "../i18n/index.js";
import type { Layout } from "../model/layout.js";
import type { TableView } from "../model/view.js";
import { KeptText } from "./kept-text.js";
import type { Labels } from "./labels.js";

/** The status line's words for `view`. */
function statusWords(view: TableView, labels: Labels): string {
  const mover = view.seats.find((s) => s.seat === view.toMove);
  return {
    waitPlayers: labels.tr("waitingPlayers"),
    chooseTrump: labels.tr("chooseTrump"),
    waitTrumps: labels.tr("waitingTrumps"),
    lead: labels.tr("yourTurnLead"),
    beat: labels.tr("yourTurnBeat"),
    second: labels.tr("yourTurnSecond"),
    wait: labels.tr("theirTurn", { name: mover ? seatName(labels.lang, mover.name, mover.isAI) : "…" }),
    over: "",
  }[view.prompt];
}

/**
 * The line that says whose turn it is and what I may do: bold when it is up to me. A
 * text's font is fixed (kept-text.ts), so the line keeps one text per weight and shows
 * one of them: each keeps its own words, and a turn passing back and forth redraws neither.
 */
export class StatusLine {
  private readonly bold: KeptText;
  private readonly plain: KeptText;

  constructor(scene: Phaser.Scene, dpr: number, layer: Phaser.GameObjects.Container) {
    this.bold = new KeptText(scene, dpr, { size: 17, bold: true, align: "center" }, 0.5, 0.5);
    this.plain = new KeptText(scene, dpr, { size: 17, bold: false, align: "center" }, 0.5, 0.5);
    layer.add([this.bold.text, this.plain.text]);
  }

  render(view: TableView, layout: Layout, labels: Labels): void {
    const [line, other] = view.prompt === "wait" ? [this.plain, this.bold] : [this.bold, this.plain];
    const y = view.prompt === "chooseTrump" ? layout.pileCentre.y - 70 : layout.status.y;
    line.set(statusWords(view, labels), undefined, layout.status.maxWidth).at(layout.status.x, y).show(true);
    other.show(false);
  }
}
