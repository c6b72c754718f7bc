import type * as Phaser from "phaser";
import { seatName } from "../i18n/index.js";
import type { Layout } from "../model/layout.js";
import type { TableView } from "../model/view.js";
import type { Labels } from "./labels.js";
import { TextPool } from "./text-pool.js";
import { FONTS } from "./style.js";

/** The status line's words for `view`. */
function statusWords(view: TableView, labels: Labels): string {
  return promptWords(view, view.prompt, view.toMove, labels);
}

/** What the line says at `prompt`, `toMove` moving. */
function promptWords(view: TableView, prompt: TableView["prompt"], toMove: number, labels: Labels): string {
  const mover = view.seats.find((s) => s.seat === toMove);
  return {
    waitPlayers: labels.tr("waitingPlayers"),
    chooseTrump: labels.tr("chooseTrump"),
    waitTrumps: labels.tr("waitingTrumps"),
    lead: labels.tr("yourTurnLead"),
    beat: labels.tr("yourTurnBeat"),
    second: labels.tr("yourTurnSecond"),
    wait: labels.tr("theirTurn", { name: mover ? seatName(labels.lang, mover.name, mover.isAI) : "…" }),
    over: "",
  }[prompt];
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
    this.bold = new TextPool(scene, dpr, FONTS.statusMine, layer, 4); // lead, beat, second, the trump choice
    this.plain = new TextPool(scene, dpr, FONTS.statusOthers, layer, 3); // whose turn it is: up to three others
  }

  render(view: TableView, layout: Layout, labels: Labels): void {
    const words = statusWords(view, labels);
    const [line, other] = view.prompt === "wait" ? [this.plain, this.bold] : [this.bold, this.plain];
    other.hide();
    if (words === "") return line.hide(); // nothing to say (the hand is over): hidden, not a text redrawn empty
    const y = view.prompt === "chooseTrump" ? layout.pileCentre.y - 70 : layout.status.y;
    line.set(words, layout.status.x, y, undefined, layout.status.maxWidth);
  }

  /** Draws ahead (idle time) what the line says in play: each of my prompts, and each other seat's turn — also while the trumps are chosen, for the deal's show. */
  prepare(view: TableView, layout: Layout, labels: Labels): void {
    if (view.phase !== "playing" && view.phase !== "choosing") return;
    const wrap = layout.status.maxWidth;
    this.bold.prepare(
      (["lead", "beat", "second"] as const)
        .filter((p) => p !== view.prompt)
        .map((p) => promptWords(view, p, view.toMove, labels)),
      undefined,
      wrap,
    );
    this.plain.prepare(
      view.seats.filter((s) => !s.isMe && s.seat !== view.toMove).map((s) => promptWords(view, "wait", s.seat, labels)),
      undefined,
      wrap,
    );
  }
}
