import { randomUUID } from "node:crypto";
import { greedyMove } from "@yourtrumps/ai";
import { applyMove, newHand, viewFor, type Hand } from "@yourtrumps/engine";
import { encodeMoves, type Level, type LocalHandUpload } from "@yourtrumps/protocol";

/** A finished hand dealt in a page, as `POST /api/local-games` takes it (a new id, played up to now). */
export function localUpload(hand: Hand, level: Level): LocalHandUpload {
  if (hand.setup.kind !== "deal") throw new Error("a dealt hand");
  const now = Date.now();
  return {
    id: randomUUID(),
    players: hand.setup.players,
    seed: String(hand.setup.seed),
    dealer: hand.setup.dealer,
    trumps: hand.setup.trumps,
    level,
    moves: encodeMoves(hand.log),
    moveTimes: hand.log.map((_, i) => i * 100),
    startedAt: now - hand.log.length * 100,
    endedAt: now,
  };
}

/**
 * A hand the player of `token` played in a page against the computer, put on record through
 * the API (`POST /api/local-games`, which replays it): its id, for the replay page `?game=<id>`.
 */
export async function handOnRecord(serverUrl: string, token: string): Promise<string> {
  let h = newHand({ players: 2, seed: "5eed1e7a" }); // a page's local hands are dealt from hex seeds
  while (h.result === null) {
    const r = applyMove(h, greedyMove(viewFor(h, h.toMove)));
    if (!r.ok) throw new Error(r.error.message);
    h = r.hand;
  }
  const upload = localUpload(h, "easy");
  const res = await fetch(`${serverUrl}/api/local-games`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(upload),
  });
  if (!res.ok) throw new Error(`POST /api/local-games: ${res.status} ${await res.text()}`);
  return upload.id;
}
