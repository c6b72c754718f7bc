import type * as Phaser from "phaser";
import { suitColour } from "../art/suits.js";
import { SUIT_SYMBOL } from "../i18n/index.js";
import { layoutTable, trumpButtonSuit, type Button, type ButtonId, type Layout } from "../model/layout.js";
import type { TableView } from "../model/view.js";
import type { Labels } from "./labels.js";
import { drawnWithin } from "./graphics-extent.js";
import { COLOURS, FONTS } from "./style.js";
import { TextPool } from "./text-pool.js";

/**
 * One button, kept: its shape redraws when its size or rings change; its label keeps its few
 * recent words (text-pool.ts: "Pick up 3", "Pick up all", "Rematch", "Waiting…"), so words
 * coming back redraw nothing.
 */
class KeptButton {
  private readonly shape: Phaser.GameObjects.Graphics; // drawn at its own origin, moved to the button
  private readonly label: TextPool;
  private drawn = ""; // the shape last drawn: "w×h hinted focused"

  constructor(
    scene: Phaser.Scene,
    dpr: number,
    layer: Phaser.GameObjects.Container,
    private readonly suit: boolean, // a trump suit's button: white, a big symbol
    private readonly secondary: boolean, // beside the primary action: outlined, not filled
  ) {
    this.shape = scene.add.graphics().setVisible(false); // shown by its first render (a button drawn ahead is not yet)
    layer.add(this.shape);
    this.label = new TextPool(scene, dpr, suit ? FONTS.suitButton : FONTS.button, layer, 3);
  }

  render(b: Button, words: string, colour: string): void {
    this.show(true);
    if (this.shape.x !== b.x || this.shape.y !== b.y) this.shape.setPosition(b.x, b.y);
    const drawn = `${b.w}×${b.h} ${b.hinted} ${b.focused}`;
    if (drawn !== this.drawn) {
      this.drawn = drawn;
      this.shape.clear();
      if (this.secondary)
        this.shape
          .fillStyle(0xffffff, 0.08)
          .fillRoundedRect(0, 0, b.w, b.h, 10)
          .lineStyle(1.5, COLOURS.plateRim, 1)
          .strokeRoundedRect(0, 0, b.w, b.h, 10);
      else this.shape.fillStyle(this.suit ? 0xffffff : COLOURS.button, 1).fillRoundedRect(0, 0, b.w, b.h, 10);
      if (b.hinted) this.shape.lineStyle(4, COLOURS.hint, 1).strokeRoundedRect(-3, -3, b.w + 6, b.h + 6, 12);
      if (b.focused) this.shape.lineStyle(5, COLOURS.focus, 1).strokeRoundedRect(-5, -5, b.w + 10, b.h + 10, 13);
      drawnWithin(this.shape, { x: -9, y: -9, width: b.w + 18, height: b.h + 18 }); // the focus ring's line reaches 7.5 px out
    }
    this.label.set(words, b.x + b.w / 2, b.y + b.h / 2, colour, b.w - 8);
  }

  show(visible: boolean): void {
    if (this.shape.visible !== visible) this.shape.setVisible(visible);
    if (!visible) this.label.hide();
  }

  /** Draws `words` ahead (idle time) as `render` would draw them on `b`, hidden. */
  prepare(b: Button, words: string, colour: string): void {
    this.label.prepare([words], colour, b.w - 8);
  }
}

/** The result card's actions beside Rematch: drawn outlined, so the one primary action stands out. */
const SECONDARY: readonly ButtonId[] = ["lobby", "review"];

/** A button's words and their colour. */
function buttonWords(view: TableView, id: ButtonId, labels: Labels): { words: string; colour: string } {
  const suit = trumpButtonSuit(id);
  if (suit) return { words: SUIT_SYMBOL[suit], colour: suitColour(suit, false) };
  return { words: plainWords(view, id, labels), colour: SECONDARY.includes(id) ? COLOURS.text : COLOURS.buttonText };
}

function plainWords(view: TableView, id: ButtonId, labels: Labels): string {
  switch (id) {
    case "pickup":
      return view.pickup?.wholePile ? labels.tr("pickupAll") : labels.tr("pickup", { n: view.pickup?.count ?? 0 });
    case "hint":
      return labels.tr("hint");
    case "rematch":
      return view.seats.find((s) => s.isMe)?.rematch ? labels.tr("rematchWaiting") : labels.tr("rematch");
    case "review":
      return labels.tr("review");
    default:
      return labels.tr("backToLobby");
  }
}

/**
 * Pick-up (with its count, R12), hint, trump choice, rematch, lobby and review buttons,
 * one kept per id: a layout without a button hides it. The keyboard's highlighted trump
 * suit is ringed in gold, the hinted pick-up in the hint colour.
 */
export class Buttons {
  private readonly buttons = new Map<ButtonId, KeptButton>();
  private prepared = ""; // the size, language and seat the later buttons were drawn ahead for

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly dpr: number,
    private readonly layer: Phaser.GameObjects.Container,
  ) {}

  render(view: TableView, layout: Layout, labels: Labels): void {
    for (const b of layout.buttons) {
      const { words, colour } = buttonWords(view, b.id, labels);
      this.button(b.id).render(b, words, colour);
    }
    for (const [id, button] of this.buttons) if (!layout.buttons.some((b) => b.id === id)) button.show(false);
  }

  /**
   * Draws ahead the words of the buttons a hand brings later — the hint in play, and the
   * rematch, lobby and review at its result — on the buttons they will have at this size:
   * the deal's show and the result's then make no button and redraw no label. Once a
   * size, language and seat (nothing to do after that); the trump buttons draw at once.
   */
  prepare(view: TableView, layout: Layout, labels: Labels): void {
    if (view.replay) return;
    const key = `${layout.width}×${layout.height} ${labels.lang} ${view.watching} ${view.handId !== ""}`; // the review button needs a hand
    if (key === this.prepared) return;
    this.prepared = key;
    const later: TableView[] = [{ ...view, phase: "over", prompt: "over", pickup: null, hintAvailable: false }];
    if (!view.watching)
      later.push({ ...view, phase: "playing", prompt: "lead", pickup: null, hintAvailable: true, result: null });
    for (const future of later) {
      for (const b of layoutTable(future, layout.width, layout.height).buttons) {
        if (b.id !== "hint" && future.phase === "playing") continue;
        const { words, colour } = buttonWords(future, b.id, labels);
        this.button(b.id).prepare(b, words, colour);
      }
    }
  }

  private button(id: ButtonId): KeptButton {
    let button = this.buttons.get(id);
    if (!button)
      this.buttons.set(
        id,
        (button = new KeptButton(
          this.scene,
          this.dpr,
          this.layer,
          trumpButtonSuit(id) !== null,
          SECONDARY.includes(id),
        )),
      );
    return button;
  }
}
