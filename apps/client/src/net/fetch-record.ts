import { ApiError, type Api } from "./api.js";
import type { GameRecord } from "./game-record.js";

/** A record may still be on its way to the database when the hand has just ended (or Review was pressed at once). */
const NOT_FOUND_RETRIES = 8;
const RETRY_MS = 750;

/** `GET /api/games/:id`, asked again while the server says it has no such record yet; rejects as the API does. */
export async function fetchRecord(api: Api, id: string): Promise<GameRecord> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await api.game(id);
    } catch (e: unknown) {
      if (!(e instanceof ApiError && e.failure === "not-found" && attempt < NOT_FOUND_RETRIES)) throw e;
      await new Promise((ok) => setTimeout(ok, RETRY_MS));
    }
  }
}
