/**
 * Cross-origin rules: CORS for the matchmaking, health and API routes, so a separately
 * hosted client can reach us, and the same allow-list for WebSocket upgrades (a
 * browser opens a WebSocket to any site without CORS, sending its page's Origin).
 */

/** Whether a request from `origin` may proceed, given the allowed list (`["*"]` = anyone). */
export function originAllowed(allowed: readonly string[], origin: string | null): boolean {
  return allowed.includes("*") || (origin !== null && allowed.includes(origin));
}

/**
 * The Access-Control-Allow-Origin for a request from `origin`, given the allowed
 * list (`["*"]` = anyone). A refused origin gets the first allowed one, which the
 * browser then rejects.
 */
export function allowOrigin(allowed: readonly string[], origin: string | null): string {
  if (allowed.includes("*")) return origin ?? "*";
  if (origin !== null && allowed.includes(origin)) return origin;
  return allowed[0] ?? "null";
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
export const ALLOWED_METHODS = "GET, POST, PATCH, OPTIONS";

/**
 * The CORS headers of every HTTP answer, preflights included (Colyseus puts them on each
 * response before routing). The allowed origin depends on the request's, so caches must
 * keep answers apart by Origin.
 */
export function corsHeaders(allowed: readonly string[], origin: string | null): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": allowOrigin(allowed, origin),
    "Access-Control-Allow-Headers": ALLOWED_HEADERS,
    "Access-Control-Allow-Methods": ALLOWED_METHODS,
    Vary: "Origin",
  };
}
