import { beforeAll, describe, expect, it } from "vitest";
import { bothDatabases } from "../test-kit/postgres.js";
import { HistoryQueryError, decodeCursor, encodeCursor } from "./history-cursor.js";
import type { HistoryGame } from "./history.js";
import { computerSeat, person, playedHand, recordOf } from "./sample-hands.js";

const databases = bothDatabases();
const duel = playedHand(2, 2);
const trio = playedHand(3, 0);

databases.describeEach("a player's history", (t) => {
  let me: string;
  let rival: string;
  let expected: { id: string; seat: number; endedAt: number }[]; // newest first
  const base = Date.parse("2026-01-01T12:00:00Z");

  beforeAll(async () => {
    const store = t.store();
    me = (await store.createPlayer("Me")).id;
    rival = (await store.createPlayer("Rival")).id;
    expected = [];
    for (let i = 0; i < 24; i++) {
      // Every third hand ends in the same millisecond as the one before: the cursor must still order them.
      const endedAt = new Date(base + (i - (i % 3 === 2 ? 1 : 0)) * 60_000);
      const rated = i % 2 === 0;
      const seats = rated ? [person(me, "Me"), person(rival, "Rival")] : [computerSeat("hard"), person(me, "Me")];
      const record = recordOf(duel, {
        id: `h-${String(i).padStart(2, "0")}`,
        endedAt,
        mode: rated ? "quick" : "computer",
        seats,
      });
      await store.recordHand(record);
      expected.push({ id: record.id, seat: rated ? 0 : 1, endedAt: endedAt.getTime() });
    }
    // One person in two seats of an unrated private table: two rows of history.
    const endedAt = new Date(base + 30 * 60_000);
    await store.recordHand(
      recordOf(trio, {
        id: "h-twice",
        endedAt,
        mode: "private",
        seats: [person(me, "Me"), computerSeat("easy"), person(me, "Me again")],
      }),
    );
    expected.push(
      { id: "h-twice", seat: 0, endedAt: endedAt.getTime() },
      { id: "h-twice", seat: 2, endedAt: endedAt.getTime() },
    );
    expected.sort((a, b) => b.endedAt - a.endedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : b.seat - a.seat));
  });

  it("pages newest first through every hand, once each, and ends with next = null", async () => {
    const seen: HistoryGame[] = [];
    let before: string | undefined;
    const sizes: number[] = [];
    for (;;) {
      const page = await t.store().playerGames(me, { before, limit: 10 });
      sizes.push(page.games.length);
      seen.push(...page.games);
      if (page.next === null) break;
      before = page.next;
    }
    expect(sizes).toEqual([10, 10, 6]);
    expect(seen.map((g) => ({ id: g.id, seat: g.seat, endedAt: g.endedAt.getTime() }))).toEqual(expected);
  });

  it("returns 20 by default, at most 100, and refuses other limits", async () => {
    const store = t.store();
    expect((await store.playerGames(me)).games).toHaveLength(20);
    const all = await store.playerGames(me, { limit: 100 });
    expect(all.games).toHaveLength(26);
    expect(all.next).toBeNull();
    expect((await store.playerGames(me, { limit: 1 })).games).toHaveLength(1);
    for (const limit of [0, 101, 2.5, Number.NaN, -1]) {
      await expect(store.playerGames(me, { limit })).rejects.toSatisfy(
        (e) => e instanceof HistoryQueryError && e.field === "limit",
      );
    }
  });

  it("refuses a cursor it did not make", async () => {
    const store = t.store();
    const bad = [
      "not a cursor!",
      "",
      Buffer.from("hello").toString("base64url"),
      Buffer.from("[1,2]").toString("base64url"),
      Buffer.from('["x","h-01",0]').toString("base64url"),
      "A".repeat(500),
    ];
    for (const before of bad) {
      await expect(store.playerGames(me, { before })).rejects.toSatisfy(
        (e) => e instanceof HistoryQueryError && e.field === "before",
      );
    }
  });

  it("keeps its place when newer hands are recorded between two pages", async () => {
    const store = t.store();
    const first = await store.playerGames(rival, { limit: 5 });
    await store.recordHand(
      recordOf(duel, {
        id: `h-newer-${t.kind}`,
        endedAt: new Date(base + 90 * 60_000),
        seats: [person(me), person(rival)],
      }),
    );
    const second = await store.playerGames(rival, { before: first.next!, limit: 5 });
    const rivalHands = expected.filter((e) => e.seat === 0 && e.id !== "h-twice").map((e) => e.id);
    expect([...first.games, ...second.games].map((g) => g.id)).toEqual(rivalHands.slice(0, 10));
  });

  it("shows each hand's opponents, result and rating change", async () => {
    const { games } = await t.store().playerGames(me, { limit: 100 });
    const rated = games.find((g) => g.id === "h-22")!;
    expect(rated.opponents).toEqual([{ seat: 1, name: "Rival", playerId: rival, computer: null, marked: false }]);
    expect(rated.result).toEqual(duel.result);
    expect(rated.ratingDelta).toEqual(expect.any(Number));
    expect(rated.ratingDelta).not.toBe(0);
    const practice = games.find((g) => g.id === "h-23")!;
    expect(practice.opponents).toEqual([
      { seat: 0, name: "Computer (hard)", playerId: null, computer: "hard", marked: false },
    ]);
    expect(practice.ratingDelta).toBeNull();
    const twice = games.filter((g) => g.id === "h-twice");
    expect(twice.map((g) => [g.seat, g.opponents.map((o) => o.name)])).toEqual([
      [2, ["Me", "Computer (easy)"]],
      [0, ["Computer (easy)", "Me again"]],
    ]);
  });

  it("is empty for a player with no hands, an unknown player or a malformed id", async () => {
    const store = t.store();
    const nobody = await store.createPlayer();
    for (const id of [nobody.id, "00000000-0000-4000-8000-000000000000", "nope"])
      expect(await store.playerGames(id)).toEqual({ games: [], next: null });
  });
});

describe("history cursors", () => {
  it("round-trip (ended_at to the millisecond, game id, seat)", () => {
    const key = { endedAt: new Date("2026-05-01T10:20:30.456Z"), gameId: "hand-1", seat: 2 };
    expect(decodeCursor(encodeCursor(key))).toEqual(key);
  });
});
