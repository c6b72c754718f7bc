import { createHash } from "node:crypto";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { bothDatabases } from "../test-kit/postgres.js";
import { InvalidNameError, guestName } from "./players.js";

const databases = bothDatabases();

databases.describeEach("guest identity", (t) => {
  it("creates a player with a 256-bit token and stores only the token's SHA-256", async () => {
    const store = t.store();
    const player = await store.createPlayer("  Ada\u0007 ");
    expect(player.name).toBe("Ada");
    expect(player.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    const row = await sql<Record<string, unknown>>`select * from sessions where player_id = ${player.id}`.execute(
      store.db,
    );
    expect(row.rows).toHaveLength(1);
    const stored = row.rows[0]!;
    expect(
      Buffer.from(stored.token_sha256 as Uint8Array).equals(createHash("sha256").update(player.token).digest()),
    ).toBe(true);
    expect(
      JSON.stringify(
        Object.values(stored).map((v) => (v instanceof Uint8Array ? Buffer.from(v).toString("base64url") : v)),
      ),
    ).not.toContain(player.token);
  });

  it("gives every player a different token and id", async () => {
    const players = await Promise.all([1, 2, 3, 4, 5].map(() => t.store().createPlayer()));
    expect(new Set(players.map((p) => p.token)).size).toBe(5);
    expect(new Set(players.map((p) => p.id)).size).toBe(5);
  });

  it("names a player who gave no name after their id", async () => {
    const player = await t.store().createPlayer("   ");
    expect(player.name).toBe(guestName(player.id));
    expect(player.name).toMatch(/^Guest [0-9A-F]{4}$/);
  });

  it("finds a player by token, and nobody by an unknown or malformed token", async () => {
    const store = t.store();
    const player = await store.createPlayer("Grace");
    expect(await store.playerByToken(player.token)).toEqual({
      id: player.id,
      name: "Grace",
      handle: null,
      sessionId: player.sessionId,
    });
    expect(await store.playerByToken(player.token.slice(0, -1) + (player.token.endsWith("A") ? "B" : "A"))).toBeNull();
    expect(await store.playerByToken("")).toBeNull();
    expect(await store.playerByToken("'; drop table players; --")).toBeNull();
  });

  it("renames a player with the seat-name cleaning, refuses an empty name, ignores unknown ids", async () => {
    const store = t.store();
    const player = await store.createPlayer("Old");
    expect(await store.renamePlayer(player.id, "  New name that is far too long for a seat  ")).toEqual({
      id: player.id,
      name: "New name that is far too",
    });
    expect((await store.playerByToken(player.token))?.name).toBe("New name that is far too");
    await expect(store.renamePlayer(player.id, " \u0000 ")).rejects.toThrow(InvalidNameError);
    expect(await store.renamePlayer("00000000-0000-4000-8000-000000000000", "Nobody")).toBeNull();
    expect(await store.renamePlayer("not-a-uuid", "Nobody")).toBeNull();
  });

  it("shows a new player's profile: new ratings for both kinds, provisional, and an empty record", async () => {
    const store = t.store();
    const player = await store.createPlayer("Fresh");
    const profile = await store.getPlayer(player.id);
    expect(profile).toMatchObject({
      id: player.id,
      name: "Fresh",
      ratings: {
        duel: { rating: 1500, rd: 500, provisional: true, games: 0 },
        multi: { rating: 1500, rd: 500, provisional: true, games: 0 },
      },
      record: { won: 0, drawn: 0, lost: 0 },
      records: { duel: { won: 0, drawn: 0, lost: 0 }, multi: { won: 0, drawn: 0, lost: 0 } },
    });
    expect(profile?.createdAt).toBeInstanceOf(Date);
    expect(await store.getPlayer("00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await store.getPlayer("42")).toBeNull();
  });
});
