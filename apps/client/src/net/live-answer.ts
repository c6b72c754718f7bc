/** Reads `GET /api/live` (players online, open seeks) and `GET /api/presence` field by field: a body the server changed never reaches the lobby as `any`. */
import type { LiveAnswer, PresenceStatus, Seek, SeekSeat } from "@yourtrumps/protocol";
import { fields, list, num, str } from "./read.js";

function readSeat(x: unknown): SeekSeat {
  const f = fields<SeekSeat>(x);
  return { name: str(f.name), playerId: typeof f.playerId === "string" ? f.playerId : null, rating: num(f.rating, 0) };
}

function readSeek(x: unknown): Seek | null {
  const f = fields<Seek>(x);
  const roomId = str(f.roomId);
  if (roomId === "") return null;
  return {
    roomId,
    players: num(f.players, 2),
    seated: list(f.seated).map(readSeat),
    since: num(f.since, 0),
    meanwhile: f.meanwhile === true,
  };
}

/** The part of the answer the lobby's counts and seeks use (the live tables come through the live room: live-tables.ts). */
export type LiveCounts = Pick<LiveAnswer, "online" | "seeks">;

export function readLive(body: unknown): LiveCounts | null {
  const f = fields<LiveAnswer>(body);
  if (typeof f.online !== "number") return null;
  return {
    online: f.online,
    seeks: list(f.seeks)
      .map(readSeek)
      .filter((s): s is Seek => s !== null),
  };
}

/** `{ players: { id: "online" | "offline" } }`: anything else reads as offline. */
export function readPresence(body: unknown): Record<string, PresenceStatus> | null {
  const players = fields<{ players: unknown }>(body).players;
  if (players === null || typeof players !== "object") return null;
  return Object.fromEntries(
    Object.entries(players).map(([id, mark]) => [id, mark === "online" || mark === "playing" ? mark : "offline"]),
  );
}
