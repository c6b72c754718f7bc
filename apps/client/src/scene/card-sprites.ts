import type { Card } from "@yourtrumps/engine";
import type * as Phaser from "phaser";
import type { Mark } from "../art/cards.js";
import { BACK_SCALE, type HandSlot, type Layout, type Place } from "../model/layout.js";
import type { TableView } from "../model/view.js";
import { markPieces, piecePlace } from "./mark-pieces.js";
import { applyPose, type Pose } from "./sprite-pose.js";
import { cardFrame, markFrame } from "./textures.js";

const SEAT_DEPTH = 100; // a seat's fan: + 100 × the seat's place in the layout + the card's index
const SEAT_HINT = 99; // the hint's outline over a seat's fan
const PILE_DEPTH = 1000; // + index, bottom → top
const HAND_DEPTH = 2000; // + 4 × slot, then the card's marks just above it
const NONE = 0xffffff; // no tint
const DIMMED = 0xb0b0b0; // my turn, and this card may not be played

/** The marks of one place in my hand, each in its pieces (mark-pieces.ts), made the first time that place needs it. */
interface Overlays {
  trump?: Phaser.GameObjects.Image[]; // the red dot
  outline?: Phaser.GameObjects.Image[]; // legal, or the keyboard's choice
  hint?: Phaser.GameObjects.Image[];
}

/**
 * Every card image on the table, kept across redraws as chessground's render.ts keeps its
 * pieces: one image per card of the deck, wherever the card is (my hand, the pile, a seat's
 * face-up fan in a replay), per seat a row of backs by index, and the marks' pieces by place
 * in my hand (a mark is lent to whichever card holds that place). `render` moves, turns,
 * re-frames or tints only what the new layout changed, hides what left the table and
 * creates an image only the first time one is needed — so a key press touches a few
 * properties and a flight can move the card's own image from its old place to its new one.
 * All live in one layer ordered by depth (no image ever changes layer: Phaser's containers
 * leak a listener on each move between them).
 */
export class CardSprites {
  private readonly cards = new Map<Card, Phaser.GameObjects.Image>();
  private readonly overlays: Overlays[] = []; // by place in my hand, not by card: only as many as a hand ever held marked at once
  private marksByCard = new Map<Card, Phaser.GameObjects.Image[]>(); // the pieces each hand card wears now (they ride with it)
  private readonly backs = new Map<number, Phaser.GameObjects.Image[]>(); // by seat, left to right
  private readonly seatHints = new Map<number, Phaser.GameObjects.Image>(); // by seat
  private resort = false; // a depth changed: the layer is sorted once at the end

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly layer: Phaser.GameObjects.Container,
  ) {}

  /** Brings every image to `layout` (of `view`), in the palette `fourColour`. */
  render(view: TableView, layout: Layout, fourColour: boolean): void {
    const shown = new Set<Card>();
    const backW = layout.cardW * BACK_SCALE;
    const backH = layout.cardH * BACK_SCALE;
    const textures = this.scene.textures;
    layout.seats.forEach((spot, k) => {
      const depth = SEAT_DEPTH + 100 * k;
      const backs = this.backs.get(spot.seat) ?? [];
      this.backs.set(spot.seat, backs);
      spot.backs.forEach((p, i) => {
        const face = spot.faces[i];
        if (face === undefined)
          return this.place(
            this.backAt(backs, i),
            pose(p, backW, backH, cardFrame(textures, null, fourColour), NONE, depth + i),
          );
        shown.add(face);
        this.place(this.image(face), pose(p, backW, backH, cardFrame(textures, face, fourColour), NONE, depth + i));
      });
      backs.slice(spot.faces.length > 0 ? 0 : spot.backs.length).forEach(hide);
      const hinted = spot.backs[spot.hinted];
      const hint = this.seatHints.get(spot.seat);
      if (hinted)
        this.place(
          hint ?? this.newSeatHint(spot.seat),
          pose(hinted, backW, backH, markFrame(textures, "hint", fourColour), NONE, depth + SEAT_HINT),
        );
      else if (hint) hide(hint);
    });
    for (const [seat, backs] of this.backs) if (!layout.seats.some((s) => s.seat === seat)) backs.forEach(hide);
    view.pile.slice(-layout.pile.length).forEach((card, i) => {
      shown.add(card);
      this.place(
        this.image(card),
        pose(layout.pile[i]!, layout.cardW, layout.cardH, cardFrame(textures, card, fourColour), NONE, PILE_DEPTH + i),
      );
    });
    this.marksByCard = new Map();
    layout.hand.forEach((slot, i) => {
      shown.add(slot.card);
      const depth = HAND_DEPTH + 4 * i;
      this.place(
        this.image(slot.card),
        pose(
          slot,
          layout.cardW,
          layout.cardH,
          cardFrame(textures, slot.card, fourColour),
          slot.dimmed ? DIMMED : NONE,
          depth,
        ),
      );
      this.marksByCard.set(slot.card, this.renderOverlays(i, slot, layout, fourColour, depth));
    });
    for (const [card, image] of this.cards) if (!shown.has(card)) hide(image);
    this.overlays.slice(layout.hand.length).forEach((overlays) => overlayImages(overlays).forEach(hide));
    if (this.resort) this.layer.sort("depth");
    this.resort = false;
  }

  /** The image showing `card` now, if the table shows it. */
  shown(card: Card): Phaser.GameObjects.Image | undefined {
    const image = this.cards.get(card);
    return image?.visible ? image : undefined;
  }

  /** The image of `card`, made now if it never had one (a card flying off the table needs one). */
  image(card: Card): Phaser.GameObjects.Image {
    let image = this.cards.get(card);
    if (!image) this.cards.set(card, (image = this.add()));
    return image;
  }

  /** The visible marks of a hand card: they ride with it. */
  marksOf(card: Card): Phaser.GameObjects.Image[] {
    return this.marksByCard.get(card) ?? [];
  }

  /** The `index`-th back shown at `seat`, if shown. */
  back(seat: number, index: number): Phaser.GameObjects.Image | undefined {
    const image = this.backs.get(seat)?.[index];
    return image?.visible ? image : undefined;
  }

  /** Re-sorts the layer after images changed depth outside `render` (a flight landing). */
  resortLayer(): void {
    this.layer.sort("depth");
  }

  /** Marks hand place `index` as `slot` says; returns the pieces it shows. */
  private renderOverlays(
    index: number,
    slot: HandSlot,
    layout: Layout,
    fourColour: boolean,
    depth: number,
  ): Phaser.GameObjects.Image[] {
    const overlays = (this.overlays[index] ??= {});
    const [texture] = cardFrame(this.scene.textures, null, fourColour);
    const worn: Phaser.GameObjects.Image[] = [];
    const mark = (which: keyof Overlays, wanted: Mark | null, level: number) => {
      const images = overlays[which];
      if (!wanted) return images?.forEach(hide);
      const pieces = markPieces(wanted);
      const kept = (overlays[which] = images ?? pieces.map(() => this.add()));
      pieces.forEach((piece, i) => {
        const at = piecePlace(piece, slot, layout.cardW, layout.cardH);
        this.place(kept[i]!, {
          ...at,
          angle: slot.angle,
          texture,
          frame: piece.name,
          tint: NONE,
          depth: depth + level,
          visible: true,
        });
      });
      worn.push(...kept);
    };
    mark("trump", slot.trump ? "trump" : null, 1);
    mark("outline", slot.legal ? (slot.selected ? "selected" : "legal") : null, 2);
    mark("hint", slot.hinted ? "hint" : null, 3);
    return worn;
  }

  private backAt(backs: Phaser.GameObjects.Image[], index: number): Phaser.GameObjects.Image {
    while (backs.length <= index) backs.push(this.add());
    return backs[index]!;
  }

  private newSeatHint(seat: number): Phaser.GameObjects.Image {
    const image = this.add();
    this.seatHints.set(seat, image);
    return image;
  }

  private add(): Phaser.GameObjects.Image {
    const image = this.scene.add.image(0, 0, "__DEFAULT").setVisible(false);
    this.layer.add(image);
    return image;
  }

  private place(image: Phaser.GameObjects.Image, p: Pose): void {
    if (applyPose(image, p)) this.resort = true;
  }
}

function pose(
  p: Place,
  width: number,
  height: number,
  [texture, frame]: [string, string],
  tint: number,
  depth: number,
): Pose {
  return { x: p.x, y: p.y, angle: p.angle, width, height, texture, frame, tint, depth, visible: true };
}

function overlayImages(overlays: Overlays): Phaser.GameObjects.Image[] {
  return [...(overlays.trump ?? []), ...(overlays.outline ?? []), ...(overlays.hint ?? [])];
}

function hide(image: Phaser.GameObjects.Image): void {
  if (image.visible) image.setVisible(false);
}
