import type * as Phaser from "phaser";
import { REACTION_SHOWN_MS } from "@yourtrumps/protocol";
import type { Layout } from "../model/layout.js";
import { KeptText } from "./kept-text.js";
import { FONTS } from "./style.js";

const RISE = 34; // CSS px above (or, at the top of the table, below) the centre of the seat's plate
const BUBBLE_COLOUR = "#fffbe8";
const BUBBLE_TEXT = "#222222";

/**
 * A reaction's bubble by the sender's plate, for REACTION_SHOWN_MS. One kept text a seat,
 * made the first time that seat says something and reused after (a text is a canvas of
 * its own: making one per reaction would be the costly redraw kept-text.ts avoids); a new
 * reaction of the same seat replaces the one showing and starts its time again.
 */
export class ReactionBubbles {
  private readonly bubbles = new Map<number, { text: KeptText; timer: ReturnType<typeof setTimeout> | undefined }>();

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly dpr: number,
    private readonly layer: Phaser.GameObjects.Container,
    private readonly wake: () => void, // the loop may be asleep: a bubble's coming and going must be drawn
  ) {}

  /** `seat` says `words`, placed by its plate in `layout`. */
  show(seat: number, words: string, layout: Layout | null): void {
    let bubble = this.bubbles.get(seat);
    if (!bubble) {
      const text = new KeptText(this.scene, this.dpr, FONTS.bubble, 0.5, 1);
      text.text.setBackgroundColor(BUBBLE_COLOUR).setPadding(8, 4, 8, 4);
      this.layer.add(text.text);
      bubble = { text, timer: undefined };
      this.bubbles.set(seat, bubble);
    }
    clearTimeout(bubble.timer);
    bubble.text.set(words, BUBBLE_TEXT).show(true);
    this.placeOne(seat, layout);
    const shown = bubble;
    shown.timer = setTimeout(() => {
      shown.text.show(false);
      this.wake();
    }, REACTION_SHOWN_MS);
    this.wake();
  }

  /** The table was laid out again: the bubbles showing follow their plates. */
  place(layout: Layout): void {
    for (const seat of this.bubbles.keys()) this.placeOne(seat, layout);
  }

  /** Every bubble goes (a new table, or reactions muted). */
  clear(): void {
    for (const bubble of this.bubbles.values()) {
      clearTimeout(bubble.timer);
      bubble.text.show(false);
    }
    this.wake();
  }

  /** Above the seat's plate — or below it, for a plate at the top of the table, where above is off the canvas. */
  private placeOne(seat: number, layout: Layout | null): void {
    const spot = layout?.seats.find((s) => s.seat === seat);
    const bubble = this.bubbles.get(seat);
    if (!bubble || !spot) return;
    const text = bubble.text.text;
    const above = spot.y - RISE - text.displayHeight >= 0;
    if (text.originY !== (above ? 1 : 0)) text.setOrigin(0.5, above ? 1 : 0);
    bubble.text.at(spot.x, above ? spot.y - RISE : spot.y + RISE);
  }
}
