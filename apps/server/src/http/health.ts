/**
 * `GET /health`, for load balancers and people. It stays 200 while the database is down:
 * tables keep playing and their records wait in the writer's queue, so taking the
 * process out of service would only end games that are fine. `db`, `store` and `queued`
 * say how the records are doing.
 */
import { matchMaker } from "@colyseus/core";
import type express from "express";
import type { RecordWriter } from "../records/record-writer.js";
import type { StoreState } from "../storage/index.js";

/**
 * Fields that other parts of the server add through `HealthSources.extra`, each absent
 * until its provider is plugged in. A new one is declared here, so this file stays the one
 * contract of the answer.
 */
export interface HealthExtra {
  restore?: "pending" | "done"; // the tables in play at the last stop: being restored (the database has not answered yet), or all back
  journal?: { db: "up" | "down"; pending: number }; // the tables' state on its way to the database: down means a crash now would lose what is played since
}

/** The body of `GET /health`. */
export interface HealthAnswer extends HealthExtra {
  ok: true;
  rooms: number; // tables in this process
  clients: number; // connected clients in this process
  uptimeSeconds: number;
  db: "up" | "down"; // down while the store is connecting, and from a failed record write until the next one succeeds
  store: StoreState; // connecting: the database has not been reached and migrated since the start (storage/store-when-up.ts)
  queued: number; // hand records waiting to be written
}

/** What the answer is made from. */
export interface HealthSources {
  writer: RecordWriter;
  startedAt: number; // Date.now() at the start
  storeState: () => StoreState;
  extra?: () => HealthExtra; // asked on every request; its fields cannot replace the ones above
}

export function healthRoute(app: express.Application, sources: HealthSources): void {
  app.get("/health", (_req, res) => {
    const records = sources.writer.status();
    const store = sources.storeState();
    const answer: HealthAnswer = {
      ...sources.extra?.(),
      ok: true,
      rooms: matchMaker.stats.local.roomCount,
      clients: matchMaker.stats.local.ccu,
      uptimeSeconds: Math.round((Date.now() - sources.startedAt) / 1000),
      db: store === "up" ? records.db : "down",
      store,
      queued: records.queued,
    };
    res.json(answer);
  });
}
