import type * as Phaser from "phaser";
import { seatName } from "../i18n/index.js";
import type { Layout } from "../model/layout.js";
import type { TableView } from "../model/view.js";
import type { Labels } from "./labels.js";
import { TextPool } from "./text-pool.js";

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
 * text's font is fixed (kept-text.ts) and the line keeps coming back to the same words, so
 * it keeps a few texts of each weight (text-pool.ts): a turn passing back and forth redraws none.
 */
export class StatusLine {
  private readonly bold: TextPool;
  private readonly plain: TextPool;

  constructor(scene: Phaser.Scene, dpr: number, layer: Phaser.GameObjects.Container) {
    this.bold = new TextPool(scene, dpr, { size: 17, bold: true, align: "center" }, layer, 4); // lead, beat, second, the trump choice
    this.plain = new TextPool(scene, dpr, { size: 17, bold: false, align: "center" }, layer, 3); // whose turn it is: up to three others
  }

  render(view: TableView, layout: Layout, labels: Labels): void {
    const [line, other] = view.prompt === "wait" ? [this.plain, this.bold] : [this.bold, this.plain];
    const y = view.prompt === "chooseTrump" ? layout.pileCentre.y - 70 : layout.status.y;
    line.set(statusWords(view, labels), layout.status.x, y, undefined, layout.status.maxWidth);
    other.hide();
  }
}
