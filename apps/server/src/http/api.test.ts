import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { person, playedHand, recordOf } from "../storage/sample-hands.js";
import { boot, call } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";
import { temporaryPgliteStore } from "../test-kit/postgres.js";
import type { ErrorAnswer } from "./errors.js";
import type { HealthAnswer } from "./health.js";
import type { NewPlayerAnswer } from "./players.js";

const ORIGIN = "https://play.example";
let dist: string;
beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), "yt-client-"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Your Trumps</title>");
});
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
});
const h = useServer(() => ({ corsOrigins: [ORIGIN], clientDist: dist })); // serves the client in `dist`, closed before it goes

/** A POST whose body arrives in chunks, with no Content-Length to refuse it by. */
function chunkedPost(port: number, urlPath: string, chunks: string[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: urlPath,
        method: "POST",
        headers: { "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
      },
      (res) => {
        let body = "";
        res.on("data", (d: Buffer) => (body += d.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", (e: NodeJS.ErrnoException) =>
      e.code === "EPIPE" || e.code === "ECONNRESET" ? undefined : reject(e),
    ); // the server may stop reading once it has answered
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe("request bodies", () => {
  it("refuses a body over 16 KB with 413 before reading it as JSON, whether its length is declared or not", async () => {
    const big = JSON.stringify({ name: "x".repeat(17 * 1024) });
    const declared = await call<ErrorAnswer>(h.base, "POST", "/api/players", { body: big });
    expect(declared.status).toBe(413);
    expect(declared.body.error).toBe("the request body is larger than 16 KB");
    const chunked = await chunkedPost(h.server.port, "/api/players", [
      '{"name":"',
      ..."y"
        .repeat(40)
        .split("")
        .map(() => "y".repeat(1024)),
      '"}',
    ]);
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body)).toEqual({ error: "the request body is larger than 16 KB" });
  });

  it("reads a body up to the limit, and then it is the name that is refused", async () => {
    const r = await call<ErrorAnswer>(h.base, "PATCH", "/api/me", { body: { name: "x".repeat(16 * 1024 - 20) } });
    expect(r.status).toBe(401); // read and parsed; the token is what is missing
    const named = await call<ErrorAnswer>(h.base, "POST", "/api/players", {
      body: { name: "x".repeat(16 * 1024 - 20) },
    });
    expect(named.status).toBe(400);
    expect(named.body.error).toMatch(/^bad body field name/);
  });

  it("refuses malformed JSON and JSON that is no object with 400", async () => {
    for (const body of ["{not json", '{"name": "a"', "", "null", '"Ada"', "[]", "[{}]"]) {
      const r = await call<ErrorAnswer>(h.base, "POST", "/api/players", {
        body,
        headers: { "Content-Type": "application/json", ...(body === "" ? { "Content-Length": "0" } : {}) },
      });
      if (body === "") {
        expect(r.status, "an empty body is no body").toBe(201);
        continue;
      }
      expect(r.status, body).toBe(400);
      expect(r.body.error, body).toMatch(/not valid JSON|bad body/);
    }
  });

  it("refuses a body that is not JSON with 415", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const r = await call<ErrorAnswer>(h.base, "POST", "/api/players", {
        body: "name=Ada",
        headers: { "Content-Type": type },
      });
      expect(r.status, type).toBe(415);
      expect(r.body.error).toMatch(/Content-Type: application\/json/);
    }
  });
});

describe("paths", () => {
  it("answers an unknown API path with a JSON 404, not the web client's page", async () => {
    for (const p of ["/api", "/api/", "/api/nothing", "/api/players/x/y/z", "/api/games"]) {
      const r = await call<ErrorAnswer>(h.base, "GET", p, { headers: { Accept: "text/html" } });
      expect(r.status, p).toBe(404);
      expect(r.body.error, p).toMatch(/^there is no API call GET \/api/);
    }
    expect((await call<string>(h.base, "GET", "/some/page", { headers: { Accept: "text/html" } })).body).toContain(
      "Your Trumps",
    ); // the client still serves its links
  });

  it("answers another method of a known path with 405 and the methods it has", async () => {
    const cases: [string, string, string][] = [
      ["DELETE", "/api/me", "GET, PATCH"],
      ["PUT", "/api/players", "POST"],
      ["GET", "/api/players", "POST"],
      ["POST", "/api/leaderboard", "GET"],
      ["DELETE", "/api/games/x", "GET"],
    ];
    for (const [method, p, allow] of cases) {
      const r = await call<ErrorAnswer>(h.base, method, p);
      expect(r.status, `${method} ${p}`).toBe(405);
      expect(r.headers.get("allow")).toBe(allow);
    }
  });
});

describe("CORS for the API", () => {
  it("answers a preflight from an allowed origin: the token header, JSON bodies and the API's methods", async () => {
    const r = await fetch(`${h.base}/api/me`, {
      method: "OPTIONS",
      headers: {
        Origin: ORIGIN,
        "Access-Control-Request-Method": "PATCH",
        "Access-Control-Request-Headers": "authorization, content-type",
      },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect(r.headers.get("access-control-allow-headers")).toBe("Authorization, Content-Type");
    expect(r.headers.get("access-control-allow-methods")?.split(", ")).toEqual(
      expect.arrayContaining(["GET", "POST", "PUT", "PATCH", "DELETE"]),
    );
    expect(r.headers.get("vary")).toMatch(/Origin/);
  });

  it("lets an allowed page read answers and refusals alike; another origin's page gets no permission", async () => {
    const ok = await call(h.base, "GET", "/api/leaderboard", { headers: { Origin: ORIGIN } });
    expect(ok.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    const refused = await call(h.base, "GET", "/api/me", { headers: { Origin: ORIGIN } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    const created = await call(h.base, "POST", "/api/players", { headers: { Origin: ORIGIN }, body: {} });
    expect(created.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    for (const method of ["GET", "OPTIONS"]) {
      const other = await fetch(`${h.base}/api/leaderboard`, { method, headers: { Origin: "https://evil.example" } });
      expect(other.headers.get("access-control-allow-origin")).not.toBe("https://evil.example");
      expect(other.headers.get("access-control-allow-origin")).not.toBe("*");
    }
  });
});

describe("a database that does not answer", () => {
  it("gets 503 with a message from every call (a token is never refused for it) while /health stays up and says so", async () => {
    const store = await temporaryPgliteStore();
    const down = await boot({ store, flushMs: 100 });
    try {
      const player = (await call<NewPlayerAnswer>(down.base, "POST", "/api/players", { body: { name: "Before" } }))
        .body;
      expect((await call<HealthAnswer>(down.base, "GET", "/health")).body).toMatchObject({
        ok: true,
        db: "up",
        queued: 0,
      });
      await store.close();

      const calls: [string, string, object][] = [
        ["GET", "/api/me", { token: player.token }],
        ["PATCH", "/api/me", { token: player.token, body: { name: "After" } }],
        ["POST", "/api/players", { body: {} }],
        ["GET", `/api/players/${player.id}`, {}],
        ["GET", `/api/players/${player.id}/games`, {}],
        ["GET", "/api/games/some-hand", {}],
        ["GET", "/api/leaderboard?kind=multi", {}],
      ];
      for (const [method, p, o] of calls) {
        const r = await call<ErrorAnswer>(down.base, method, p, o);
        expect(r.status, `${method} ${p}`).toBe(503);
        expect(r.body.error).toBe("the database is not answering; try again in a few seconds");
        expect(r.headers.get("retry-after")).toBe("5");
      }
      // Input is still judged without the database.
      expect((await call(down.base, "GET", "/api/leaderboard?kind=chess")).status).toBe(400);

      const hand = playedHand(2, 2);
      void down.server.writer.enqueue(
        recordOf(hand, { id: "while-down", seats: [person(player.id), person(player.id)], rated: false }),
      );
      await expect
        .poll(async () => (await call<HealthAnswer>(down.base, "GET", "/health")).body, { timeout: 5000, interval: 20 })
        .toMatchObject({ ok: true, db: "down", queued: 1 });
    } finally {
      await down.close();
    }
  });
});
