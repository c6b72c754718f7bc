import type { Card } from "@yourtrumps/engine";
import type * as Phaser from "phaser";
import { buttonAt, cardAt, type ButtonId, type Layout } from "../model/layout.js";

/** What pointer input reads from the table and reports back to it. */
export interface PointerTarget {
  layout(): Layout | null; // what is drawn now, for hit-testing
  sprite(card: Card): Phaser.GameObjects.Image | undefined; // a hand card's image, moved while dragged
  wake(): void; // the game loop may be asleep: a dragged card must be redrawn
  onButton(id: ButtonId): void;
  onCard(card: Card): void; // a legal card was clicked or dropped towards the pile
}

const DRAG_START_PX = 8; // a press that moves less than this is a click
const DROP_MARGIN_PX = 10; // released this far above the hand, a card is played

/**
 * Clicks and drags on the table. These are DOM pointer events, not Phaser's: input must
 * work while the game loop sleeps (see TableScene.update). A legal card is played by a
 * click or by dropping it towards the pile; dropped back on the hand it returns to its place.
 */
export class PointerInput {
  private drag: { card: Card; sprite: Phaser.GameObjects.Image; x0: number; y0: number; moved: boolean } | null = null;
  private readonly detach: () => void;

  constructor(
    canvas: HTMLCanvasElement,
    private readonly target: PointerTarget,
  ) {
    const at = (e: PointerEvent) => {
      const r = canvas.getBoundingClientRect();
      return [e.clientX - r.left, e.clientY - r.top] as const;
    };
    const down = (e: PointerEvent) => this.down(...at(e));
    const move = (e: PointerEvent) => this.move(...at(e));
    const up = (e: PointerEvent) => this.up(...at(e));
    canvas.addEventListener("pointerdown", down);
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    this.detach = () => {
      canvas.removeEventListener("pointerdown", down);
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
    };
  }

  /** True while a card is held. */
  dragging(): boolean {
    return this.drag !== null;
  }

  /** Drops a held card without playing it: the table was redrawn under it. */
  cancel(): void {
    this.drag = null;
  }

  destroy(): void {
    this.detach();
  }

  private down(x: number, y: number): void {
    const layout = this.target.layout();
    if (!layout) return;
    const button = buttonAt(layout, x, y);
    if (button) return this.target.onButton(button.id);
    const slot = cardAt(layout, x, y);
    if (!slot || !slot.legal) return;
    const sprite = this.target.sprite(slot.card);
    if (sprite) this.drag = { card: slot.card, sprite, x0: x, y0: y, moved: false };
  }

  private move(x: number, y: number): void {
    const d = this.drag;
    if (!d) return;
    if (!d.moved && Math.hypot(x - d.x0, y - d.y0) < DRAG_START_PX) return;
    d.moved = true;
    this.target.wake();
    d.sprite.setPosition(x, y).setAngle(0);
  }

  private up(_x: number, y: number): void {
    const d = this.drag;
    this.drag = null;
    const layout = this.target.layout();
    if (!d || !layout) return;
    const handTop = Math.min(...layout.hand.map((h) => h.hit.y));
    if (!d.moved || y < handTop - DROP_MARGIN_PX) return this.target.onCard(d.card); // a click, or dropped towards the pile
    const slot = layout.hand.find((h) => h.card === d.card);
    if (slot) d.sprite.setPosition(slot.x, slot.y).setAngle(slot.angle); // dropped back on the hand
  }
}
