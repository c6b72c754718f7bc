import type * as Phaser from "phaser";

/** Fonts that cover Latin, Cyrillic, Turkish and Bengali (Noto ships all of them). */
export const FONT = '"Noto Sans", "Noto Sans Bengali", "Noto Sans Symbols 2", "DejaVu Sans", sans-serif';

export const COLOURS = {
  felt: 0x1f5a3a,
  feltDark: 0x173f2a,
  plate: 0x0f2a1c,
  plateMove: 0xf2c14e, // the seat to move: its rim
  plateMoveBody: 0x4a4016, // and its body
  plateRim: 0x5b8a6c,
  legal: 0xf2c14e, // highlight around a playable card
  hint: 0x4ec3f2,
  focus: 0xf2c14e, // ring round the keyboard's highlighted trump button
  button: 0xf2c14e,
  buttonText: "#1b1b1b",
  text: "#f4f1e8",
  muted: "#b9c7bd",
  trump: 0xe23b3b,
} as const;

/**
 * Every font the table writes in, by what it writes: one place for its typography, and the
 * list `warmFonts` (kept-text.ts) measures while the scene boots rather than in a move's show.
 */
export const FONTS = {
  plateName: { size: 14, bold: true },
  plateDetails: { size: 11, bold: false },
  plateSuit: { size: 15, bold: true },
  initials: { size: 13, bold: true, align: "center" },
  clockSeconds: { size: 14, bold: true, align: "center" },
  myTrump: { size: 15, bold: true },
  pileCount: { size: 14, bold: false },
  statusMine: { size: 17, bold: true, align: "center" },
  statusOthers: { size: 17, bold: false, align: "center" },
  button: { size: 15, bold: true, align: "center" },
  suitButton: { size: 36, bold: true, align: "center" },
  bubble: { size: 15, bold: true, align: "center" },
  headline: { size: 20, bold: true, align: "center" },
  places: { size: 16, bold: false, align: "center" },
} as const satisfies Record<string, { size: number; bold: boolean; align?: "left" | "center" }>;

/** A text style at the canvas's pixel ratio, so text is crisp on HiDPI screens. */
export function textStyle(
  size: number,
  dpr: number,
  colour: string = COLOURS.text,
  bold = false,
): Phaser.Types.GameObjects.Text.TextStyle {
  return {
    fontFamily: FONT,
    fontSize: `${size}px`,
    color: colour,
    fontStyle: bold ? "bold" : "normal",
    resolution: dpr,
  };
}
