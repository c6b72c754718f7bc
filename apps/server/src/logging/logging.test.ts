/**
 * The structured log: secrets taken out of fields and text, readable lines for a terminal, and on a
 * real server every HTTP answer's X-Request-Id found in its log lines, and no token of the calls
 * made in any line.
 */
import { describe, expect, it } from "vitest";
import { call } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";
import { secretsIn } from "../test-kit/secret-patterns.js";
import { capturingLogger } from "./capturing-logger.js";
import { readableLine } from "./readable-lines.js";
import { scrubSecrets } from "./scrub.js";

describe("what the logger writes", () => {
  it("takes secrets out of fields and text: tokens, passwords, authorization, connection strings, addresses", () => {
    const { log, json } = capturingLogger();
    log.warn(
      { token: "t".repeat(43), player: { password: "hunter2", authorization: "Bearer abc" }, ip: "203.0.113.7" },
      "connecting to postgres://yt:s3cret@db.example:5432/yt with Bearer abcdefghijkl",
    );
    log.error({ err: new Error("connect failed for postgresql://yt:s3cret@db.example/yt") }, "down");
    const all = json.join("");
    for (const secret of ["t".repeat(43), "hunter2", "abc", "203.0.113.7", "s3cret", "abcdefghijkl"])
      expect(all).not.toContain(secret);
    expect(all).toContain("postgres://yt:[redacted]@db.example:5432/yt");
    for (const line of json) expect(secretsIn(line)).toEqual([]);
  });

  it("writes one JSON object a line with level, time and message, and readable lines for a terminal", () => {
    const { log, entries, json } = capturingLogger("info");
    log.child({ roomId: "K7F3QX" }).info({ handId: "h1" }, "dealt");
    log.debug("not at info");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ level: "info", roomId: "K7F3QX", handId: "h1", msg: "dealt" });
    expect(entries[0]!.time).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(readableLine(json[0]!, false)).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}dealt {2}roomId=K7F3QX handId=h1\n$/);
    expect(scrubSecrets("no secret here")).toBe("no secret here");
  });
});

describe("HTTP requests in the log", () => {
  const captured = capturingLogger();
  const h = useServer({ log: captured.log });

  it("every answer carries an X-Request-Id that its log lines carry; a proxy's id is kept, a malformed one replaced", async () => {
    const created = await call<{ id: string; token: string }>(h.base, "POST", "/api/players");
    const id = created.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const me = await call(h.base, "GET", "/api/me", {
      token: created.body.token,
      headers: { "X-Request-Id": "nginx-0123456789abcdef" },
    });
    expect(me.status).toBe(200);
    expect(me.headers.get("x-request-id")).toBe("nginx-0123456789abcdef");
    const refused = await call(h.base, "GET", "/api/me", {
      token: "x".repeat(43),
      headers: { "X-Request-Id": '{"level":"fatal"}' },
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await call(h.base, "GET", "/no-such-page");
    for (const reply of [created, me, refused, missing])
      await expect
        .poll(() => captured.entries.filter((e) => e.requestId === reply.headers.get("x-request-id")).length)
        .toBeGreaterThan(0);
    const line = captured.entries.find((e) => e.requestId === "nginx-0123456789abcdef")!;
    expect(line).toMatchObject({ route: "/api/me", status: 200, method: "GET" });
    const everything = captured.json.join("");
    expect(everything).not.toContain(created.body.token);
    for (const written of captured.json) expect(secretsIn(written)).toEqual([]);
  });
});
