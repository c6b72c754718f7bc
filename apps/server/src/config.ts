/** Reads the process environment into server options (the contract other packages spawn us with). */
import { DEFAULT_HTTP_LIMITS, type HttpLimits } from "./http/front-door.js";
import { DEFAULT_RELYING_PARTY, type RelyingParty } from "./accounts/relying-party.js";
import { DEFAULT_DATA_DIR, storageConfigProblem } from "./storage/index.js";
import { COMPUTER_TABLES_PER_WORKER, DEFAULT_TABLES_PER } from "./table/table-limits.js";
import { LOG_LEVELS, type LogLevel } from "./logging/logger.js";

export interface EnvConfig {
  port: number; // PORT, default 2567
  fillAfterSeconds: number; // FILL_AFTER_SECONDS, default 15
  reconnectSeconds: number; // RECONNECT_SECONDS, default 60
  turnSeconds: number; // TURN_SECONDS, default 30 (human tables; 0 = no clock)
  aiDelayMs: number; // AI_DELAY_MS, default 700
  aiWorkers: number; // AI_WORKERS, default 1: worker threads for computer players
  aiThinkMs: number; // AI_THINK_MS, default 1000: a computer move's search ends by this long after AI_DELAY_MS, however busy the workers
  maxComputerTables: number; // MAX_COMPUTER_TABLES, default COMPUTER_TABLES_PER_WORKER × AI_WORKERS: beyond it new computer tables are refused "server-busy"
  computerTablesPerAddress: number; // COMPUTER_TABLES_PER_ADDRESS, default 4
  computerTablesPerPlayer: number; // COMPUTER_TABLES_PER_PLAYER, default 2
  messagesPerSecond: number; // MESSAGES_PER_SECOND, default 20: per client before messages are dropped
  clientDist: string | undefined; // CLIENT_DIST, default ../client/dist beside apps/server
  corsOrigins: string[]; // CORS_ORIGINS, comma-separated; ["*"] = any
  redisUrl: string | undefined; // REDIS_URL: share matchmaking between processes
  publicAddress: string | undefined; // PUBLIC_ADDRESS: host[:port][/path] clients reach this process at (with REDIS_URL)
  databaseUrl: string | undefined; // DATABASE_URL: postgres://…; unset = embedded PGlite (one process only, so required with REDIS_URL)
  dataDir: string; // DATA_DIR, default ./data: PGlite's home, created on start
  trustProxy: number; // TRUST_PROXY, default 0: how many proxies of ours append to X-Forwarded-For (0 = the header is not read)
  seatReservationSeconds: number; // SEAT_RESERVATION_SECONDS, default 5: a reserved seat whose client has not connected by then is free again
  journalBatchMs: number; // JOURNAL_BATCH_MS, default 100: the longest a move waits to be written (and its patch with it) while fewer than 64 wait
  privateWaitMinutes: number; // PRIVATE_WAIT_MINUTES, default 30: a private table still waiting for its players after this is closed
  logLevel: LogLevel; // LOG_LEVEL, default info: trace | debug | info | warn | error | fatal | silent
  metricsToken: string | undefined; // METRICS_TOKEN: GET /metrics on PORT answers `Authorization: Bearer <it>` only (at least 16 characters)
  metricsPort: number | undefined; // METRICS_PORT: GET /metrics on 127.0.0.1 at this port, without a token
  relyingParty: RelyingParty; // RP_ID (default localhost), RP_NAME, RP_ORIGINS (comma-separated): the site passkeys are made for
  arenaMinMinutes: number; // ARENA_MIN_MINUTES, default 20: the shortest arena POST /api/arenas takes (lowered for tests)
  arenaSchedule: boolean; // ARENA_SCHEDULE, default on ("0", "false", "off" turn it off): the server makes an hourly and a daily arena
  httpLimits: HttpLimits; // MATCHMAKE_PER_MINUTE (60), API_PER_MINUTE (300), CODE_MISSES_PER_HOUR (30): per client address
}

/** Thrown for an environment variable that is set to something unusable. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

function number(env: NodeJS.ProcessEnv, key: string, fallback: number, min: number, max: number): number {
  const raw = env[key];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max)
    throw new ConfigError(`${key} must be a number from ${min} to ${max} (got "${raw}")`);
  return value;
}

function flag(env: NodeJS.ProcessEnv, key: string, fallback: boolean): boolean {
  const raw = env[key]?.trim().toLowerCase();
  if (raw === undefined || raw === "") return fallback;
  if (["1", "true", "on", "yes"].includes(raw)) return true;
  if (["0", "false", "off", "no"].includes(raw)) return false;
  throw new ConfigError(`${key} must be on or off (1/0, true/false, on/off, yes/no; got "${env[key]}")`);
}

/** The per-address HTTP limits: bursts of half a minute's allowance (code misses: 10 at once, then so many an hour). */
function httpLimits(env: NodeJS.ProcessEnv): HttpLimits {
  const d = DEFAULT_HTTP_LIMITS;
  const perMinute = (key: string, fallback: number): { burst: number; perMinute: number } => {
    const value = number(env, key, fallback, 1, 1_000_000);
    return { burst: Math.max(1, Math.round(value / 2)), perMinute: value };
  };
  return {
    matchmake: perMinute("MATCHMAKE_PER_MINUTE", d.matchmake.perMinute),
    api: perMinute("API_PER_MINUTE", d.api.perMinute),
    codeMisses: {
      burst: d.codeMisses.burst,
      perMinute: number(env, "CODE_MISSES_PER_HOUR", d.codeMisses.perMinute * 60, 1, 1_000_000) / 60,
    },
  };
}

function logLevel(env: NodeJS.ProcessEnv): LogLevel {
  const raw = env.LOG_LEVEL?.trim().toLowerCase() || "info";
  const level = LOG_LEVELS.find((l) => l === raw);
  if (level === undefined) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")} (got "${raw}")`);
  return level;
}

/** A bearer token for the metrics: long enough not to be guessed; never echoed. */
function metricsToken(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.METRICS_TOKEN?.trim();
  if (!raw) return undefined;
  if (raw.length < 16 || /\s/.test(raw))
    throw new ConfigError(
      "METRICS_TOKEN must be at least 16 characters without spaces (openssl rand -hex 24 makes one)",
    );
  return raw;
}

/** The WebAuthn relying party: an RP_ID is a host name (never an IP address, which browsers refuse), RP_ORIGINS its exact origins. */
function relyingParty(env: NodeJS.ProcessEnv): RelyingParty {
  const id = env.RP_ID?.trim() || DEFAULT_RELYING_PARTY.id;
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*$/i.test(id) || /^[0-9.]+$/.test(id) || id.includes(":"))
    throw new ConfigError(`RP_ID must be a host name such as yourtrumps.example, not an address (got "${id}")`);
  const origins = (env.RP_ORIGINS ?? "")
    .split(",")
    .map((o) => o.trim())
    .filter((o) => o !== "");
  for (const origin of origins) {
    let url: URL | null;
    try {
      url = new URL(origin);
    } catch {
      url = null;
    }
    if (url === null || url.origin !== origin || !(url.hostname === id || url.hostname.endsWith(`.${id}`)))
      throw new ConfigError(`RP_ORIGINS must list origins such as https://${id} on RP_ID's host (got "${origin}")`);
  }
  return { id, name: env.RP_NAME?.trim() || DEFAULT_RELYING_PARTY.name, origins: origins.length > 0 ? origins : null };
}

/** Parses `env`; throws ConfigError naming the first bad variable. */
export function readEnv(env: NodeJS.ProcessEnv): EnvConfig {
  const aiWorkers = number(env, "AI_WORKERS", 1, 1, 64);
  const origins = (env.CORS_ORIGINS ?? "*")
    .split(",")
    .map((o) => o.trim())
    .filter((o) => o !== "");
  const config: EnvConfig = {
    port: number(env, "PORT", 2567, 0, 65535),
    fillAfterSeconds: number(env, "FILL_AFTER_SECONDS", 15, 0, 3600),
    reconnectSeconds: number(env, "RECONNECT_SECONDS", 60, 0, 3600),
    turnSeconds: number(env, "TURN_SECONDS", 30, 0, 3600),
    aiDelayMs: number(env, "AI_DELAY_MS", 700, 0, 60_000),
    aiWorkers,
    aiThinkMs: number(env, "AI_THINK_MS", 1000, 0, 60_000),
    maxComputerTables: number(env, "MAX_COMPUTER_TABLES", COMPUTER_TABLES_PER_WORKER * aiWorkers, 0, 100_000),
    computerTablesPerAddress: number(env, "COMPUTER_TABLES_PER_ADDRESS", DEFAULT_TABLES_PER.address, 0, 100_000),
    computerTablesPerPlayer: number(env, "COMPUTER_TABLES_PER_PLAYER", DEFAULT_TABLES_PER.player, 0, 100_000),
    messagesPerSecond: number(env, "MESSAGES_PER_SECOND", 20, 1, 100_000),
    clientDist: env.CLIENT_DIST?.trim() || undefined,
    corsOrigins: origins.length > 0 ? origins : ["*"],
    redisUrl: env.REDIS_URL?.trim() || undefined,
    publicAddress: env.PUBLIC_ADDRESS?.trim() || undefined,
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    dataDir: env.DATA_DIR?.trim() || DEFAULT_DATA_DIR,
    trustProxy: number(env, "TRUST_PROXY", 0, 0, 10),
    seatReservationSeconds: number(env, "SEAT_RESERVATION_SECONDS", 5, 1, 60),
    journalBatchMs: number(env, "JOURNAL_BATCH_MS", 100, 0, 100),
    privateWaitMinutes: number(env, "PRIVATE_WAIT_MINUTES", 30, 1, 24 * 60),
    arenaMinMinutes: number(env, "ARENA_MIN_MINUTES", 20, 1, 20),
    arenaSchedule: flag(env, "ARENA_SCHEDULE", true),
    httpLimits: httpLimits(env),
    logLevel: logLevel(env),
    metricsToken: metricsToken(env),
    metricsPort: env.METRICS_PORT?.trim() ? number(env, "METRICS_PORT", 0, 1, 65535) : undefined,
    relyingParty: relyingParty(env),
  };
  // Never echoes DATABASE_URL: it usually carries a password.
  const storageProblem = storageConfigProblem(config);
  if (storageProblem !== null) throw new ConfigError(storageProblem);
  return config;
}
