import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SHIPPED_PUZZLES } from "@yourtrumps/ai/puzzles/shipped";
import { describe, expect, it } from "vitest";
import { bundleSizes } from "../bench/bundle.js";
import { CLIENT_DIR } from "./harness.js";

/** Reads every JavaScript chunk of a build (npm test builds both before running). */
function scripts(dist: string): string {
  const assets = join(CLIENT_DIR, dist, "assets");
  return readdirSync(assets)
    .filter((f) => f.endsWith(".js"))
    .map((f) => readFileSync(join(assets, f), "utf8"))
    .join("\n");
}

describe("builds", () => {
  it("the test hook exists only in the e2e build", () => {
    expect(scripts("dist-e2e")).toContain("__yt");
    expect(scripts("dist")).not.toContain("__yt");
  });

  it("Phaser has its own chunk; our code the lobby loads up front stays under 100 KB gzip, all of it under 220 KB (the puzzle set is data)", () => {
    const chunks = bundleSizes(join(CLIENT_DIR, "dist"));
    expect(chunks.filter((c) => c.kind === "phaser")).toHaveLength(1);
    const ours = chunks.filter((c) => c.kind === "ours");
    // Up front: the page's module and what index.html preloads with it; every other page is a chunk loaded when opened.
    const html = readFileSync(join(CLIENT_DIR, "dist", "index.html"), "utf8");
    const named = new Set([...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
    const upFront = ours.filter((c) => named.has(c.file));
    expect(upFront.map((c) => c.file).some((f) => /\/index-/.test(f))).toBe(true);
    expect(upFront.reduce((s, c) => s + c.gzip, 0)).toBeLessThan(100 * 1024);
    const all = chunks.filter(
      (c) => c.kind !== "phaser" && c.kind !== "colyseus" && c.kind !== "ai-worker" && c.kind !== "puzzles",
    );
    expect(all.reduce((s, c) => s + c.gzip, 0)).toBeLessThan(220 * 1024);
  });

  it("the computer players are a chunk of their own, started as a module Worker; the service worker lists every file of the build", () => {
    const chunks = bundleSizes(join(CLIENT_DIR, "dist"));
    const worker = chunks.filter((c) => c.kind === "ai-worker");
    expect(worker).toHaveLength(1);
    const main = readdirSync(join(CLIENT_DIR, "dist", "assets")).filter((f) => /^index-.*\.js$/.test(f));
    const mainCode = main.map((f) => readFileSync(join(CLIENT_DIR, "dist", "assets", f), "utf8")).join("\n");
    expect(mainCode).toContain(worker[0]!.file.replace(/^assets\//, "")); // new Worker(new URL(...)) names the chunk
    // Nothing the page loads up front holds the computer players' search (their error text marks it).
    const upFront = [
      ...readFileSync(join(CLIENT_DIR, "dist", "index.html"), "utf8").matchAll(
        /(?:src|href)="\.\/(assets\/[^"]+\.js)"/g,
      ),
    ].map((m) => m[1]!);
    expect(upFront.length).toBeGreaterThan(1);
    for (const file of upFront)
      expect(readFileSync(join(CLIENT_DIR, "dist", file), "utf8"), file).not.toContain("has no move to make");
    const sw = readFileSync(join(CLIENT_DIR, "dist", "sw.js"), "utf8");
    const listed = JSON.parse(/const FILES = (\[.*\]);/.exec(sw)![1]!) as string[];
    const built = [
      ...readdirSync(join(CLIENT_DIR, "dist", "assets")).map((f) => `assets/${f}`),
      ...readdirSync(join(CLIENT_DIR, "dist", "icons")).map((f) => `icons/${f}`),
      "index.html",
      "manifest.webmanifest",
      "favicon.ico",
    ];
    expect([...listed].sort()).toEqual(built.sort());
  });

  it("the shipped puzzles are a chunk of their own, in no file the page loads up front", () => {
    const assets = join(CLIENT_DIR, "dist", "assets");
    const marker = SHIPPED_PUZZLES.slice(0, 60); // the first puzzle's line
    const holding = readdirSync(assets).filter(
      (f) => f.endsWith(".js") && readFileSync(join(assets, f), "utf8").includes(marker),
    );
    expect(holding).toHaveLength(1);
    expect(holding[0]).toMatch(/^shipped-/);
    const upFront = [
      ...readFileSync(join(CLIENT_DIR, "dist", "index.html"), "utf8").matchAll(
        /(?:src|href)="\.\/assets\/([^"]+\.js)"/g,
      ),
    ].map((m) => m[1]!);
    expect(upFront.length).toBeGreaterThan(1);
    expect(upFront).not.toContain(holding[0]);
  });

  it("the page links a favicon, and /favicon.ico is the drawn icon as an ICO holding a 32 px PNG", () => {
    const html = readFileSync(join(CLIENT_DIR, "dist", "index.html"), "utf8");
    expect(html).toMatch(/<link rel="icon" href="\.\/favicon\.ico" sizes="32x32">/);
    expect(html).toMatch(/<link rel="icon" type="image\/svg\+xml" href="\.\/icons\/icon\.svg">/);
    const ico = readFileSync(join(CLIENT_DIR, "dist", "favicon.ico"));
    expect([...ico.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]); // an icon, one image
    expect([ico[6], ico[7]]).toEqual([32, 32]);
    expect(ico.readUInt32LE(18)).toBe(22);
    expect(ico.subarray(22, 30).toString("latin1")).toBe("\x89PNG\r\n\x1a\n");
    expect(ico.readUInt32LE(14)).toBe(ico.length - 22);
  });
});
