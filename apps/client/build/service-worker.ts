/**
 * The service worker's source, written by the build with the list of every file it
 * made (pwa-plugin.ts), so the whole client is cached at the first visit and the game
 * starts with no network at all afterwards. Hashed assets are served from the cache;
 * a page load asks the network first (a new version shows up at once when online) and
 * falls back to the cached page. Nothing else is touched: the API, matchmaking and the
 * game's WebSocket always go to the network.
 */

/** The worker's JavaScript for `files` (paths relative to the site's root, e.g. "assets/index-abc.js"). */
export function serviceWorkerSource(files: readonly string[], version: string): string {
  return `// Your Trumps service worker, generated at build time. Version ${version}.
const CACHE = ${JSON.stringify(`yourtrumps-${version}`)};
const FILES = ${JSON.stringify(files)};
const scope = new URL(self.registration.scope);
const urls = FILES.map((f) => new URL(f, scope).href);
const precached = new Set(urls);
const page = new URL("index.html", scope).href;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([scope.href, ...urls])).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("yourtrumps-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== scope.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match(page, { cacheName: CACHE }).then((hit) => hit || Response.error())));
    return;
  }
  url.search = "";
  if (!precached.has(url.href)) return;
  event.respondWith(caches.match(url.href, { cacheName: CACHE }).then((hit) => hit || fetch(request)));
});
`;
}
