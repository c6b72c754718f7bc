/**
 * Cross-origin rules: CORS for the matchmaking, health and API routes, so a separately
 * hosted client can reach us, and the same allow-list for WebSocket upgrades (a
 * browser opens a WebSocket to any site without CORS, sending its page's Origin).
 *
 * With `*` (the default) any page may call us, but without credentials: the answer is
 * `Access-Control-Allow-Origin: *`, which browsers never combine with cookies or HTTP
 * auth, so no page can make a visitor's browser act as them. Only an origin that is
 * listed is echoed back with `Access-Control-Allow-Credentials: true`.
 */
import type { matchMaker } from "@colyseus/core";

/** Whether a request from `origin` may proceed, given the allowed list (`["*"]` = anyone). */
export function originAllowed(allowed: readonly string[], origin: string | null): boolean {
  return allowed.includes("*") || (origin !== null && allowed.includes(origin));
}

/**
 * Whether a WebSocket upgrade may proceed. Browsers always send their page's
 * Origin, so a listed one is required when there is one; a request without it
 * comes from a program (the SDK in Node, a bot), which could send any Origin anyway.
 */
export function upgradeAllowed(allowed: readonly string[], origin: string | null): boolean {
  return origin === null || originAllowed(allowed, origin);
}

/** What a page's requests may use: the API's bearer token and JSON bodies; matchmaking POSTs JSON too. */
export const ALLOWED_HEADERS = "Authorization, Content-Type";
export const ALLOWED_METHODS = "GET, POST, PUT, PATCH, DELETE, OPTIONS"; // PUT and DELETE: the account routes
/** What a page may read of an answer beyond the simple headers: when to retry after a 429 or 503. */
export const EXPOSED_HEADERS = "Retry-After";
const PREFLIGHT_CACHE_SECONDS = "600";

/**
 * The CORS headers of every HTTP answer, preflights included. A listed origin is echoed
 * with credentials (caches then keep answers apart by Origin); with `*` any other gets
 * `*`, without; a refused origin gets no Allow-Origin at all, which the browser enforces.
 */
export function corsHeaders(allowed: readonly string[], origin: string | null): Record<string, string> {
  const common = {
    "Access-Control-Allow-Headers": ALLOWED_HEADERS,
    "Access-Control-Allow-Methods": ALLOWED_METHODS,
    "Access-Control-Expose-Headers": EXPOSED_HEADERS,
    "Access-Control-Max-Age": PREFLIGHT_CACHE_SECONDS,
    Vary: "Origin",
  };
  if (origin !== null && allowed.includes(origin))
    return { ...common, "Access-Control-Allow-Origin": origin, "Access-Control-Allow-Credentials": "true" };
  if (allowed.includes("*")) return { ...common, "Access-Control-Allow-Origin": "*" };
  return common;
}

/**
 * Makes Colyseus answer with `corsHeaders`. Its request listener (bindRouterToTransport in
 * @colyseus/core's router) puts `controller.DEFAULT_CORS_HEADERS` under what
 * `controller.getCorsHeaders` returns on every response and preflight, and those defaults
 * carry `Access-Control-Allow-Credentials: true` and `Access-Control-Allow-Origin: *`.
 * So the defaults are emptied and getCorsHeaders gives the whole set. Both live on
 * Colyseus's one controller: the rule is the process's, set by the last server started.
 */
export function installCors(controller: typeof matchMaker.controller, allowed: readonly string[]): void {
  const defaults: Record<string, string> = controller.DEFAULT_CORS_HEADERS;
  for (const key of Object.keys(defaults)) delete defaults[key];
  controller.getCorsHeaders = (headers: Headers) => corsHeaders(allowed, headers.get("origin"));
}
