/**
 * Registers the service worker (public/… is not used: the build writes `sw.js` with its
 * precache list, see pwa/vite-plugin.ts). Only in a build: under `vite dev` there is no
 * list to precache, and a worker would serve stale modules.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  // After the page has loaded: the precache downloads must not compete with the first paint.
  const register = (): void => void navigator.serviceWorker.register("./sw.js", { scope: "./" }).catch(() => undefined);
  if (document.readyState === "complete") register();
  else addEventListener("load", register, { once: true });
}
