/**
 * History pages are keyed, not numbered: a cursor names the last row of the previous
 * page (ended_at, game id, seat), and the next page starts strictly after it. Pages stay
 * correct while new hands are recorded, and each is one range of the history index.
 * The cursor is opaque to clients (base64url JSON) so its contents can change.
 */

export interface HistoryKey {
  endedAt: Date; // milliseconds, as written
  gameId: string;
  seat: number; // one person may hold two seats of an unrated table
}

/** A bad `before` or `limit`; the HTTP API answers 400 with the message. */
export class HistoryQueryError extends Error {
  override name = "HistoryQueryError";
  constructor(
    readonly field: "before" | "limit",
    message: string,
  ) {
    super(message);
  }
}

export function encodeCursor(key: HistoryKey): string {
  return Buffer.from(JSON.stringify([key.endedAt.getTime(), key.gameId, key.seat])).toString("base64url");
}

export function decodeCursor(cursor: string): HistoryKey {
  const bad = (): never => {
    throw new HistoryQueryError("before", "before must be a cursor returned as `next` by this API");
  };
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(cursor)) bad();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    return bad();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) return bad();
  const [ms, gameId, seat] = parsed as unknown[];
  if (!Number.isSafeInteger(ms) || typeof gameId !== "string" || gameId.length === 0 || !Number.isInteger(seat))
    return bad();
  const endedAt = new Date(ms as number);
  if (Number.isNaN(endedAt.getTime())) return bad();
  return { endedAt, gameId, seat: seat as number };
}
