import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RecordWriter } from "../records/record-writer.js";
import { healthRoute, type HealthAnswer, type HealthExtra } from "./health.js";
import { silentLogger } from "../logging/logger.js";

let base: string;
let close: () => void;
let storeState: "up" | "connecting" = "connecting";
let extra: HealthExtra & { ok?: unknown } = {};
beforeAll(async () => {
  const app = express();
  const writer = new RecordWriter(() => Promise.reject(new Error("no database in this test")), { log: silentLogger() });
  healthRoute(app, { writer, startedAt: Date.now(), storeState: () => storeState, extra: () => extra });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const health = async (): Promise<HealthAnswer> => (await (await fetch(`${base}/health`)).json()) as HealthAnswer;

describe("GET /health", () => {
  it("says db down while the store is connecting, though no record write has failed", async () => {
    storeState = "connecting";
    expect(await health()).toMatchObject({ ok: true, db: "down", store: "connecting", queued: 0 });
    storeState = "up";
    expect(await health()).toMatchObject({ db: "up", store: "up" });
  });

  it("adds what the extra provider says on each request, without letting it replace a field of its own", async () => {
    expect((await health()).restore).toBeUndefined();
    extra = { restore: "pending", ok: false };
    expect(await health()).toMatchObject({ ok: true, restore: "pending" });
    extra = { restore: "done" };
    expect((await health()).restore).toBe("done");
  });
});
