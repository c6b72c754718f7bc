/**
 * The app's icon, drawn by our code at build time: a card on the table's green, with a
 * red heart — one of the four trump suits. The same shapes as an SVG (any size) and as
 * PNGs (Chromium's install prompt wants a raster of at least 144 px; phones 192 and 512),
 * the PNGs rasterised here with 4×4 supersampling, so no image tool is needed.
 */
import { encodePng } from "./png.js";

export const THEME_COLOUR = "#173f2a"; // index.html's theme-color: the table's green
const FELT: Rgb = [0x17, 0x3f, 0x2a];
const CARD: Rgb = [0xfb, 0xf8, 0xf0];
const HEART: Rgb = [0xc8, 0x1e, 0x2d];
type Rgb = [number, number, number];

/** Which colour the unit square's point (x, y ∈ 0…1) is; null outside the icon (transparent). */
function colourAt(x: number, y: number, maskable: boolean): Rgb | null {
  const inset = maskable ? 0 : 0.04;
  if (!inRoundRect(x, y, inset, inset, 1 - inset, 1 - inset, maskable ? 0 : 0.18)) return null;
  // The card: upright, centred, in the maskable icon's safe zone (the middle 80 %).
  if (inRoundRect(x, y, 0.27, 0.17, 0.73, 0.83, 0.05)) {
    // Heart: (u² + v² − 1)³ − u² v³ ≤ 0, centred on the card.
    const u = (x - 0.5) / 0.17;
    const v = -(y - 0.5) / 0.17 + 0.15;
    const heart = (u * u + v * v - 1) ** 3 - u * u * v ** 3 <= 0;
    return heart ? HEART : CARD;
  }
  return FELT;
}

function inRoundRect(x: number, y: number, x0: number, y0: number, x1: number, y1: number, r: number): boolean {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** The icon as a PNG of `size` px; `maskable`: full-bleed, for launchers that cut their own shape. */
export function iconPng(size: number, maskable = false): Buffer {
  const rgba = new Uint8Array(size * size * 4);
  const S = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < S; sy++) {
        for (let sx = 0; sx < S; sx++) {
          const c = colourAt((px + (sx + 0.5) / S) / size, (py + (sy + 0.5) / S) / size, maskable);
          if (!c) continue;
          r += c[0];
          g += c[1];
          b += c[2];
          a++;
        }
      }
      const i = (py * size + px) * 4;
      if (a > 0) {
        rgba[i] = Math.round(r / a);
        rgba[i + 1] = Math.round(g / a);
        rgba[i + 2] = Math.round(b / a);
      }
      rgba[i + 3] = Math.round((a / (S * S)) * 255);
    }
  }
  return encodePng(size, size, rgba);
}

/** The same icon as SVG. */
export function iconSvg(): string {
  // The heart's curve, sampled from the same equation as the PNG's.
  const points: string[] = [];
  for (let i = 0; i <= 96; i++) {
    const t = (i / 96) * 2 * Math.PI;
    const u = 16 * Math.sin(t) ** 3;
    const v = 13 * Math.cos(t) - 5 * Math.cos(2 * t) - 2 * Math.cos(3 * t) - Math.cos(4 * t);
    points.push(`${(50 + u * 1.05).toFixed(2)},${(48 - v * 1.05).toFixed(2)}`);
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">`,
    `<rect x="4" y="4" width="92" height="92" rx="18" fill="${THEME_COLOUR}"/>`,
    `<rect x="27" y="17" width="46" height="66" rx="5" fill="#fbf8f0"/>`,
    `<polygon points="${points.join(" ")}" fill="#c81e2d"/>`,
    `</svg>`,
  ].join("");
}
