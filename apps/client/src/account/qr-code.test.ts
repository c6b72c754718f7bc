import { describe, expect, it } from "vitest";
import type { VNode } from "../shell/view.js";
import { qrCode } from "./qr-code.js";

/** The modules a QR path draws, as "col,row" (each `M{x} {y}h1v1h-1z`). */
function modules(d: string): Set<string> {
  return new Set([...d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((m) => `${m[1]},${m[2]}`));
}

describe("the QR code", () => {
  it("draws the three finder patterns inside a 4-module quiet zone, on a white square the code's size", () => {
    const node = qrCode("q", "otpauth://totp/Your%20Trumps:ann?secret=JBSWY3DPEHPK3PXP", "a label");
    const [rect, path] = (node.children ?? []) as VNode[];
    const size = Number(rect?.data?.attrs?.width);
    expect(node.data?.attrs?.viewBox).toBe(`0 0 ${size} ${size}`);
    const dark = modules(String(path?.data?.attrs?.d));
    const count = size - 8;
    const corners: [number, number][] = [
      [4, 4],
      [4 + count - 7, 4],
      [4, 4 + count - 7],
    ];
    for (const [x, y] of corners) {
      // A finder pattern: a dark 7×7 ring, light inside it, a dark 3×3 centre.
      expect(dark.has(`${x},${y}`) && dark.has(`${x + 6},${y + 6}`)).toBe(true);
      expect(dark.has(`${x + 1},${y + 1}`)).toBe(false);
      expect(dark.has(`${x + 3},${y + 3}`)).toBe(true);
    }
    expect([...dark].every((m) => m.split(",").every((n) => Number(n) >= 4 && Number(n) < 4 + count))).toBe(true);
    expect(node.data?.attrs?.["aria-label"]).toBe("a label");
  });
});
