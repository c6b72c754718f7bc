import type { Card } from "@yourtrumps/engine";
import * as Phaser from "phaser";
import type { Lang } from "../i18n/index.js";
import { layoutTable, NO_HIGHLIGHTS, type ButtonId, type Highlights, type Layout } from "../model/layout.js";
import type { Step } from "../model/plan.js";
import type { TableView } from "../model/view.js";
import { Buttons } from "./buttons.js";
import { CardSprites } from "./card-sprites.js";
import { ClockRing } from "./clock-ring.js";
import { Flights } from "./flights.js";
import { FrameChanges } from "./frame-changes.js";
import { warmFonts } from "./kept-text.js";
import { IdleWork } from "./idle-work.js";
import { labelsIn } from "./labels.js";
import { objectCensus } from "./object-census.js";
import { PartialFrames } from "./partial-frames.js";
import { PileSurround } from "./pile-surround.js";
import { Plates } from "./plates.js";
import { PointerInput } from "./pointer-input.js";
import { ResultPanel } from "./result-panel.js";
import { registerSceneProbe } from "./scene-probe.js";
import { measured } from "./scene-timing.js";
import { StatusLine } from "./status-line.js";
import { ReactionBubbles } from "./reaction-bubble.js";
import { cardFrame, deckAtlas } from "./textures.js";

/** What the table needs from its host besides the view. */
export interface SceneHost {
  lang(): Lang;
  fourColour(): boolean;
  onCard(card: Card): void; // a legal card was clicked or dropped on the pile
  onButton(id: ButtonId): void;
}

/**
 * The card table. Thin: it draws a `TableView` through `layoutTable` and tweens the
 * steps planned from a diff. Retained, as chessground's render.ts: every image, text and
 * button is kept across `show`s (card-sprites.ts, plates.ts, buttons.ts, kept-text.ts…),
 * and a `show` changes only what the new layout changed — a key press moves a card or
 * two, a move re-words a few texts. Tweens never gate game logic: every `show` first lands
 * any running flight and draws the new state, so a new plan replaces a running one at once.
 */
export class TableScene extends Phaser.Scene {
  private host!: SceneHost;
  private dpr = 1;
  private partialFrames = false; // frames may redraw only what moved (software WebGL, the drawing buffer kept)
  private cssW = 0;
  private cssH = 0;
  private view: TableView | null = null;
  private layout: Layout | null = null;
  private highlights: Highlights = NO_HIGHLIGHTS;
  private sprites!: CardSprites;
  private plates!: Plates;
  private pile!: PileSurround;
  private status!: StatusLine;
  private bubbles!: ReactionBubbles;
  private panel!: ResultPanel;
  private buttons!: Buttons;
  private flights!: Flights;
  private clock!: ClockRing;
  private pointer!: PointerInput;
  private partial!: PartialFrames;
  private changes!: FrameChanges; // what each frame draws differently, for partial frames
  private quietFrames = 0; // frames drawn since anything last moved
  private ringTimer: ReturnType<typeof setTimeout> | undefined; // wakes the sleeping loop to move a clock ring
  private waking = false; // a wake is due at the next animation frame
  private readonly ahead = new IdleWork(); // texts the next move is likely to need, drawn while the page is idle

  constructor() {
    super({ key: "table" });
  }

  /** Runs once when Phaser boots the scene; `init` data carries the host. */
  init(data: { host: SceneHost; dpr: number; width: number; height: number; partialFrames: boolean }): void {
    this.host = data.host;
    this.dpr = data.dpr;
    this.partialFrames = data.partialFrames;
    this.cssW = data.width;
    this.cssH = data.height;
  }

  /** Runs after `init`: builds the layers, the kept parts of the table and the input handlers. */
  create(): void {
    const deck = deckAtlas(this.textures, this.host.fourColour()); // draw the deck now, not during the deal
    // And have the GL use it from the first frame on: software GL (SwiftShader) takes a texture in at its first draw,
    // which made the deal's first frame the longest task of a hand. One pixel of a card back, all but transparent, in a corner.
    this.add
      .image(0, 0, deck, cardFrame(this.textures, null, this.host.fourColour())[1])
      .setOrigin(0, 0)
      .setDisplaySize(1, 1)
      .setAlpha(0.01);
    warmFonts(this, this.dpr); // and measure the fonts now, not in the first moves
    // Layers in drawing order, under one container scaled by the pixel ratio: children use CSS px.
    const [felt, seats, cards, words, panel, buttons] = Array.from({ length: 6 }, () => this.add.container(0, 0));
    this.add.container(0, 0, [felt!, seats!, cards!, words!, panel!, buttons!]).setScale(this.dpr);
    this.clock = new ClockRing(this, this.dpr);
    this.sprites = new CardSprites(this, cards!);
    this.plates = new Plates(this, this.dpr, seats!);
    this.pile = new PileSurround(this, this.dpr, felt!, words!);
    this.status = new StatusLine(this, this.dpr, words!);
    this.bubbles = new ReactionBubbles(this, this.dpr, panel!, () => this.wake());
    this.panel = new ResultPanel(this, this.dpr, panel!);
    this.buttons = new Buttons(this, this.dpr, buttons!);
    this.flights = new Flights(this, this.sprites, (card) => cardFrame(this.textures, card, this.host.fourColour()));
    this.pointer = new PointerInput(this.game.canvas, {
      layout: () => this.layout,
      sprite: (card) => this.sprites.shown(card),
      wake: () => this.wake(),
      onButton: (id) => this.host.onButton(id),
      onCard: (card) => this.host.onCard(card),
    });
    this.partial = new PartialFrames(this, this.game.renderer, this.partialFrames);
    this.changes = new FrameChanges(() => this.children.list);
    this.events.once("destroy", () => {
      this.pointer.destroy();
      this.ahead.cancel();
    });
    if (__TEST_HOOK__)
      registerSceneProbe(
        objectCensus(
          this,
          (card) => this.sprites.shown(card),
          () => ({
            whole: this.partial.wholeDrawn(),
            partial: this.partial.partialFrames(),
            flying: !this.idle(),
            asleep: !this.game.loop.running,
          }),
          this.dpr,
        ),
      );
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
    this.clock.draw(this.view, this.layout, (seat) => this.plates.badge(seat), Date.now());
    if (this.partialFrames) measured("scene-frame", () => this.partial.prepare(this.changes.collect()));
    else this.partial.prepare(null);
  }

  /** True when no card is in flight or held (the browser tests wait on this). */
  idle(): boolean {
    return !this.flights.busy() && !this.pointer.dragging();
  }

  /** Still, and nothing waits to be drawn ahead (the test hook's "idle": a census then counts what a next step does alone). */
  settled(): boolean {
    return this.idle() && !this.ahead.pending;
  }

  currentLayout(): Layout | null {
    return this.layout;
  }

  /** New canvas size in CSS px. */
  resize(width: number, height: number): void {
    this.cssW = width;
    this.cssH = height;
    this.partial.invalidate();
    if (this.view) this.show(this.view, [], false);
  }

  /** Marks the keyboard's choice and the hint; redraws unless a `show` follows anyway. */
  highlight(highlights: Highlights, redraw = true): void {
    this.highlights = highlights;
    const view = this.view;
    if (redraw && view) measured("scene-highlight", () => this.patch(view, [], false));
  }

  /**
   * Draws `view` at once, then (if `animate`) flies the cards of `steps` from where they
   * were to where they are now. Any flight still running lands first.
   */
  show(view: TableView, steps: readonly Step[], animate: boolean): void {
    measured("scene-show", () => this.patch(view, steps, animate));
  }

  /** `seat` reacted: `words` show by its plate for a few seconds (reaction-bubble.ts); null clears every bubble. */
  react(seat: number, words: string | null): void {
    if (words === null) this.bubbles.clear();
    else this.bubbles.show(seat, words, this.layout);
  }

  private patch(view: TableView, steps: readonly Step[], animate: boolean): void {
    this.wake();
    const prevLayout = this.layout;
    const layout = layoutTable(view, this.cssW, this.cssH, this.highlights);
    this.view = view;
    this.layout = layout;
    this.flights.finish();
    this.pointer.cancel();
    const labels = labelsIn(this.host.lang());
    this.plates.render(view, layout, labels);
    this.sprites.render(view, layout, this.host.fourColour());
    this.pile.render(view, layout, labels);
    this.status.render(view, layout, labels);
    this.panel.render(view, layout, labels);
    this.buttons.render(view, layout, labels);
    this.bubbles.place(layout);
    if (animate && prevLayout) this.flights.run(steps, prevLayout, layout, view, (seat) => this.plates.container(seat));
    this.ahead.schedule(() => {
      this.plates.prepare(view, labels);
      this.pile.prepare(view, labels);
      this.status.prepare(view, layout, labels);
      this.buttons.prepare(view, layout, labels);
    });
  }

  /**
   * Wakes the sleeping loop at the next animation frame, not now: Phaser's `wake` runs a
   * whole step at once (a render of the table as it was, inside the patch that is about to
   * change it — a wasted frame for software GL and the patch's own time doubled).
   */
  private wake(): void {
    clearTimeout(this.ringTimer);
    this.quietFrames = 0;
    if (this.game.loop.running || this.waking) return;
    this.waking = true;
    requestAnimationFrame(() => {
      this.waking = false;
      if (this.game.isRunning) this.game.loop.wake();
    });
  }
}
