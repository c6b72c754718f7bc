/**
 * Local hands on their way to the player's history: each finished hand is kept in
 * localStorage until the server has it (POST /api/local-games), so one played offline
 * goes up when the connection comes back, even after the tab was closed.
 */
import { encodeMoves, type LocalHandUpload } from "@yourtrumps/protocol";
import { ApiError } from "../net/api.js";
import type { FinishedLocalHand } from "./local-table.js";

const KEY = "yourtrumps.uploads";
const MAX_KEPT = 100; // a player offline for a hundred hands loses the oldest

/** The upload body of a finished local hand. */
export function uploadOf(f: FinishedLocalHand): LocalHandUpload {
  const { hand } = f;
  return {
    id: hand.id,
    players: hand.setup.players,
    seed: String(hand.setup.seed),
    dealer: hand.setup.dealer,
    trumps: hand.setup.trumps.slice(),
    level: f.level,
    moves: encodeMoves(hand.log),
    moveTimes: hand.moveTimes.map((t) => Math.round(t)),
    startedAt: Math.round(hand.startedAt),
    endedAt: Math.round(Math.max(f.endedAt, hand.startedAt)),
  };
}

export function pendingUploads(storage: Storage): LocalHandUpload[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(KEY) ?? "[]");
    return Array.isArray(value) ? (value as LocalHandUpload[]) : []; // the server checks every field of what is sent
  } catch {
    return [];
  }
}

function keep(storage: Storage, uploads: LocalHandUpload[]): void {
  try {
    if (uploads.length === 0) storage.removeItem(KEY);
    else storage.setItem(KEY, JSON.stringify(uploads.slice(-MAX_KEPT)));
  } catch {
    // A full storage loses the hand for the history only.
  }
}

export function queueUpload(storage: Storage, f: FinishedLocalHand): void {
  keep(storage, [...pendingUploads(storage), uploadOf(f)]);
}

/**
 * Sends the kept hands, oldest first, through `post`; stops at the first that fails for
 * a reason that may pass (no connection, the database down, the rate limit, a token the
 * server does not know now) and drops one the server refuses for good (it can never be
 * recorded). Resolves with how many the server took.
 */
export async function sendUploads(storage: Storage, post: (u: LocalHandUpload) => Promise<unknown>): Promise<number> {
  let sent = 0;
  for (const upload of pendingUploads(storage)) {
    try {
      await post(upload);
      sent++;
    } catch (e) {
      const forGood =
        e instanceof ApiError &&
        e.failure !== "unreachable" &&
        e.failure !== "unauthorized" &&
        e.status >= 400 &&
        e.status < 500 &&
        e.status !== 429 &&
        e.status !== 408;
      if (!forGood) return sent;
    }
    keep(
      storage,
      pendingUploads(storage).filter((u) => u.id !== upload.id),
    );
  }
  return sent;
}
