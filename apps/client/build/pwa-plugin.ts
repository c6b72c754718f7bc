/**
 * Our Vite plugin for the installable, offline client: at build time it draws the icons
 * (icon.ts; favicon.ts), writes the web app manifest, links both from index.html, and writes the
 * service worker with the list of every file of the build (service-worker.ts).
 * vite-plugin-pwa would do the same through workbox-build and its own bundler; this is
 * the part of it we need, with nothing to download at build time.
 */
import { createHash } from "node:crypto";
import type { Plugin } from "vite";
import { FAVICON_FILE, faviconIco } from "./favicon.js";
import { THEME_COLOUR, iconPng, iconSvg } from "./icon.js";
import { serviceWorkerSource } from "./service-worker.js";

export const MANIFEST_FILE = "manifest.webmanifest";
export const SERVICE_WORKER_FILE = "sw.js";

/** The web app manifest (paths relative to it: the client may be served under any path). */
export function manifest(): Record<string, unknown> {
  return {
    id: "./",
    name: "Your Trumps",
    short_name: "Your Trumps",
    description:
      "The Russian card game Svoi Kozyri — every player has their own trump suit. Play the computer, offline too.",
    lang: "en",
    start_url: "./",
    scope: "./",
    display: "standalone",
    orientation: "any",
    background_color: THEME_COLOUR,
    theme_color: THEME_COLOUR,
    categories: ["games"],
    icons: [
      { src: "icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "icons/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
  };
}

export function pwaPlugin(): Plugin {
  return {
    name: "yourtrumps-pwa",
    apply: "build",
    transformIndexHtml() {
      return [
        { tag: "link", attrs: { rel: "manifest", href: `./${MANIFEST_FILE}` }, injectTo: "head" },
        { tag: "link", attrs: { rel: "icon", href: `./${FAVICON_FILE}`, sizes: "32x32" }, injectTo: "head" },
        { tag: "link", attrs: { rel: "icon", type: "image/svg+xml", href: "./icons/icon.svg" }, injectTo: "head" },
        { tag: "link", attrs: { rel: "apple-touch-icon", href: "./icons/icon-192.png" }, injectTo: "head" },
      ];
    },
    generateBundle(_options, bundle) {
      const own: [string, string | Uint8Array][] = [
        ["icons/icon-192.png", iconPng(192)],
        ["icons/icon-512.png", iconPng(512)],
        ["icons/maskable-512.png", iconPng(512, true)],
        ["icons/icon.svg", iconSvg()],
        [MANIFEST_FILE, JSON.stringify(manifest(), null, 2)],
        [FAVICON_FILE, faviconIco()],
      ];
      for (const [fileName, source] of own) this.emitFile({ type: "asset", fileName, source });
      const files = [...new Set(["index.html", ...Object.keys(bundle), ...own.map(([f]) => f)])]
        .filter((f) => !f.endsWith(".map") && f !== SERVICE_WORKER_FILE)
        .sort();
      // The version changes with any file's name (hashed assets) or with index.html's content.
      const html = bundle["index.html"];
      const version = createHash("sha256")
        .update(files.join("\n"))
        .update(html?.type === "asset" ? String(html.source) : "")
        .digest("hex")
        .slice(0, 12);
      this.emitFile({ type: "asset", fileName: SERVICE_WORKER_FILE, source: serviceWorkerSource(files, version) });
    },
  };
}
