/** CORS for the matchmaking and health routes, so a separately hosted client can reach us. */

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
