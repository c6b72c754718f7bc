/**
 * The real page in a real browser: `renderRules` bundled by Vite, mounted in
 * Chromium at phone and desktop sizes, in every language.
 */
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import type { Browser, Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGS } from "../i18n/lang.js";

const CHROMIUM = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium";
const ENTRY = fileURLToPath(new URL("./index.ts", import.meta.url));

let browser: Browser;
let bundle: string;

/** Builds index.ts as one script that sets `window.YtRules`. */
async function bundleRules(): Promise<string> {
  const out = await build({
    configFile: false,
    logLevel: "silent",
    build: {
      write: false,
      minify: false,
      lib: { entry: ENTRY, formats: ["iife"], name: "YtRules", fileName: "rules" },
    },
  });
  const results = Array.isArray(out) ? out : [out];
  for (const r of results) {
    if (!("output" in r)) continue;
    const chunk = r.output.find((o) => o.type === "chunk");
    if (chunk && chunk.type === "chunk") return chunk.code;
  }
  throw new Error("vite produced no chunk");
}

async function open(width: number, height: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.setContent(
    `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="margin:0"><main id="app"><p id="stale">stale content</p></main></body></html>`,
  );
  await page.addScriptTag({ content: bundle });
  return page;
}

beforeAll(async () => {
  [bundle, browser] = await Promise.all([
    bundleRules(),
    chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] }),
  ]);
});
afterAll(async () => {
  await browser?.close();
});

describe("rules page in Chromium", () => {
  for (const [name, width, height] of [
    ["phone", 390, 844],
    ["desktop", 1280, 900],
  ] as const) {
    it(`renders all five languages on a ${name} (${width}×${height}) without sideways scrolling`, async () => {
      const page = await open(width, height);
      for (const lang of LANGS) {
        const info = await page.evaluate((l) => {
          const w = window as unknown as { YtRules: { renderRules(c: HTMLElement, l: string): void } };
          const app = document.getElementById("app")!;
          w.YtRules.renderRules(app, l);
          const cards = [...document.querySelectorAll<SVGSVGElement>("svg.yt-rules-card")];
          const article = document.querySelector<HTMLElement>("article.yt-rules")!;
          return {
            articles: app.children.length,
            old: document.getElementById("stale") !== null,
            styles: document.querySelectorAll("style#yt-rules-style").length,
            overflow: document.documentElement.scrollWidth - window.innerWidth,
            cards: cards.length,
            drawn: cards.filter((c) => c.getBoundingClientRect().width >= 30).length,
            lang: article.lang,
            font: getComputedStyle(article).fontFamily,
            h1: document.querySelector("h1")!.getBoundingClientRect().height,
          };
        }, lang);
        expect(info, lang).toMatchObject({
          articles: 1,
          old: false,
          styles: 1,
          overflow: 0,
          cards: 45,
          drawn: 45,
          lang,
        });
        expect(info.h1, lang).toBeGreaterThan(10);
        if (lang === "bn") expect(info.font.startsWith('"Noto Sans Bengali"')).toBe(true);
        else expect(info.font).toContain('"Noto Sans"');
      }
      await page.close();
    });
  }

  it("scrolls to a part from the contents without touching the address", async () => {
    const page = await open(390, 844);
    await page.evaluate(() => {
      history.replaceState(null, "", "#/lobby");
      (window as unknown as { YtRules: { renderRules(c: HTMLElement, l: string): void } }).YtRules.renderRules(
        document.getElementById("app")!,
        "en",
      );
    });
    await page.click("nav.yt-rules-toc a[href='#yt-rules-examples']");
    await page.waitForFunction(
      () => Math.abs(document.getElementById("yt-rules-examples")!.getBoundingClientRect().top) < 5,
    );
    expect(await page.evaluate(() => location.hash)).toBe("#/lobby");
    await page.close();
  });
});
