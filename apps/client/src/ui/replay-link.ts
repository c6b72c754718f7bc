/**
 * The address of a recorded hand's replay page, on this client: `?game=<id>`, a link
 * anyone can open; `review` adds `&review=1`, which starts the analysis on arrival.
 */
export function replayLink(gameId: string, review = false): string {
  const query = new URLSearchParams({ game: gameId });
  if (review) query.set("review", "1");
  return `${location.pathname}?${query}`;
}
