import type * as Phaser from "phaser";
import { COLOURS, FONTS, textStyle } from "./style.js";

/** A kept text's font, fixed for its life: a new font means measuring it again (Phaser scans a canvas). */
export interface Font {
  size: number; // CSS px
  bold: boolean;
  align?: "left" | "center"; // of wrapped lines
}

/** Each font's metrics as Phaser measured them for its first text ("size bold"). */
const FONT_METRICS = new Map<string, Phaser.Types.GameObjects.Text.TextMetrics>();

/** Letters of every language the table speaks, digits, and the marks and suits its labels use. */
const WARM_SAMPLE = "Ag0123456789 ·?…:✓ ♠♥♦♣ ÆØÅæøå ÇĞİŞçğış Жжёй খেলোয়াড় ০১২৩";

/**
 * Measures every table font (style.ts's FONTS) while the scene boots: the first text of a
 * font costs Phaser's metrics scan and the browser's first use of the font's glyphs — tens
 * of milliseconds that would otherwise land in the first moves' shows.
 */
export function warmFonts(scene: Phaser.Scene, dpr: number): void {
  for (const font of Object.values(FONTS)) {
    const key = `${font.size} ${font.bold}`;
    if (FONT_METRICS.has(key)) continue;
    const text = scene.make.text(
      { x: 0, y: 0, text: WARM_SAMPLE, style: textStyle(font.size, dpr, COLOURS.text, font.bold) },
      false,
    );
    FONT_METRICS.set(key, text.style.getTextMetrics());
    text.destroy();
  }
}

/**
 * A Phaser `Text` kept across redraws. Every `Text` is a canvas of its own, drawn and
 * uploaded as a texture whenever its string or style changes — the costliest thing a
 * redraw can do. So a table keeps one per label and `set` redraws it only when the
 * string, colour or wrap width really changed; moving it costs nothing. The font never
 * changes: labels that switch weight keep one `KeptText` per weight.
 */
export class KeptText {
  readonly text: Phaser.GameObjects.Text;

  constructor(scene: Phaser.Scene, dpr: number, font: Font, originX: number, originY: number) {
    // A new Text measures its font's ascent and descent by drawing and scanning a canvas (Phaser's MeasureText, costly on the first frame of a move):
    // the font never changes, so every text of a font after the first takes the first one's metrics.
    const key = `${font.size} ${font.bold}`;
    const metrics = FONT_METRICS.get(key);
    this.text = scene.add
      .text(0, 0, "", {
        ...textStyle(font.size, dpr, COLOURS.text, font.bold),
        align: font.align ?? "left",
        ...(metrics ? { metrics } : {}),
      })
      .setOrigin(originX, originY);
    if (!metrics) FONT_METRICS.set(key, this.text.style.getTextMetrics());
  }

  /** Shows `value` in `colour`, wrapped at `wrap` px (0: no wrapping); redraws only what changed. */
  set(value: string, colour: string = COLOURS.text, wrap = 0): this {
    const style = this.text.style;
    const restyled = style.color !== colour || (style.wordWrapWidth ?? 0) !== wrap;
    if (restyled) {
      style.color = colour; // fields first, one redraw below
      style.wordWrapWidth = wrap || null;
    }
    if (value !== this.text.text) this.text.setText(value);
    else if (restyled) this.text.updateText();
    return this;
  }

  /** Places it (CSS px of the table); a no-op when it is already there. */
  at(x: number, y: number): this {
    if (this.text.x !== x || this.text.y !== y) this.text.setPosition(x, y);
    return this;
  }

  show(visible: boolean): this {
    if (this.text.visible !== visible) this.text.setVisible(visible);
    return this;
  }
}
