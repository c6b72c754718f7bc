/**
 * The front door over plain HTTP, as a bot or a browser meets it: bodies over 16 KB are
 * refused before they are read (a streamed one while it is still streaming), each address
 * has its limits on matchmaking, on /api and on wrong private-table codes (429 with
 * Retry-After), X-Forwarded-For counts only with TRUST_PROXY, and the default CORS rule
 * (`*`) answers `*` without credentials on /api and on the matchmaking routes.
 */
import http from "node:http";
import { describe, expect, it } from "vitest";
import type { ErrorAnswer } from "./errors.js";
import { call, seen } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";

/** A client that streams a body in 1 KB chunks, with no Content-Length, and never finishes unless the server answers first. */
function endlessPost(port: number, urlPath: string): Promise<{ status: number; body: string; sentBytes: number }> {
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: urlPath,
        method: "POST",
        headers: { "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
      },
      (res) => {
        answered = true;
        let body = "";
        res.on("data", (d: Buffer) => (body += d.toString()));
        res.on("end", () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body, sentBytes });
        });
      },
    );
    req.on("error", (e: NodeJS.ErrnoException) =>
      answered || e.code === "EPIPE" || e.code === "ECONNRESET" ? undefined : reject(e),
    );
    req.write('{"mode":"quick","name":"');
    const chunk = "y".repeat(1024);
    const more = (): void => {
      if (answered || req.destroyed) return;
      if (sentBytes > 8 * 1024 * 1024)
        return reject(new Error(`no answer after ${sentBytes} bytes: the server is reading the whole body`));
      sentBytes += chunk.length;
      if (req.write(chunk)) setImmediate(more);
      else req.once("drain", more);
    };
    more();
  });
}

describe("request bodies", () => {
  const h = useServer();

  it("refuses a matchmaking body over 16 KB with 413 when its length is declared", async () => {
    const r = await call<ErrorAnswer>(h.base, "POST", "/matchmake/joinOrCreate/table", {
      body: { mode: "quick", name: "x".repeat(17 * 1024) },
    });
    expect(r.status).toBe(413);
    expect(r.body.error).toBe("the request body is larger than 16 KB");
  });

  it("answers 413 to a body that streams on without a length, on matchmaking and on /api, without reading it to its end", async () => {
    for (const route of ["/matchmake/joinOrCreate/table", "/api/players"]) {
      const r = await endlessPost(h.server.port, route);
      expect(r.status, route).toBe(413);
      expect(JSON.parse(r.body), route).toEqual({ error: "the request body is larger than 16 KB" });
      expect(r.sentBytes, route).toBeLessThan(8 * 1024 * 1024);
    }
  });

  it("still seats a client whose matchmaking body is within the limit", async () => {
    const r = await call<{ roomId: string; sessionId: string }>(h.base, "POST", "/matchmake/create/table", {
      body: { mode: "private", padding: "x".repeat(15 * 1024) },
    });
    expect(r.status).toBe(200);
    expect(r.body.roomId).toBeTruthy();
  });
});

describe("per-address limits", () => {
  const h = useServer({
    trustProxy: 1,
    httpLimits: {
      matchmake: { burst: 5, perMinute: 6 },
      api: { burst: 3, perMinute: 6 },
      codeMisses: { burst: 2, perMinute: 1 },
    },
  });
  const from = (address: string): Record<string, string> => ({ "X-Forwarded-For": address });

  it("answers matchmaking beyond an address's burst with 429 and Retry-After, other addresses still served", async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof call<ErrorAnswer>>> | undefined;
    for (let i = 0; i < 7; i++) {
      last = await call<ErrorAnswer>(h.base, "POST", "/matchmake/create/table", {
        body: { mode: "private" },
        headers: from("203.0.113.1"),
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(last!.body.error).toMatch(/too many requests/);
    expect(last!.headers.get("access-control-allow-origin")).toBe("*"); // a page can read why
    expect(
      (
        await call(h.base, "POST", "/matchmake/create/table", {
          body: { mode: "private" },
          headers: from("203.0.113.2"),
        })
      ).status,
    ).toBe(200);
  });

  it("limits the records API per address the same way", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await call(h.base, "GET", "/api/leaderboard", { headers: from("203.0.113.3") })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const r = await call(h.base, "GET", "/api/leaderboard", { headers: from("203.0.113.3") });
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });

  it("counts a forged X-Forwarded-For entry as nothing: the proxy's own entry is the address", async () => {
    const statuses: number[] = [];
    // the client writes a new address in front each time; our one proxy appended the real one last
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await call(h.base, "GET", "/api/leaderboard", { headers: from(`198.51.100.${i}, 203.0.113.4`) })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it("slows code guessing: after a few wrong codes an address is refused even the right one, others are not", async () => {
    const creator = await h.join("create", { mode: "private" });
    const code = seen(creator).code;
    const guesser = from("203.0.113.5");
    const misses: number[] = [];
    for (const wrong of ["AAAAAA", "BBBBBB"])
      misses.push(
        (
          await call(h.base, "POST", "/matchmake/join/table", {
            body: { mode: "private", code: wrong },
            headers: guesser,
          })
        ).status,
      );
    expect(misses.every((s) => s >= 400 && s !== 429)).toBe(true);
    const wrongAgain = await call<ErrorAnswer>(h.base, "POST", "/matchmake/join/table", {
      body: { mode: "private", code: "DDDDDD" },
      headers: guesser,
    });
    expect(wrongAgain.status).toBe(429);
    expect(wrongAgain.body.error).toMatch(/wrong table codes/);
    expect(Number(wrongAgain.headers.get("retry-after"))).toBeGreaterThanOrEqual(30);
    const right = await call(h.base, "POST", "/matchmake/join/table", {
      body: { mode: "private", code },
      headers: guesser,
    });
    expect(right.status, "the right code, from an address out of guesses").toBe(429);
    const friend = await call<{ sessionId: string }>(h.base, "POST", "/matchmake/join/table", {
      body: { mode: "private", code },
      headers: from("203.0.113.6"),
    });
    expect(friend.status).toBe(200);
  });
});

describe("without TRUST_PROXY", () => {
  const h = useServer({
    httpLimits: {
      matchmake: { burst: 2, perMinute: 6 },
      api: { burst: 2, perMinute: 6 },
      codeMisses: { burst: 3, perMinute: 1 },
    },
  });

  it("ignores X-Forwarded-For: a client cannot step out of its limit by writing one", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (
          await call(h.base, "GET", "/api/leaderboard", {
            headers: { "X-Forwarded-For": `198.51.100.${i}`, "X-Real-IP": `198.51.100.${i}` },
          })
        ).status,
      );
    expect(statuses).toEqual([200, 200, 429, 429]);
  });
});

describe("CORS with the default CORS_ORIGINS=*", () => {
  const h = useServer();
  const page = { Origin: "https://elsewhere.example" };

  it("answers Access-Control-Allow-Origin: * without credentials on /api, on matchmaking and on their preflights", async () => {
    const answers = [
      await call(h.base, "GET", "/api/leaderboard", { headers: page }),
      await call(h.base, "POST", "/api/players", { body: {}, headers: page }),
      await call(h.base, "POST", "/matchmake/create/table", { body: { mode: "private" }, headers: page }),
      await call(h.base, "OPTIONS", "/matchmake/joinOrCreate/table", {
        headers: { ...page, "Access-Control-Request-Method": "POST" },
      }),
      await call(h.base, "OPTIONS", "/api/me", { headers: { ...page, "Access-Control-Request-Method": "PATCH" } }),
    ];
    for (const r of answers) {
      expect(r.status).toBeLessThan(300);
      expect(r.headers.get("access-control-allow-origin")).toBe("*");
      expect(r.headers.get("access-control-allow-credentials")).toBeNull();
    }
  });
});
