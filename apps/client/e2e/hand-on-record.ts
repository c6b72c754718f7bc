import { randomUUID } from "node:crypto";
import { greedyMove } from "@yourtrumps/ai";
import { applyMove, newHand, viewFor } from "@yourtrumps/engine";
import { encodeMoves } from "@yourtrumps/protocol";

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
  if (h.setup.kind !== "deal") throw new Error("a dealt hand");
  const id = randomUUID();
  const now = Date.now();
  const upload = {
    id,
    players: 2,
    seed: String(h.setup.seed),
    dealer: h.setup.dealer,
    trumps: h.setup.trumps,
    level: "easy",
    moves: encodeMoves(h.log),
    moveTimes: h.log.map((_, i) => i * 100),
    startedAt: now - h.log.length * 100,
    endedAt: now,
  };
  const res = await fetch(`${serverUrl}/api/local-games`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(upload),
  });
  if (!res.ok) throw new Error(`POST /api/local-games: ${res.status} ${await res.text()}`);
  return id;
}
