import { describe, expect, it } from "vitest";
import { ConfigError, readEnv } from "./config.js";
import { allowOrigin } from "./cors.js";

describe("environment", () => {
  it("has the documented defaults", () => {
    expect(readEnv({})).toEqual({
      port: 2567,
      fillAfterSeconds: 15,
      reconnectSeconds: 60,
      turnSeconds: 30,
      aiDelayMs: 700,
      aiWorkers: 1,
      messagesPerSecond: 20,
      clientDist: undefined,
      corsOrigins: ["*"],
      redisUrl: undefined,
      publicAddress: undefined,
    });
  });

  it("reads every variable", () => {
    const c = readEnv({ PORT: "3000", FILL_AFTER_SECONDS: "2.5", RECONNECT_SECONDS: "5", TURN_SECONDS: "0", AI_DELAY_MS: "10", AI_WORKERS: "2", MESSAGES_PER_SECOND: "50", CLIENT_DIST: "/srv/client", CORS_ORIGINS: "https://a.example, https://b.example", REDIS_URL: "redis://r:6379", PUBLIC_ADDRESS: "game1.example:443" });
    expect(c).toMatchObject({ port: 3000, fillAfterSeconds: 2.5, turnSeconds: 0, aiWorkers: 2, messagesPerSecond: 50, clientDist: "/srv/client", corsOrigins: ["https://a.example", "https://b.example"], redisUrl: "redis://r:6379", publicAddress: "game1.example:443" });
  });

  it("refuses nonsense", () => {
    expect(() => readEnv({ PORT: "abc" })).toThrow(ConfigError);
    expect(() => readEnv({ TURN_SECONDS: "-1" })).toThrow(/TURN_SECONDS/);
  });

  it("answers CORS for allowed origins only", () => {
    expect(allowOrigin(["*"], "https://x.example")).toBe("https://x.example");
    expect(allowOrigin(["*"], null)).toBe("*");
    expect(allowOrigin(["https://a.example"], "https://a.example")).toBe("https://a.example");
    expect(allowOrigin(["https://a.example"], "https://x.example")).toBe("https://a.example");
  });
});
