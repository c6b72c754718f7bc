import type * as Phaser from "phaser";
import { KeptText, type Font } from "./kept-text.js";

/**
 * A label that comes back to the same few strings — the status line says "your turn: lead",
 * "…beat", "their turn" over and over. It keeps one `KeptText` for each of its `size` most
 * recent strings and shows the one whose words are wanted, so a turn passing back and forth
 * redraws nothing; only a string not among them redraws the least recently shown text.
 */
export class TextPool {
  private readonly texts: { kept: KeptText; shownAt: number }[] = [];
  private clock = 0; // counts `set`s: the least recently shown text is reused first

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly dpr: number,
    private readonly font: Font,
    private readonly layer: Phaser.GameObjects.Container,
    private readonly size: number,
  ) {}

  /** Shows `value` (see `KeptText.set`) at (x, y), hiding the pool's other texts. */
  set(value: string, x: number, y: number, colour?: string, wrap = 0): void {
    const entry = this.texts.find((e) => e.kept.text.text === value) ?? this.spare();
    entry.shownAt = ++this.clock;
    for (const e of this.texts) e.kept.show(e === entry);
    entry.kept.set(value, colour, wrap).at(x, y);
  }

  hide(): void {
    for (const e of this.texts) e.kept.show(false);
  }

  private spare(): { kept: KeptText; shownAt: number } {
    if (this.texts.length >= this.size) return this.texts.reduce((a, b) => (a.shownAt <= b.shownAt ? a : b));
    const entry = { kept: new KeptText(this.scene, this.dpr, this.font, 0.5, 0.5), shownAt: 0 };
    this.layer.add(entry.kept.text);
    this.texts.push(entry);
    return entry;
  }
}
