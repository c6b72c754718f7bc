import type { Card } from "@yourtrumps/engine";
import * as Phaser from "phaser";
import type { Mark } from "../art/cards.js";
import { t, type Lang } from "../i18n/index.js";
import { BACK_SCALE, layoutTable, NO_HIGHLIGHTS, type ButtonId, type Highlights, type Layout, type Place } from "../model/layout.js";
import type { Step } from "../model/plan.js";
import type { TableView } from "../model/view.js";
import { ClockRing } from "./clock-ring.js";
import { drawButtons, drawSeats, drawStatus, type Labels } from "./draw.js";
import { Flights } from "./flights.js";
import { PointerInput } from "./pointer-input.js";
import { objectCensus } from "./object-census.js";
import { drawResultPanel } from "./result-panel.js";
import { registerSceneProbe } from "./scene-probe.js";
import { measured } from "./scene-timing.js";
import { COLOURS, textStyle } from "./style.js";
import { cardFrame, deckAtlas, markFrame } from "./textures.js";

/** What the table needs from its host besides the view. */
export interface SceneHost {
  lang(): Lang;
  fourColour(): boolean;
  onCard(card: Card): void; // a legal card was clicked or dropped on the pile
  onButton(id: ButtonId): void;
}

/**
 * The card table. Thin: it draws a `TableView` through `layoutTable` and tweens the
 * steps planned from a diff. Tweens never gate game logic — every `show` first draws
 * the new state, and a new plan replaces a running one at once.
 */
export class TableScene extends Phaser.Scene {
  private host!: SceneHost;
  private dpr = 1;
  private cssW = 0;
  private cssH = 0;
  private view: TableView | null = null;
  private layout: Layout | null = null;
  private highlights: Highlights = NO_HIGHLIGHTS;
  private root!: Phaser.GameObjects.Container; // scaled by the pixel ratio: children use CSS px
  private flights!: Flights;
  private clock!: ClockRing;
  private pointer!: PointerInput;
  private quietFrames = 0; // frames drawn since anything last moved
  private ringTimer: ReturnType<typeof setTimeout> | undefined; // wakes the sleeping loop to move a clock ring
  private handSprites = new Map<Card, Phaser.GameObjects.Image>();
  private handMarks = new Map<Card, Phaser.GameObjects.Image[]>(); // overlays that hide and land with their card
  private pileSprites = new Map<Card, Phaser.GameObjects.Image>();
  private seatBacks = new Map<number, Phaser.GameObjects.Image[]>();
  private plates = new Map<number, Phaser.GameObjects.Container>();
  private badges = new Map<number, { x: number; y: number }>(); // trump badges: the clock ring goes round them

  constructor() {
    super({ key: "table" });
  }

  /** Runs once when Phaser boots the scene; `init` data carries the host. */
  init(data: { host: SceneHost; dpr: number; width: number; height: number }): void {
    this.host = data.host;
    this.dpr = data.dpr;
    this.cssW = data.width;
    this.cssH = data.height;
  }

  /** Runs after `init`: builds the layers and input handlers. */
  create(): void {
    deckAtlas(this.textures, this.host.fourColour()); // draw the deck now, not during the deal
    this.root = this.add.container(0, 0).setScale(this.dpr);
    this.clock = new ClockRing(this.add.graphics().setScale(this.dpr));
    this.flights = new Flights(this, this.add.container(0, 0).setScale(this.dpr), () => this.host.fourColour());
    this.pointer = new PointerInput(this.game.canvas, {
      layout: () => this.layout,
      sprite: (card) => this.handSprites.get(card),
      wake: () => this.wake(),
      onButton: (id) => this.host.onButton(id),
      onCard: (card) => this.host.onCard(card),
    });
    this.events.once("destroy", () => this.pointer.destroy());
    if (__TEST_HOOK__) registerSceneProbe(objectCensus(this, (card) => this.handSprites.get(card) ?? this.pileSprites.get(card)));
    this.game.events.emit("table-ready");
  }

  /**
   * Runs every frame: only the turn-clock rings change between patches. A still table
   * lets the loop sleep (no redraws: phones stay cool, software GL stays responsive);
   * `show`, dragging and, four times a second, a running clock wake it.
   */
  override update(): void {
    if (this.idle()) {
      // Still: sleep. Only a clock ring moving: a few frames a second are plenty.
      if (++this.quietFrames > 3) {
        this.game.loop.sleep();
        if (ClockRing.running(this.view)) this.ringTimer = setTimeout(() => this.wake(), 250);
      }
    } else this.quietFrames = 0;
    this.clock.draw(this.view, this.layout, this.badges, Date.now());
  }

  /** True when no card is in flight or held (the browser tests wait on this). */
  idle(): boolean {
    return !this.flights.busy() && !this.pointer.dragging();
  }

  currentLayout(): Layout | null {
    return this.layout;
  }

  /** New canvas size in CSS px. */
  resize(width: number, height: number): void {
    this.cssW = width;
    this.cssH = height;
    if (this.view) this.show(this.view, [], false);
  }

  /** Marks the keyboard's choice and the hint; redraws unless a `show` follows anyway. */
  highlight(highlights: Highlights, redraw = true): void {
    this.highlights = highlights;
    const view = this.view;
    if (redraw && view) measured("scene-highlight", () => this.redraw(view, [], false));
  }

  /**
   * Draws `view` at once, then (if `animate`) flies the cards of `steps` from where they
   * were to where they are now. Any flight still running is dropped first.
   */
  show(view: TableView, steps: readonly Step[], animate: boolean): void {
    measured("scene-show", () => this.redraw(view, steps, animate));
  }

  private redraw(view: TableView, steps: readonly Step[], animate: boolean): void {
    this.wake();
    const prevLayout = this.layout;
    this.view = view;
    this.layout = layoutTable(view, this.cssW, this.cssH, this.highlights);
    this.flights.clear();
    this.pointer.cancel();
    this.drawAll(view, this.layout);
    if (animate && prevLayout) {
      this.flights.run(steps, prevLayout, this.layout, view, { hand: this.handSprites, marks: this.handMarks, pile: this.pileSprites, backs: this.seatBacks, plates: this.plates });
    }
  }

  private wake(): void {
    clearTimeout(this.ringTimer);
    this.quietFrames = 0;
    if (!this.game.loop.running) this.game.loop.wake();
  }

  private labels(): Labels {
    const lang = this.host.lang();
    return { lang, tr: (key, params) => t(lang, key, params) };
  }

  private drawAll(view: TableView, layout: Layout): void {
    this.root.removeAll(true);
    this.handSprites.clear();
    this.handMarks.clear();
    this.pileSprites.clear();
    this.seatBacks.clear();
    // The felt itself is the page's CSS background under a transparent canvas: no full-screen fill per frame.
    const bg = this.add.graphics();
    bg.lineStyle(2, 0xffffff, 0.12);
    bg.strokeEllipse(layout.pileCentre.x, layout.pileCentre.y, Math.min(layout.width * 0.8, 520), layout.cardH * 1.9);
    this.root.add(bg);
    const labels = this.labels();
    const four = this.host.fourColour();
    // Opponents: plates, then their card backs.
    const seats = drawSeats(this, view, layout, labels, this.dpr);
    this.root.add(seats.layer);
    this.plates = seats.plates;
    this.badges = seats.badges;
    for (const spot of layout.seats) {
      // Backs, or in a replay the cards face up (`faces`), at the same small size.
      const size = (img: Phaser.GameObjects.Image) => img.setDisplaySize(layout.cardW * BACK_SCALE, layout.cardH * BACK_SCALE);
      const backs = spot.backs.map((p, i) => size(this.add.image(p.x, p.y, ...cardFrame(this.textures, spot.faces[i] ?? null, four))));
      this.root.add(backs);
      if (backs.length > 0) this.seatBacks.set(spot.seat, backs);
      const hinted = spot.backs[spot.hinted];
      if (hinted) this.root.add(size(this.add.image(hinted.x, hinted.y, ...markFrame(this.textures, "hint", four))));
    }
    // The pile: the last few cards, readable, and the count.
    view.pile.slice(-layout.pile.length).forEach((card, i) => {
      const img = this.cardImage(card, layout.pile[i]!, layout, four);
      this.pileSprites.set(card, img);
      this.root.add(img);
    });
    if (view.pile.length > 0) {
      this.root.add(
        this.add
          .text(layout.pileCentre.x, layout.pileCentre.y - layout.cardH / 2 - 16, labels.tr("pileCount", { n: view.pile.length }), textStyle(14, this.dpr, COLOURS.muted))
          .setOrigin(0.5),
      );
    }
    // My hand.
    for (const slot of layout.hand) {
      const img = this.cardImage(slot.card, slot, layout, four);
      if (slot.dimmed) img.setTint(0xb0b0b0);
      this.root.add(img);
      this.handSprites.set(slot.card, img);
      // Marks are atlas images laid over the card (same place and turn): batched with the cards, no per-frame tessellation.
      const marks: Mark[] = [];
      if (slot.trump) marks.push("trump");
      if (slot.legal) marks.push(slot.selected ? "selected" : "legal");
      if (slot.hinted) marks.push("hint");
      const images = marks.map((mark) => this.add.image(slot.x, slot.y, ...markFrame(this.textures, mark, four)).setDisplaySize(layout.cardW, layout.cardH).setAngle(slot.angle));
      this.root.add(images);
      this.handMarks.set(slot.card, images);
    }
    this.root.add(drawStatus(this, view, layout, labels, this.dpr));
    if (view.phase === "over" && view.result) this.root.add(drawResultPanel(this, view, layout, labels, this.dpr));
    this.root.add(drawButtons(this, view, layout, labels, this.dpr));
  }

  private cardImage(card: Card, p: Place, layout: Layout, four: boolean): Phaser.GameObjects.Image {
    return this.add.image(p.x, p.y, ...cardFrame(this.textures, card, four)).setDisplaySize(layout.cardW, layout.cardH).setAngle(p.angle);
  }
}
