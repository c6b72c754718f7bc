import type { Page } from "playwright-core";

/**
 * How many distinct colours (quantised to 4 bits per channel) a PNG screenshot holds,
 * decoded by the browser itself. A blank canvas has one or two; a drawn table has many.
 */
export async function distinctColours(page: Page, png: Buffer): Promise<number> {
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement("canvas");
    c.width = img.naturalWidth;
    c.height = img.naturalHeight;
    const ctx = c.getContext("2d");
    if (!ctx) return 0;
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, c.width, c.height).data;
    const seen = new Set<number>();
    for (let i = 0; i < data.length; i += 16)
      seen.add(((data[i]! >> 4) << 8) | ((data[i + 1]! >> 4) << 4) | (data[i + 2]! >> 4));
    return seen.size;
  }, png.toString("base64"));
}

/** The table's canvas as it was last drawn, a PNG data URL (its drawing buffer is preserved: scene/game.ts). */
export function canvasImage(page: Page): Promise<string> {
  return page.evaluate(() => {
    const canvas = document.querySelector("#table canvas");
    if (!(canvas instanceof HTMLCanvasElement)) throw new Error("no table canvas");
    return canvas.toDataURL("image/png");
  });
}

/** How many pixels of two same-sized PNG data URLs differ by more than `tolerance` in any channel (0–255), decoded by the browser. */
export function differingPixels(page: Page, a: string, b: string, tolerance = 8): Promise<number> {
  return page.evaluate(
    async ([a, b, tolerance]) => {
      const pixels = async (url: string) => {
        const img = new Image();
        img.src = url;
        await img.decode();
        const c = document.createElement("canvas");
        c.width = img.naturalWidth;
        c.height = img.naturalHeight;
        const ctx = c.getContext("2d");
        if (!ctx) throw new Error("2D canvas unavailable");
        ctx.drawImage(img, 0, 0);
        return ctx.getImageData(0, 0, c.width, c.height).data;
      };
      const [pa, pb] = [await pixels(a), await pixels(b)];
      if (pa.length !== pb.length) return Infinity;
      let differing = 0;
      for (let i = 0; i < pa.length; i += 4) {
        for (let k = 0; k < 4; k++) {
          if (Math.abs(pa[i + k]! - pb[i + k]!) > tolerance) {
            differing++;
            break;
          }
        }
      }
      return differing;
    },
    [a, b, tolerance] as const,
  );
}
