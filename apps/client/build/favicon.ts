/**
 * `favicon.ico`: the same drawing as the other icons (icon.ts), 32 px, as an ICO holding
 * one PNG (every browser since IE's successors reads PNG inside ICO). Browsers, crawlers
 * and chat apps that show a link's preview ask for /favicon.ico by convention even when
 * the page links an SVG icon; this answers them instead of a 404.
 */
import { iconPng } from "./icon.js";

export const FAVICON_FILE = "favicon.ico";
const SIZE = 32;

export function faviconIco(): Buffer {
  const png = iconPng(SIZE);
  const head = Buffer.alloc(6 + 16);
  head.writeUInt16LE(0, 0); // reserved
  head.writeUInt16LE(1, 2); // an icon (not a cursor)
  head.writeUInt16LE(1, 4); // one image
  head.writeUInt8(SIZE, 6); // width
  head.writeUInt8(SIZE, 7); // height
  head.writeUInt8(0, 8); // no palette
  head.writeUInt8(0, 9); // reserved
  head.writeUInt16LE(1, 10); // colour planes
  head.writeUInt16LE(32, 12); // bits per pixel
  head.writeUInt32LE(png.length, 14); // the image's bytes
  head.writeUInt32LE(head.length, 18); // where they start
  return Buffer.concat([head, png]);
}
