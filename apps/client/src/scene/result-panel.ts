import type * as Phaser from "phaser";
import { seatName } from "../i18n/index.js";
import { resultLine } from "../model/announce.js";
import { avatarOf } from "../model/avatar.js";
import type { Layout } from "../model/layout.js";
import { ratingChangeText } from "../model/rating.js";
import type { SeatView, TableView } from "../model/view.js";
import { drawnWithin } from "./graphics-extent.js";
import { KeptText } from "./kept-text.js";
import type { Labels } from "./labels.js";
import { COLOURS, FONTS } from "./style.js";

const MAX_SEATS = 4;
const AVATAR_R = 11;

/** One seat's line on the card: its place, avatar, name, rating change and a tick once it asked for a rematch. */
class PlaceRow {
  readonly place: KeptText;
  readonly avatar: KeptText; // the initials, over the disc `ResultPanel.discs` draws
  readonly name: KeptText;
  readonly change: KeptText;

  constructor(scene: Phaser.Scene, dpr: number) {
    this.place = new KeptText(scene, dpr, FONTS.places, 0, 0.5);
    this.avatar = new KeptText(scene, dpr, FONTS.initials, 0.5, 0.5);
    this.name = new KeptText(scene, dpr, FONTS.places, 0, 0.5);
    this.change = new KeptText(scene, dpr, FONTS.places, 1, 0.5);
  }

  show(visible: boolean): void {
    for (const text of [this.place, this.avatar, this.name, this.change]) text.show(visible);
  }
}

/** The seats by place, first out first. */
function byPlace(view: TableView): SeatView[] {
  return [...view.seats].sort((a, b) => (view.result?.places[a.seat] ?? 9) - (view.result?.places[b.seat] ?? 9));
}

/**
 * The result card over the middle of the table (layout.ts places it clear of every plate):
 * the result sentence (the same words the live region speaks), one line per seat — its place,
 * avatar, name and rating change once the rated hand is on record ("+12", "−8"), a tick for
 * each rematch request —, the hand's length, and room for its buttons (Rematch across the card,
 * Lobby and Review below it: buttons.ts). Kept and hidden while a hand runs; a rematch request
 * redraws one text.
 */
export class ResultPanel {
  private readonly container: Phaser.GameObjects.Container;
  private readonly bg: Phaser.GameObjects.Graphics;
  private readonly discs: Phaser.GameObjects.Graphics;
  private readonly headline: KeptText;
  private readonly rows: PlaceRow[];
  private readonly length: KeptText;
  private drawn = ""; // the background last drawn: "x,y w×h"
  private discsDrawn = ""; // the avatars' discs last drawn

  constructor(scene: Phaser.Scene, dpr: number, layer: Phaser.GameObjects.Container) {
    this.bg = scene.add.graphics().setName("result-card");
    this.discs = scene.add.graphics();
    this.headline = new KeptText(scene, dpr, FONTS.headline, 0.5, 0);
    this.length = new KeptText(scene, dpr, FONTS.plateDetails, 0.5, 0.5);
    this.rows = Array.from({ length: MAX_SEATS }, () => new PlaceRow(scene, dpr));
    this.container = scene.add
      .container(0, 0, [
        this.bg,
        this.discs,
        this.headline.text,
        this.length.text,
        ...this.rows.flatMap((r) => [r.place.text, r.avatar.text, r.name.text, r.change.text]),
      ])
      .setVisible(false);
    layer.add(this.container);
  }

  render(view: TableView, layout: Layout, labels: Labels): void {
    const card = layout.result;
    if (this.container.visible !== (card !== null)) this.container.setVisible(card !== null);
    if (!card) return;
    const c = card.rows;
    const drawn = `${card.x},${card.y} ${card.w}×${card.h}`;
    if (drawn !== this.drawn) {
      this.drawn = drawn;
      drawnWithin(
        this.bg
          .clear()
          .fillStyle(0x000000, 0.35)
          .fillRoundedRect(card.x + 2, card.y + 5, card.w, card.h, 16)
          .fillStyle(0x0d2418, 0.96)
          .fillRoundedRect(card.x, card.y, card.w, card.h, 16)
          .lineStyle(1.5, COLOURS.plateRim, 1)
          .strokeRoundedRect(card.x, card.y, card.w, card.h, 16),
        { x: card.x - 2, y: card.y - 2, width: card.w + 6, height: card.h + 9 },
      );
    }
    const inner = card.w - 2 * c.pad;
    this.headline.set(resultLine(labels.lang, view), undefined, inner).at(card.x + card.w / 2, card.y + c.pad);
    const seats = byPlace(view);
    const rowsTop = card.y + c.pad + c.headline;
    const discs: string[] = [];
    this.rows.forEach((row, i) => {
      const seat = seats[i];
      row.show(seat !== undefined);
      if (!seat) return;
      const y = rowsTop + i * c.row + c.row / 2;
      const shown = seatName(labels.lang, seat.name, seat.isAI);
      const avatar = avatarOf(shown);
      const left = card.x + c.pad;
      discs.push(`${left + 40},${y},${avatar.colour}`);
      row.place.set(`${view.result?.places[seat.seat] ?? "–"}.`, COLOURS.muted).at(left + 4, y);
      row.avatar.set(avatar.initials).at(left + 40, y);
      const name = seat.isMe ? labels.tr("you") : shown;
      row.name.set(`${name}${seat.rematch ? "  ✓" : ""}`, seat.isMe ? COLOURS.text : COLOURS.muted).at(left + 58, y);
      const change = seat.ratingChange === null ? "" : ratingChangeText(seat.ratingChange);
      row.change
        .set(change, seat.ratingChange !== null && seat.ratingChange < 0 ? "#f29b8f" : "#9be3a9")
        .at(left + inner, y);
    });
    const discsKey = discs.join(" ");
    if (discsKey !== this.discsDrawn) {
      this.discsDrawn = discsKey;
      this.discs.clear();
      const boxes = discs.map((d) => {
        const [x, y, colour] = d.split(",").map(Number) as [number, number, number];
        this.discs.fillStyle(colour, 1).fillCircle(x, y, AVATAR_R);
        return { x: x - AVATAR_R - 1, y: y - AVATAR_R - 1, width: 2 * AVATAR_R + 2, height: 2 * AVATAR_R + 2 };
      });
      drawnWithin(this.discs, ...boxes);
    }
    const lengthY = rowsTop + seats.length * c.row + c.length / 2;
    this.length
      .set(view.turns > 0 ? labels.tr("handTurns", { n: view.turns }) : "", COLOURS.muted)
      .at(card.x + card.w / 2, lengthY);
  }
}
