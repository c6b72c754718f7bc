import type * as Phaser from "phaser";
import { KeptText, type Font } from "./kept-text.js";

/**
 * A label that comes back to the same few strings — the status line says "your turn: lead",
 * "…beat", "their turn" over and over; a pile's count goes 7, 8, 9 and back. It keeps one
 * `KeptText` for each of its `size` most recent strings and shows the one whose words are
 * wanted, so a turn passing back and forth redraws nothing; only a string not among them
 * redraws the least recently shown text. `prepare` draws the strings likely next while the
 * page is idle (idle-work.ts), so that the move which needs one redraws nothing either.
 */
export class TextPool {
  private readonly texts: { kept: KeptText; shownAt: number }[] = [];
  private clock = 0; // counts `set`s and `prepare`s: the least recently used text is reused first
  private current: KeptText | null = null;

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly dpr: number,
    private readonly font: Font,
    private readonly layer: Phaser.GameObjects.Container,
    private readonly size: number,
    private readonly originX = 0.5,
    private readonly originY = 0.5,
  ) {}

  /** The text shown now; null when the pool is hidden. */
  get shown(): Phaser.GameObjects.Text | null {
    return this.current?.text ?? null;
  }

  /** Shows `value` (see `KeptText.set`) at (x, y), hiding the pool's other texts; returns the text shown. */
  set(value: string, x: number, y: number, colour?: string, wrap = 0): Phaser.GameObjects.Text {
    const entry = this.texts.find((e) => e.kept.text.text === value) ?? this.spare();
    entry.shownAt = ++this.clock;
    for (const e of this.texts) e.kept.show(e === entry);
    this.current = entry.kept;
    return entry.kept.set(value, colour, wrap).at(x, y).text;
  }

  hide(): void {
    for (const e of this.texts) e.kept.show(false);
    this.current = null;
  }

  /** Draws each of `values` not kept yet into a text not shown now, hidden; the text shown is never taken. */
  prepare(values: readonly string[], colour?: string, wrap = 0): void {
    for (const value of values) {
      if (this.texts.some((e) => e.kept.text.text === value)) continue;
      const entry = this.spare();
      if (entry.kept === this.current) return; // a pool of one: nothing to draw ahead into
      entry.shownAt = ++this.clock;
      entry.kept.show(false).set(value, colour, wrap);
    }
  }

  private spare(): { kept: KeptText; shownAt: number } {
    if (this.texts.length >= this.size) return this.texts.reduce((a, b) => (a.shownAt <= b.shownAt ? a : b));
    const entry = { kept: new KeptText(this.scene, this.dpr, this.font, this.originX, this.originY), shownAt: 0 };
    entry.kept.show(false);
    this.layer.add(entry.kept.text);
    this.texts.push(entry);
    return entry;
  }
}
