/**
 * `GET /api/live`: players online now (pages with an identity connected to the presence
 * room, counted in Colyseus' presence) and the open seeks — quick-match tables with people
 * waiting, read from the rooms' metadata with `matchMaker.query`, so both span every
 * process sharing Redis. Nothing personal beyond a seated player's name, id and rating:
 * never a token, a session or an address.
 */
import type express from "express";
import { matchMaker } from "@colyseus/core";
import { ROOM_NAME, type LiveAnswer, type Seek } from "@yourtrumps/protocol";
import type { SeekMetadata } from "../room/seek-listing.js";
import { OnlinePlayers } from "../presence/online-players.js";
import { methodNotAllowed } from "./errors.js";

/** The open seeks, oldest first. */
export async function openSeeks(): Promise<Seek[]> {
  const rooms = await matchMaker.query({ name: ROOM_NAME, locked: false, private: false });
  const seeks: Seek[] = [];
  for (const room of rooms) {
    const m = room.metadata as Partial<SeekMetadata & { mode: string; players: number }> | undefined;
    if (m?.mode !== "quick" || !Array.isArray(m.seated) || m.seated.length === 0 || typeof m.players !== "number") continue;
    seeks.push({ roomId: room.roomId, players: m.players, seated: m.seated, since: m.since ?? 0, meanwhile: m.meanwhile === true });
  }
  return seeks.sort((a, b) => a.since - b.since);
}

export function liveSeekRoutes(router: express.Router): void {
  router
    .route("/live")
    .get(async (_req, res) => {
      const [online, seeks] = await Promise.all([new OnlinePlayers(matchMaker.presence).count(), openSeeks()]);
      res.set("Cache-Control", "no-store").json({ online, seeks } satisfies LiveAnswer);
    })
    .all(methodNotAllowed("GET"));
}
