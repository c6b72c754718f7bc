import { describe, expect, it } from "vitest";
import { ConfigError, readEnv } from "./config.js";
import { corsHeaders } from "./http/cors.js";
import { COMPUTER_TABLES_PER_WORKER, DEFAULT_TABLES_PER } from "./table/table-limits.js";
import { DEFAULT_RELYING_PARTY } from "./accounts/relying-party.js";

describe("environment", () => {
  it("has the documented defaults", () => {
    expect(readEnv({})).toEqual({
      port: 2567,
      fillAfterSeconds: 15,
      reconnectSeconds: 60,
      turnSeconds: 30,
      aiDelayMs: 700,
      aiWorkers: 1,
      aiThinkMs: 1000,
      maxComputerTables: COMPUTER_TABLES_PER_WORKER,
      computerTablesPerAddress: DEFAULT_TABLES_PER.address,
      computerTablesPerPlayer: DEFAULT_TABLES_PER.player,
      messagesPerSecond: 20,
      clientDist: undefined,
      corsOrigins: ["*"],
      redisUrl: undefined,
      publicAddress: undefined,
      databaseUrl: undefined,
      dataDir: "./data",
      trustProxy: 0,
      seatReservationSeconds: 5,
      journalBatchMs: 100,
      privateWaitMinutes: 30,
      arenaMinMinutes: 20,
      arenaSchedule: true,
      httpLimits: {
        matchmake: { burst: 30, perMinute: 60 },
        api: { burst: 150, perMinute: 300 },
        codeMisses: { burst: 10, perMinute: 0.5 },
      },
      relyingParty: { ...DEFAULT_RELYING_PARTY, origins: null },
      logLevel: "info",
      metricsToken: undefined,
      metricsPort: undefined,
    });
  });

  it("reads LOG_LEVEL, METRICS_TOKEN and METRICS_PORT, refusing a level it does not know and a short token", () => {
    const c = readEnv({ LOG_LEVEL: "DEBUG", METRICS_TOKEN: "0123456789abcdef0123", METRICS_PORT: "9464" });
    expect([c.logLevel, c.metricsToken, c.metricsPort]).toEqual(["debug", "0123456789abcdef0123", 9464]);
    expect(() => readEnv({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL must be one of/);
    expect(() => readEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(() => readEnv({ METRICS_PORT: "70000" })).toThrow(/METRICS_PORT must be a number/);
  });

  it("reads the passkeys' relying party, and refuses an address for an id or an origin on another host", () => {
    expect(
      readEnv({ RP_ID: "yourtrumps.example", RP_ORIGINS: "https://yourtrumps.example, https://www.yourtrumps.example" })
        .relyingParty,
    ).toEqual({
      id: "yourtrumps.example",
      name: "Your Trumps",
      origins: ["https://yourtrumps.example", "https://www.yourtrumps.example"],
    });
    expect(() => readEnv({ RP_ID: "192.168.1.5" })).toThrow(/RP_ID must be a host name/);
    expect(() => readEnv({ RP_ID: "yourtrumps.example", RP_ORIGINS: "https://evil.example" })).toThrow(/RP_ORIGINS/);
    expect(() => readEnv({ RP_ID: "yourtrumps.example", RP_ORIGINS: "https://yourtrumps.example/path" })).toThrow(
      /RP_ORIGINS/,
    );
  });

  it("reads every variable", () => {
    const c = readEnv({
      PORT: "3000",
      FILL_AFTER_SECONDS: "2.5",
      RECONNECT_SECONDS: "5",
      TURN_SECONDS: "0",
      AI_DELAY_MS: "10",
      AI_WORKERS: "2",
      AI_THINK_MS: "400",
      COMPUTER_TABLES_PER_ADDRESS: "2",
      COMPUTER_TABLES_PER_PLAYER: "1",
      TRUST_PROXY: "2",
      MESSAGES_PER_SECOND: "50",
      CLIENT_DIST: "/srv/client",
      CORS_ORIGINS: "https://a.example, https://b.example",
      REDIS_URL: "redis://r:6379",
      PUBLIC_ADDRESS: "game1.example:443",
      DATABASE_URL: "postgres://yt:secret@db:5432/yourtrumps",
      DATA_DIR: "/var/lib/yourtrumps",
      JOURNAL_BATCH_MS: "0",
    });
    expect(c).toMatchObject({
      journalBatchMs: 0,
      port: 3000,
      fillAfterSeconds: 2.5,
      turnSeconds: 0,
      aiWorkers: 2,
      aiThinkMs: 400,
      maxComputerTables: 2 * COMPUTER_TABLES_PER_WORKER,
      computerTablesPerAddress: 2,
      computerTablesPerPlayer: 1,
      trustProxy: 2,
      messagesPerSecond: 50,
      clientDist: "/srv/client",
      corsOrigins: ["https://a.example", "https://b.example"],
      redisUrl: "redis://r:6379",
      publicAddress: "game1.example:443",
      databaseUrl: "postgres://yt:secret@db:5432/yourtrumps",
      dataDir: "/var/lib/yourtrumps",
    });
  });

  it("takes a blank DATABASE_URL or DATA_DIR as unset", () => {
    expect(readEnv({ DATABASE_URL: "  ", DATA_DIR: "" })).toMatchObject({ databaseUrl: undefined, dataDir: "./data" });
  });

  it("refuses REDIS_URL without DATABASE_URL, naming the variable: the embedded database belongs to one process", () => {
    expect(() => readEnv({ REDIS_URL: "redis://r:6379" })).toThrow(ConfigError);
    expect(() => readEnv({ REDIS_URL: "redis://r:6379", DATABASE_URL: " " })).toThrow(/REDIS_URL is set.*DATABASE_URL/);
    expect(readEnv({ REDIS_URL: "redis://r:6379", DATABASE_URL: "postgresql://db/yt" }).databaseUrl).toBe(
      "postgresql://db/yt",
    );
  });

  it("refuses a DATABASE_URL that is not PostgreSQL's, without printing it (it holds a password)", () => {
    let message = "";
    try {
      readEnv({ DATABASE_URL: "mysql://yt:hunter2@db/yt" });
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      message = (e as Error).message;
    }
    expect(message).toMatch(/^DATABASE_URL must be a PostgreSQL URL/);
    expect(message).not.toContain("hunter2");
  });

  it("refuses nonsense", () => {
    expect(() => readEnv({ PORT: "abc" })).toThrow(ConfigError);
    expect(() => readEnv({ TURN_SECONDS: "-1" })).toThrow(/TURN_SECONDS/);
    expect(() => readEnv({ JOURNAL_BATCH_MS: "250" })).toThrow(/JOURNAL_BATCH_MS must be a number from 0 to 100/); // a patch waits for its group: longer would be felt
  });

  it("answers CORS: anyone without credentials under *, a listed origin echoed with credentials, others nothing", () => {
    expect(corsHeaders(["*"], "https://x.example")).toMatchObject({ "Access-Control-Allow-Origin": "*" });
    expect(corsHeaders(["*"], "https://x.example")["Access-Control-Allow-Credentials"]).toBeUndefined();
    expect(corsHeaders(["*"], null)["Access-Control-Allow-Origin"]).toBe("*");
    expect(corsHeaders(["https://a.example"], "https://a.example")).toMatchObject({
      "Access-Control-Allow-Origin": "https://a.example",
      "Access-Control-Allow-Credentials": "true",
    });
    expect(corsHeaders(["https://a.example"], "https://x.example")["Access-Control-Allow-Origin"]).toBeUndefined();
  });
});
