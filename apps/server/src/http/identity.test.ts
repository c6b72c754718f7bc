import { createHash } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { call } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";
import type { ErrorAnswer } from "./errors.js";
import type { NewPlayerAnswer, ProfileAnswer } from "./players.js";

const h = useServer();

const newPlayer = async (name?: string): Promise<NewPlayerAnswer> => {
  const r = await call<NewPlayerAnswer>(h.base, "POST", "/api/players", name === undefined ? {} : { body: { name } });
  expect(r.status).toBe(201);
  return r.body;
};

describe("POST /api/players", () => {
  it("creates a guest identity: 201 with an id, a 256-bit token, the cleaned name and the profile GET /api/me answers", async () => {
    const r = await call<NewPlayerAnswer>(h.base, "POST", "/api/players", { body: { name: "  Ada\u0007 " } });
    expect(r.status).toBe(201);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(r.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 bytes from the CSPRNG, base64url
    expect(r.body.name).toBe("Ada");
    const me = await call(h.base, "GET", "/api/me", { token: r.body.token });
    expect(r.body.profile).toEqual(me.body); // a first visit needs no second request
    expect(r.body.profile).toMatchObject({ id: r.body.id, name: "Ada", record: { won: 0, drawn: 0, lost: 0 } });
  });

  it("stores only the token's SHA-256: no column of the player's session holds the token", async () => {
    const player = await newPlayer("Hashed");
    const rows = await sql<Record<string, unknown>>`select * from sessions where player_id = ${player.id}`.execute(
      h.store.db,
    );
    const row = rows.rows[0]!;
    expect(Buffer.from(row.token_sha256 as Uint8Array).equals(createHash("sha256").update(player.token).digest())).toBe(
      true,
    );
    const stored = Object.values(row).map((v) =>
      v instanceof Uint8Array ? [Buffer.from(v).toString("base64url"), Buffer.from(v).toString("hex")] : String(v),
    );
    expect(JSON.stringify(stored)).not.toContain(player.token);
  });

  it("names a player who gave no name, or a blank one, after the id", async () => {
    for (const player of [await newPlayer(), await newPlayer("   "), await newPlayer("\u0000\u200b")]) {
      expect(player.name).toBe(`Guest ${player.id.slice(0, 4).toUpperCase()}`);
    }
  });

  it("gives every player a different id and token", async () => {
    const players = await Promise.all([1, 2, 3, 4, 5, 6].map(() => newPlayer()));
    expect(new Set(players.map((p) => p.id)).size).toBe(6);
    expect(new Set(players.map((p) => p.token)).size).toBe(6);
  });

  it("refuses a name that is not a string, one of over 200 characters, and fields it does not know", async () => {
    for (const body of [{ name: 42 }, { name: null }, { name: "x".repeat(201) }, { nmae: "typo" }]) {
      const r = await call<ErrorAnswer>(h.base, "POST", "/api/players", { body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toMatch(/^bad body/);
    }
    // 200 characters is a name: cut to a seat name's 24
    expect((await newPlayer("y".repeat(200))).name).toBe("y".repeat(24));
  });
});

describe("GET /api/me", () => {
  it("answers the token's own profile, not cached", async () => {
    const player = await newPlayer("Grace");
    const r = await call<ProfileAnswer>(h.base, "GET", "/api/me", { token: player.token });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("private, no-store");
    expect(r.body).toMatchObject({
      id: player.id,
      name: "Grace",
      ratings: {
        duel: { rating: 1500, rd: 500, provisional: true, games: 0 },
        multi: { rating: 1500, rd: 500, provisional: true, games: 0 },
      },
      record: { won: 0, drawn: 0, lost: 0 },
    });
    expect(Date.parse(r.body.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("accepts the scheme in any case and spaces around the token", async () => {
    const player = await newPlayer("Spaced");
    for (const header of [`bearer ${player.token}`, `BEARER   ${player.token} `]) {
      const r = await call<ProfileAnswer>(h.base, "GET", "/api/me", { headers: { Authorization: header } });
      expect(r.status, header).toBe(200);
      expect(r.body.id).toBe(player.id);
    }
  });

  it("refuses with 401 and a Bearer challenge a missing header, one that is not Bearer, and a malformed or unknown token — never answering as someone else", async () => {
    const player = await newPlayer("Known");
    const other = player.token.slice(0, -1) + (player.token.endsWith("A") ? "B" : "A"); // well-formed, one character off
    const cases: [string, Record<string, string>, RegExp][] = [
      ["no header", {}, /needs a player token/],
      ["empty header", { Authorization: "" }, /needs a player token/],
      ["basic", { Authorization: `Basic ${Buffer.from("a:b").toString("base64")}` }, /must be "Bearer <token>"/],
      ["no token", { Authorization: "Bearer" }, /must be "Bearer <token>"/],
      ["two tokens", { Authorization: `Bearer ${player.token} ${player.token}` }, /must be "Bearer <token>"/],
      ["the token alone", { Authorization: player.token }, /must be "Bearer <token>"/],
      ["malformed", { Authorization: "Bearer ';drop-table-players;--" }, /belongs to no player/],
      ["spaces inside", { Authorization: "Bearer '; drop table players; --" }, /must be "Bearer <token>"/],
      ["too short", { Authorization: `Bearer ${player.token.slice(1)}` }, /belongs to no player/],
      ["unknown", { Authorization: `Bearer ${other}` }, /belongs to no player/],
      ["huge", { Authorization: `Bearer ${"A".repeat(8000)}` }, /belongs to no player/],
    ];
    for (const [what, headers, message] of cases) {
      const r = await call<ErrorAnswer>(h.base, "GET", "/api/me", { headers });
      expect(r.status, what).toBe(401);
      expect(r.body.error, what).toMatch(message);
      expect(r.headers.get("www-authenticate"), what).toMatch(/^Bearer realm="yourtrumps"/);
    }
  });
});

describe("PATCH /api/me", () => {
  it("renames the player with the seat-name cleaning and answers the profile", async () => {
    const player = await newPlayer("Old");
    const r = await call<ProfileAnswer>(h.base, "PATCH", "/api/me", {
      token: player.token,
      body: { name: "  New\u0000 name\u202e that is far too long for a seat  " },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: player.id, name: "New name that is far too" });
    expect((await call<ProfileAnswer>(h.base, "GET", `/api/players/${player.id}`)).body.name).toBe(r.body.name);
  });

  it("refuses an empty name, one of control characters only, one that is too long or no string, and leaves the name as it was", async () => {
    const player = await newPlayer("Kept");
    for (const body of [
      { name: "" },
      { name: "   " },
      { name: "\u0001\u0002\u200b" },
      { name: "z".repeat(201) },
      { name: 7 },
      {},
      { name: "ok", extra: 1 },
    ]) {
      const r = await call<ErrorAnswer>(h.base, "PATCH", "/api/me", { token: player.token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.length).toBeGreaterThan(10);
    }
    expect((await call<ProfileAnswer>(h.base, "GET", "/api/me", { token: player.token })).body.name).toBe("Kept");
  });

  it("needs the token: 401 without it, whatever the body", async () => {
    expect((await call(h.base, "PATCH", "/api/me", { body: { name: "Anyone" } })).status).toBe(401);
    expect((await call(h.base, "PATCH", "/api/me", { body: "{not json" })).status).toBe(400); // the body is read first
  });
});
