import { routeHref } from "../shell/route.js";

/**
 * The address of a recorded hand's replay page, on this client: `?game=<id>`, a link
 * anyone can open; `review` adds `&review=1`, which starts the analysis on arrival.
 */
export function replayLink(gameId: string, review = false): string {
  return routeHref({ kind: "replay", gameId, review }, location.pathname);
}
