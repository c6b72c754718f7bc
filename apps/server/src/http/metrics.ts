/**
 * `GET /metrics`: the Prometheus text of metrics/ (metrics.ts, census.ts). What it shows — tables,
 * players online, the database's state — is for whoever runs the server, so it is never open:
 * with `METRICS_TOKEN` the main port answers it to `Authorization: Bearer <token>` only (401
 * otherwise); with `METRICS_PORT` a second listener on the loopback interface answers it to
 * whatever runs on that machine (a Prometheus agent beside the server); with neither it is 404.
 */
import { timingSafeEqual, createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type express from "express";
import { registry } from "../metrics/metrics.js";

/** Writes the registry's text as Prometheus reads it. */
async function answerMetrics(res: http.ServerResponse): Promise<void> {
  const text = await registry.metrics();
  res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" });
  res.end(text);
}

/** Whether `header` is `Bearer <token>`, compared in constant time (by their hashes, which have one length). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = /^Bearer (.+)$/i.exec(header ?? "")?.[1];
  if (sent === undefined) return false;
  const digest = (s: string): Buffer => createHash("sha256").update(s, "utf8").digest();
  return timingSafeEqual(digest(sent), digest(token));
}

/** Mounts `/metrics` on the main port, answered only to the bearer of `token` (with no token: not mounted). */
export function metricsRoute(app: express.Application, token: string | undefined): void {
  if (token === undefined) return;
  app.get("/metrics", (req, res, next) => {
    if (!bearerMatches(req.headers.authorization, token)) {
      res.status(401).set("WWW-Authenticate", 'Bearer realm="metrics"').json({ error: "metrics need METRICS_TOKEN" });
      return;
    }
    answerMetrics(res).catch(next);
  });
}

/** A listener on 127.0.0.1:`port` answering `GET /metrics` (anything else 404); resolves with it once listening. */
export async function startMetricsListener(port: number): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method === "GET" && (req.url ?? "").split("?")[0] === "/metrics")
      return void answerMetrics(res).catch(() => {
        res.writeHead(500).end();
      });
    res.writeHead(404, { "Content-Type": "text/plain" }).end("not found\n");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
