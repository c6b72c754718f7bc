import type * as Phaser from "phaser";
import { suitColour } from "../art/suits.js";
import { SUIT_SYMBOL } from "../i18n/index.js";
import { SUITS, type Suit } from "@yourtrumps/engine";
import type { Layout, SeatSpot } from "../model/layout.js";
import { PLATE_H } from "../model/layout.js";
import { plateWords, type PlateWords } from "../model/plate-words.js";
import type { SeatView, TableView } from "../model/view.js";
import { BakedShape } from "./baked-shape.js";
import { drawnWithin } from "./graphics-extent.js";
import { KeptText } from "./kept-text.js";
import type { Labels } from "./labels.js";
import { TextPool } from "./text-pool.js";
import { COLOURS, FONTS } from "./style.js";

const BADGE_R = 11; // the trump badge's radius, at the plate's right end
const AVATAR_R = 16; // the avatar's radius, at its left end; the clock ring goes round it
const TEXT_LEFT = 44; // the name starts this far right of the plate's left end (the avatar is before it)
const TEXT_RIGHT = 30; // and ends this far left of its right end (the trump badge is after it)

/** One seat's plate, kept: its texts redraw when their words change, its shape when its size or the turn does. */
class Plate {
  readonly container: Phaser.GameObjects.Container; // the "went out" pulse scales it
  private readonly bg: BakedShape;
  private readonly avatar: BakedShape;
  private readonly initials: KeptText;
  private readonly badge: Phaser.GameObjects.Image;
  private readonly suit: TextPool; // the trump's symbol: one text a suit, so a new hand's trump redraws nothing
  private readonly name: KeptText;
  private readonly details: TextPool; // the second line: its card count changes with nearly every move of the seat
  avatarCentre = { x: 0, y: 0 }; // in table px: the clock ring goes round it

  constructor(scene: Phaser.Scene, dpr: number, layer: Phaser.GameObjects.Container) {
    this.bg = new BakedShape(scene, dpr);
    this.bg.image.setName("plate");
    this.avatar = new BakedShape(scene, dpr);
    this.initials = new KeptText(scene, dpr, FONTS.initials, 0.5, 0.5);
    const r = BADGE_R + 1;
    const badge = new BakedShape(scene, dpr).draw("badge", { x: -r, y: -r, width: 2 * r, height: 2 * r }, (g) =>
      g.fillStyle(0xffffff, 1).fillCircle(0, 0, BADGE_R).lineStyle(1, 0x000000, 0.25).strokeCircle(0, 0, BADGE_R),
    ); // drawn once, moved with the plate's width (its image's corner is r up and left of the centre)
    this.badge = badge.image;
    this.name = new KeptText(scene, dpr, FONTS.plateName, 0, 0.5);
    this.container = scene.add.container(0, 0, [
      this.bg.image,
      this.avatar.image,
      this.initials.text,
      this.badge,
      this.name.text,
    ]);
    this.suit = new TextPool(scene, dpr, FONTS.plateSuit, this.container, SUITS.length);
    this.details = new TextPool(scene, dpr, FONTS.plateDetails, this.container, 6, 0, 0.5); // now, the one drawn ahead, and the last few (a pickup brings one back)
    layer.add(this.container);
  }

  render(seat: SeatView, spot: SeatSpot, words: PlateWords): void {
    if (!this.container.visible) this.container.setVisible(true);
    if (this.container.x !== spot.x || this.container.y !== spot.y) this.container.setPosition(spot.x, spot.y);
    const empty = seat.name === "" && !seat.isAI;
    this.name.set(words.name, seat.connected || empty ? COLOURS.text : COLOURS.muted);
    const second = words.details === "" ? null : this.details.set(words.details, 0, 9, COLOURS.muted);
    if (second === null) this.details.hide();
    // A narrow plate (three opponents on a phone) wears its trump badge on the avatar's shoulder.
    const compact = spot.maxWidth < 160;
    const right = compact ? 8 : TEXT_RIGHT;
    const textLeft = compact ? TEXT_LEFT + 6 : TEXT_LEFT; // past the badge on the avatar's shoulder
    const textW = Math.max(this.name.text.width, second ? second.width : 0);
    const w = Math.min(spot.maxWidth, Math.max(compact ? 96 : 120, textW + textLeft + right));
    const h = PLATE_H;
    const left = -w / 2;
    this.name.at(left + textLeft, second ? -8 : 0);
    if (second && second.x !== left + textLeft) second.setX(left + textLeft);
    for (const line of [this.name.text, second]) {
      const fit = line ? Math.min(1, (w - textLeft - right) / Math.max(1, line.width)) : 1; // a long line shrinks rather than overflow
      if (line && line.scale !== fit) line.setScale(fit);
    }
    // A raised plate: a soft shadow under it, a dark body, a light rim; the mover's glows gold.
    this.bg.draw(`${w} ${seat.toMove}`, { x: left - 2, y: -h / 2 - 2, width: w + 5, height: h + 7 }, (g) =>
      g
        .fillStyle(0x000000, 0.28)
        .fillRoundedRect(left + 1, -h / 2 + 3, w, h, h / 2)
        .fillStyle(seat.toMove ? COLOURS.plateMoveBody : COLOURS.plate, 0.92)
        .fillRoundedRect(left, -h / 2, w, h, h / 2)
        .lineStyle(seat.toMove ? 2 : 1, seat.toMove ? COLOURS.plateMove : COLOURS.plateRim, 1)
        .strokeRoundedRect(left, -h / 2, w, h, h / 2),
    );
    const avatarX = left + 22;
    const reach = AVATAR_R + 2;
    this.avatar.draw(
      `${words.avatar.colour} ${empty}`,
      { x: avatarX - reach, y: -reach, width: 2 * reach, height: 2 * reach },
      (g) =>
        g
          .fillStyle(words.avatar.colour, empty ? 0.5 : 1)
          .fillCircle(avatarX, 0, AVATAR_R)
          .lineStyle(1.5, 0xffffff, 0.55)
          .strokeCircle(avatarX, 0, AVATAR_R),
    );
    this.initials.set(words.avatar.initials).at(avatarX, 0);
    const badgeX = compact ? avatarX + 12 : -left - 17;
    const badgeY = compact ? 12 : 0;
    const r = BADGE_R + 1; // the badge image's corner is this far up and left of its centre
    if (this.badge.x !== badgeX - r || this.badge.y !== badgeY - r) this.badge.setPosition(badgeX - r, badgeY - r);
    if (this.badge.visible !== (seat.trump !== null)) this.badge.setVisible(seat.trump !== null);
    if (seat.trump) this.suit.set(SUIT_SYMBOL[seat.trump], badgeX, badgeY, suitColour(seat.trump, false));
    else this.suit.hide();
    this.avatarCentre = { x: spot.x + avatarX, y: spot.y };
  }

  /** Draws the second lines in `details` ahead (idle time), for a later `render`. */
  prepare(details: readonly string[]): void {
    this.details.prepare(
      details.filter((d) => d !== ""),
      COLOURS.muted,
    );
  }

  /** Draws ahead (idle time) the badge's symbol of each suit in `suits`. */
  prepareSuits(suits: readonly Suit[]): void {
    for (const suit of suits) this.suit.prepare([SUIT_SYMBOL[suit]], suitColour(suit, false));
  }

  hide(): void {
    if (this.container.visible) this.container.setVisible(false);
  }
}

/** My trump suit in the top-left corner, always visible once chosen. */
class TrumpCorner {
  private readonly bg: Phaser.GameObjects.Graphics;
  private readonly label: TextPool; // one text a suit: a new hand's trump redraws nothing
  private width = -1; // of the background last drawn

  constructor(scene: Phaser.Scene, dpr: number, layer: Phaser.GameObjects.Container) {
    this.bg = scene.add.graphics().setName("trump-corner");
    layer.add(this.bg);
    this.label = new TextPool(scene, dpr, FONTS.myTrump, layer, SUITS.length, 0, 0.5);
  }

  render(view: TableView, labels: Labels): void {
    const suit = view.myTrump;
    if (this.bg.visible !== (suit !== null)) this.bg.setVisible(suit !== null);
    if (!suit) return this.label.hide();
    const text = this.label.set(labels.tr("trumpOf", { suit: SUIT_SYMBOL[suit] }), 18, 23, suitColour(suit, false));
    if (text.width === this.width) return;
    this.width = text.width;
    drawnWithin(
      this.bg
        .clear()
        .fillStyle(0xffffff, 0.92)
        .fillRoundedRect(8, 8, this.width + 20, 30, 8),
      { x: 7, y: 7, width: this.width + 22, height: 32 },
    );
  }

  /** Draws ahead (idle time) what the corner says for each suit I may still choose. */
  prepare(suits: readonly Suit[], labels: Labels): void {
    for (const suit of suits)
      this.label.prepare([labels.tr("trumpOf", { suit: SUIT_SYMBOL[suit] })], suitColour(suit, false));
  }
}

/**
 * Every seat's plate — trump badge, name, and a second line with the rating ("1500?" while
 * provisional; none for anonymous and computer seats), the card count, computer marker,
 * connection state and finishing place — and my trump suit in the corner. Kept per seat
 * across redraws; a plate's texts redraw only when their words change.
 */
export class Plates {
  private readonly plates = new Map<number, Plate>(); // by seat
  private readonly corner: TrumpCorner;

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly dpr: number,
    private readonly layer: Phaser.GameObjects.Container,
  ) {
    this.corner = new TrumpCorner(scene, dpr, layer);
  }

  render(view: TableView, layout: Layout, labels: Labels): void {
    const drawn = new Set<number>();
    for (const spot of layout.seats) {
      const seat = view.seats.find((s) => s.seat === spot.seat);
      if (!seat) continue;
      drawn.add(spot.seat);
      this.plate(spot.seat).render(seat, spot, plateWords(view, seat, labels.lang));
    }
    for (const [seat, plate] of this.plates) if (!drawn.has(seat)) plate.hide();
    this.corner.render(view, labels);
  }

  /**
   * Draws ahead what an opponent's plate says once it has played a card (one fewer), the
   * move most likely next: its show then redraws no text. A seat down to its last card —
   * mine too — may go out with it, so its plate's words for going out next are drawn as
   * well. Guesses about the count and the place, not rules: a wrong one only draws a text
   * nobody shows.
   */
  prepare(view: TableView, labels: Labels): void {
    if (view.prompt === "chooseTrump") {
      // While I choose: every trump badge and my corner, for the deal's show (the suits still free, the others' suits all four).
      for (const seat of view.seats) this.plates.get(seat.seat)?.prepareSuits(seat.isMe ? view.freeSuits : SUITS);
      this.corner.prepare(view.freeSuits, labels);
    }
    if (view.phase !== "playing") return;
    const nextPlace = view.seats.filter((s) => s.place !== null).length + 1;
    for (const seat of view.seats) {
      if (seat.count === 0) continue;
      const next: string[] = [];
      if (!seat.isMe) next.push(plateWords(view, { ...seat, count: seat.count - 1 }, labels.lang).details);
      if (seat.count === 1) next.push(plateWords(view, { ...seat, count: 0, place: nextPlace }, labels.lang).details);
      this.plates.get(seat.seat)?.prepare(next);
    }
  }

  /** A seat's plate (for the "went out" pulse). */
  container(seat: number): Phaser.GameObjects.Container | undefined {
    return this.plates.get(seat)?.container;
  }

  /** Each shown seat's avatar centre, for the clock ring. */
  badge(seat: number): { x: number; y: number } | undefined {
    const plate = this.plates.get(seat);
    return plate?.container.visible ? plate.avatarCentre : undefined;
  }

  private plate(seat: number): Plate {
    let plate = this.plates.get(seat);
    if (!plate) this.plates.set(seat, (plate = new Plate(this.scene, this.dpr, this.layer)));
    return plate;
  }
}
