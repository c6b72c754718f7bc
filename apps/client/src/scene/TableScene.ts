import type { Card } from "@yourtrumps/engine";
import type { Mark } from "../art/cards.js";
import * as Phaser from "phaser";
import { resultLine } from "../model/announce.js";
import { buttonAt, cardAt, layoutTable, type ButtonId, type Layout, type Place } from "../model/layout.js";
import type { Step } from "../model/plan.js";
import type { TableView } from "../model/view.js";
import { seatName, t, type Lang } from "../i18n/index.js";
import { drawButtons, drawSeats, drawStatus, type Labels } from "./draw.js";
import { COLOURS, textStyle } from "./style.js";
import { Flights } from "./flights.js";
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
  private selected: Card | null = null;
  private hinted: Card | "pickup" | null = null;
  private root!: Phaser.GameObjects.Container; // scaled by the pixel ratio: children use CSS px
  private flights!: Flights;
  private rings!: Phaser.GameObjects.Graphics;
  private quietFrames = 0; // frames drawn since anything last moved
  private ringTimer: ReturnType<typeof setTimeout> | undefined; // wakes the sleeping loop to move a clock ring
  private handSprites = new Map<Card, Phaser.GameObjects.Image>();
  private handMarks = new Map<Card, Phaser.GameObjects.Image[]>(); // overlays that hide and land with their card
  private pileSprites = new Map<Card, Phaser.GameObjects.Image>();
  private seatBacks = new Map<number, Phaser.GameObjects.Image[]>();
  private plates = new Map<number, Phaser.GameObjects.Container>();
  private badges = new Map<number, { x: number; y: number }>(); // trump badges: the clock ring goes round them
  private drag: { card: Card; sprite: Phaser.GameObjects.Image; x0: number; y0: number; moved: boolean } | null = null;

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
    this.rings = this.add.graphics().setScale(this.dpr);
    this.flights = new Flights(this, this.add.container(0, 0).setScale(this.dpr), () => this.host.fourColour());
    // DOM pointer events, not Phaser's: input must work while the loop sleeps (see update).
    const canvas = this.game.canvas;
    const at = (e: PointerEvent) => {
      const r = canvas.getBoundingClientRect();
      return [e.clientX - r.left, e.clientY - r.top] as const;
    };
    const down = (e: PointerEvent) => this.pointerDown(...at(e));
    const move = (e: PointerEvent) => this.pointerMove(...at(e));
    const up = (e: PointerEvent) => this.pointerUp(...at(e));
    canvas.addEventListener("pointerdown", down);
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    this.events.once("destroy", () => {
      canvas.removeEventListener("pointerdown", down);
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
    });
    this.game.events.emit("table-ready");
  }

  /**
   * Runs every frame: only the turn-clock rings change between patches. A still table
   * lets the loop sleep (no redraws: phones stay cool, software GL stays responsive);
   * `show`, dragging and, four times a second, a running clock wake it.
   */
  override update(): void {
    this.rings.clear();
    const view = this.view;
    const layout = this.layout;
    const clockRunning = view?.seats.some((s) => s.deadline > 0) ?? false;
    if (!this.flights.busy() && this.drag === null) {
      // Still: sleep. Only a clock ring moving: a few frames a second are plenty.
      if (++this.quietFrames > 3) {
        this.game.loop.sleep();
        if (clockRunning) this.ringTimer = setTimeout(() => this.wake(), 250);
      }
    } else this.quietFrames = 0;
    if (!view || !layout) return;
    const now = Date.now();
    for (const s of view.seats) {
      if (!s.deadline) continue;
      const spot = layout.seats.find((x) => x.seat === s.seat);
      if (!spot) continue;
      const left = Math.max(0, s.deadline - now);
      const total = this.clockTotals.get(s.deadline) ?? Math.max(left, 1);
      if (this.clockTotals.size > 64) this.clockTotals.clear(); // old turns' clocks
      this.clockTotals.set(s.deadline, total);
      this.rings.lineStyle(4, left < 5000 ? 0xe23b3b : 0xffffff, 1); // red for the last five seconds
      this.rings.beginPath();
      const badge = this.badges.get(s.seat) ?? { x: spot.x, y: spot.y };
      this.rings.arc(badge.x, badge.y, 16, -Math.PI / 2, -Math.PI / 2 + (2 * Math.PI * left) / total, false);
      this.rings.strokePath();
    }
  }
  private clockTotals = new Map<number, number>(); // deadline → the clock's length when first seen

  /** True when no card is in flight (the browser tests wait on this). */
  idle(): boolean {
    return !this.flights.busy() && this.drag === null;
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

  /** Lifts `card` (keyboard choice); redraws unless a `show` follows anyway. */
  setSelected(card: Card | null, redraw = true): void {
    this.selected = card;
    if (redraw && this.view) this.show(this.view, [], false);
  }

  setHint(hint: Card | "pickup" | null): void {
    this.hinted = hint;
    if (this.view) this.show(this.view, [], false);
  }

  /**
   * Draws `view` at once, then (if `animate`) flies the cards of `steps` from where they
   * were to where they are now. Any flight still running is dropped first.
   */
  show(view: TableView, steps: readonly Step[], animate: boolean): void {
    this.wake();
    const prevLayout = this.layout;
    if (this.view?.seq !== view.seq || this.view.phase !== view.phase) this.hinted = null;
    this.view = view;
    this.layout = layoutTable(view, this.cssW, this.cssH, this.selected);
    this.flights.clear();
    this.drag = null;
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
      const seat = view.seats.find((s) => s.seat === spot.seat);
      if (!seat || seat.isMe) continue;
      const shown = Math.min(seat.count, 12);
      const backW = layout.cardW * 0.62;
      const step = shown > 1 ? Math.min(backW * 0.3, (spot.cardsWidth - backW) / (shown - 1)) : 0;
      const backs: Phaser.GameObjects.Image[] = [];
      for (let i = 0; i < shown; i++) {
        const img = this.add
          .image(spot.cards.x + (i - (shown - 1) / 2) * step, spot.cards.y, ...cardFrame(this.textures, null, four))
          .setDisplaySize(backW, layout.cardH * 0.62);
        backs.push(img);
        this.root.add(img);
      }
      this.seatBacks.set(seat.seat, backs);
    }
    // The pile: the last few cards, readable, and the count.
    const shownPile = view.pile.slice(-layout.pile.length);
    shownPile.forEach((card, i) => {
      const p = layout.pile[i]!;
      const img = this.cardImage(card, p, layout, four);
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
      const playable = view.prompt === "lead" || view.prompt === "beat" || view.prompt === "second";
      if (playable && !slot.legal) img.setTint(0xb0b0b0);
      this.root.add(img);
      this.handSprites.set(slot.card, img);
      // Marks are atlas images laid over the card (same place and turn): batched with the cards, no per-frame tessellation.
      const marks: Mark[] = [];
      if (view.myTrump !== null && slot.card[1] === view.myTrump) marks.push("trump");
      if (playable && slot.legal) marks.push(slot.card === this.selected ? "selected" : "legal");
      if (this.hinted === slot.card) marks.push("hint");
      const images = marks.map((mark) => this.add.image(slot.x, slot.y, ...markFrame(this.textures, mark, four)).setDisplaySize(layout.cardW, layout.cardH).setAngle(slot.angle));
      this.root.add(images);
      this.handMarks.set(slot.card, images);
    }
    this.root.add(drawStatus(this, view, layout, labels, this.dpr));
    if (view.phase === "over" && view.result) this.root.add(this.resultPanel(view, layout, labels));
    this.root.add(drawButtons(this, view, layout, labels, this.dpr, this.hinted === "pickup"));
  }

  private cardImage(card: Card, p: Place, layout: Layout, four: boolean): Phaser.GameObjects.Image {
    return this.add.image(p.x, p.y, ...cardFrame(this.textures, card, four)).setDisplaySize(layout.cardW, layout.cardH).setAngle(p.angle);
  }

  private resultPanel(view: TableView, layout: Layout, labels: Labels): Phaser.GameObjects.Container {
    const c = this.add.container(0, 0);
    const w = Math.min(layout.width - 24, 460);
    const top = layout.pileCentre.y - 120;
    const g = this.add.graphics();
    g.fillStyle(0x0b1f14, 0.94).fillRoundedRect(layout.width / 2 - w / 2, top, w, 330, 14);
    c.add(g);
    c.add(this.add.text(layout.width / 2, top + 30, resultLine(labels.lang, view), { ...textStyle(20, this.dpr, COLOURS.text, true), align: "center", wordWrap: { width: w - 30 } }).setOrigin(0.5, 0));
    const places = [...view.seats]
      .sort((a, b) => (view.result?.places[a.seat] ?? 9) - (view.result?.places[b.seat] ?? 9))
      .map((s) => `${view.result?.places[s.seat] ?? "–"}. ${s.isMe ? labels.tr("you") : seatName(labels.lang, s.name, s.isAI)}${s.rematch ? " ✓" : ""}`)
      .join("\n");
    c.add(this.add.text(layout.width / 2, top + 110, `${labels.tr("places")}\n${places}`, { ...textStyle(16, this.dpr), align: "center" }).setOrigin(0.5, 0));
    return c;
  }

  // ---- Input -----------------------------------------------------------------------

  private pointerDown(x: number, y: number): void {
    const layout = this.layout;
    if (!layout) return;
    const button = buttonAt(layout, x, y);
    if (button) return this.host.onButton(button.id);
    const slot = cardAt(layout, x, y);
    if (!slot || !slot.legal) return;
    const sprite = this.handSprites.get(slot.card);
    if (sprite) this.drag = { card: slot.card, sprite, x0: x, y0: y, moved: false };
  }

  private pointerMove(x: number, y: number): void {
    const d = this.drag;
    if (!d) return;
    if (!d.moved && Math.hypot(x - d.x0, y - d.y0) < 8) return;
    d.moved = true;
    this.wake();
    d.sprite.setPosition(x, y).setAngle(0);
  }

  private pointerUp(x: number, y: number): void {
    const d = this.drag;
    this.drag = null;
    if (!d || !this.layout) return;
    const handTop = Math.min(...this.layout.hand.map((h) => h.hit.y));
    if (!d.moved || y < handTop - 10) return this.host.onCard(d.card); // a click, or dropped towards the pile
    const slot = this.layout.hand.find((h) => h.card === d.card);
    if (slot) d.sprite.setPosition(slot.x, slot.y).setAngle(slot.angle); // dropped back on the hand
  }
}

