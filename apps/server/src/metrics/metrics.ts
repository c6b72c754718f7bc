/**
 * The server's Prometheus metrics, on one registry per process (as Colyseus' matchmaker is one per
 * process: a process serves one game server). Counters and histograms are updated where things
 * happen — a move, a refusal, a commit, a query, a request — at the cost of a few additions each;
 * gauges of what exists now (rooms, clients, tables by mode and phase, players online, seeks, the
 * database's state) are read only when Prometheus scrapes (census.ts), so an idle metric costs
 * nothing between scrapes.
 *
 * Labels have few values each, fixed by the code (a mode, a phase, a refusal code, a route
 * template, a status): never a player, a room or a hand id, so the number of series stays bounded
 * however many people play.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export const registry = new Registry();
const PREFIX = "yourtrumps_";

// The process: CPU, resident and heap memory, event-loop delay, garbage collections, handles.
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

/** Fast operations: a move's way to its patch, a commit, a query (seconds, 1 ms to 5 s). */
const FAST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export const moves = new Counter({
  name: `${PREFIX}moves_total`,
  help: "Moves played at tables, by who made them (person, computer, or the clock for a person out of time)",
  labelNames: ["by"] as const, // "person" | "computer" | "clock"
  registers: [registry],
});

export const moveToPatch = new Histogram({
  name: `${PREFIX}move_to_patch_seconds`,
  help: "From a move landing at its table to the patch showing it going out (its journal commit included)",
  buckets: FAST_BUCKETS,
  registers: [registry],
});

export const handsRecorded = new Counter({
  name: `${PREFIX}hands_recorded_total`,
  help: "Hands written to the database, by table mode and how they ended",
  labelNames: ["mode", "result"] as const, // mode: "quick" | "private" | "computer" | "local"; result: "won" | "draw" | "abandoned"
  registers: [registry],
});

export const hints = new Counter({
  name: `${PREFIX}hints_total`,
  help: "Hints asked for, by outcome",
  labelNames: ["outcome"] as const, // "given" | "none" | "failed"
  registers: [registry],
});

export const refusals = new Counter({
  name: `${PREFIX}refusals_total`,
  help: "Client messages refused at tables, by error code",
  labelNames: ["code"] as const, // the protocol's error codes (a fixed set)
  registers: [registry],
});

export const rateLimited = new Counter({
  name: `${PREFIX}rate_limited_total`,
  help: "Requests and messages refused for exceeding a rate limit, by bucket",
  labelNames: ["bucket"] as const, // "messages" | "reactions" | "matchmake" | "api" | "code-misses"
  registers: [registry],
});

export const journalCommit = new Histogram({
  name: `${PREFIX}journal_commit_seconds`,
  help: "One group commit of the tables' journal",
  labelNames: ["outcome"] as const, // "ok" | "failed"
  buckets: FAST_BUCKETS,
  registers: [registry],
});

export const queryDuration = new Histogram({
  name: `${PREFIX}db_query_seconds`,
  help: "Database queries, by outcome",
  labelNames: ["outcome"] as const, // "ok" | "error"
  buckets: FAST_BUCKETS,
  registers: [registry],
});

export const pgliteRestarts = new Counter({
  name: `${PREFIX}pglite_thread_restarts_total`,
  help: "Times the embedded database's thread died and was started again",
  registers: [registry],
});

export const httpRequests = new Counter({
  name: `${PREFIX}http_requests_total`,
  help: "HTTP requests answered, by method, route template and status",
  labelNames: ["method", "route", "status"] as const, // route: http/route-label.ts's fixed set
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: `${PREFIX}http_request_seconds`,
  help: "HTTP requests, from arrival to the last byte of the answer, by route template",
  labelNames: ["route"] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const presenceChanges = new Counter({
  name: `${PREFIX}presence_pages_total`,
  help: "Pages connecting to and leaving the presence room",
  labelNames: ["event"] as const, // "arrived" | "left" | "expired" (a crashed process's, swept)
  registers: [registry],
});

export const arenasDirected = new Gauge({
  name: `${PREFIX}arenas_directed`,
  help: "Arenas this process directs now (it holds their lease)",
  registers: [registry],
});

export const arenaPairings = new Counter({
  name: `${PREFIX}arena_pairings_total`,
  help: "Arena pairings made by this process's directors",
  registers: [registry],
});

export const arenaResults = new Counter({
  name: `${PREFIX}arena_results_total`,
  help: "Arena hands whose result this process's directors heard",
  registers: [registry],
});

export const arenaWait = new Histogram({
  name: `${PREFIX}arena_wait_seconds`,
  help: "An arena player's wait from ready to paired",
  buckets: [0.1, 0.5, 1, 2, 5, 10, 20, 30, 60, 120],
  registers: [registry],
});

export const arenaPass = new Histogram({
  name: `${PREFIX}arena_pairing_pass_seconds`,
  help: "An arena pairing pass's event-loop time (the pairs chosen, before their tables are made)",
  buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1],
  registers: [registry],
});
