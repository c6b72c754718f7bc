/**
 * `GET /health`, for load balancers and people. It stays 200 while the database is down:
 * tables keep playing and their records wait in the writer's queue, so taking the
 * process out of service would only end games that are fine. `db` and `queued` say how
 * the records are doing.
 */
import { matchMaker } from "@colyseus/core";
import type express from "express";
import type { RecordWriter } from "../storage/index.js";

/** The body of `GET /health`. */
export interface HealthAnswer {
  ok: true;
  rooms: number; // tables in this process
  clients: number; // connected clients in this process
  uptimeSeconds: number;
  db: "up" | "down"; // down from a failed record write until the next one succeeds
  queued: number; // hand records waiting to be written
  restore: "pending" | "done"; // the tables on record at start are back (pending while the database has not answered)
  journal: { db: "up" | "down"; pending: number }; // the tables' state on its way to the database: down means a crash now would lose what is played
}

export function healthRoute(app: express.Application, writer: RecordWriter, startedAt: number, tables: () => Pick<HealthAnswer, "restore" | "journal">): void {
  app.get("/health", (_req, res) => {
    const answer: HealthAnswer = {
      ok: true,
      rooms: matchMaker.stats.local.roomCount,
      clients: matchMaker.stats.local.ccu,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      ...writer.status(),
      ...tables(),
    };
    res.json(answer);
  });
}
