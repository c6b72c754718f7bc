import { describe, expect, it } from "vitest";
import { readHistoryPage, readLeaderboard, readNewPlayer, readProfile } from "./api-bodies.js";

/** Bodies as the server's HTTP API writes them (apps/server/src/http). */
const PROFILE = {
  id: "0b6c7d1e-5f2a-4c3b-9d8e-7f6a5b4c3d2e",
  name: "Ann",
  createdAt: "2026-12-01T09:00:00.000Z",
  ratings: {
    duel: { rating: 1562.4, rd: 87.1, provisional: false, games: 31 },
    multi: { rating: 1500, rd: 500, provisional: true, games: 0 },
  },
  record: { won: 23, drawn: 3, lost: 12 },
  records: { duel: { won: 20, drawn: 3, lost: 11 }, multi: { won: 3, drawn: 0, lost: 1 } },
};

const ENTRY = {
  id: "hand-1",
  mode: "quick",
  players: 3,
  result: { reason: "out", loser: 2, places: [1, 2, 3] },
  seat: 1,
  place: 2,
  outcome: "won",
  opponents: [
    { seat: 0, name: "Bob", playerId: "p-bob", computer: null },
    { seat: 2, name: "Computer", playerId: null, computer: "easy" },
  ],
  endedAt: "2026-12-01T10:15:00.000Z",
  ratingDelta: 11.6,
};

describe("readNewPlayer", () => {
  it("needs an id and a token", () => {
    expect(readNewPlayer({ id: "a", token: "t", name: "Guest A" })).toEqual({
      id: "a",
      token: "t",
      name: "Guest A",
      profile: null,
    }); // an older server's answer
    expect(readNewPlayer({ id: "a", token: "t", name: "Ann", profile: PROFILE })).toEqual({
      id: "a",
      token: "t",
      name: "Ann",
      profile: readProfile(PROFILE),
    });
    expect(readNewPlayer({ id: "a", token: "t", name: "Ann", profile: { id: 3 } })?.profile).toBeNull(); // an unreadable profile: asked for with GET /api/me
    expect(readNewPlayer({ id: "a", name: "Guest A" })).toBeNull();
    expect(readNewPlayer({ id: 7, token: "t" })).toBeNull();
    expect(readNewPlayer("nonsense")).toBeNull();
  });
});

describe("readProfile", () => {
  it("reads ratings rounded, with the server's provisional flag, the record and when the player was made", () => {
    expect(readProfile(PROFILE)).toEqual({
      id: PROFILE.id,
      name: "Ann",
      ratings: {
        duel: { rating: 1562, rd: 87.1, provisional: false, games: 31 },
        multi: { rating: 1500, rd: 500, provisional: true, games: 0 },
      },
      records: { duel: { won: 20, drawn: 3, lost: 11 }, multi: { won: 3, drawn: 0, lost: 1 } },
      createdAt: PROFILE.createdAt,
      marked: false,
      role: null,
    });
    expect(readProfile({ ...PROFILE, createdAt: 7 })).not.toHaveProperty("createdAt");
  });

  it("reads the mark and, from GET /api/me, the moderation role; an unknown role is none", () => {
    expect(readProfile({ ...PROFILE, marked: true, role: "mod" })).toMatchObject({ marked: true, role: "mod" });
    expect(readProfile({ ...PROFILE, role: "king" })?.role).toBeNull();
  });

  it("gives a missing rating kind a new player's rating, a missing record zeros, and refuses a body without id or name", () => {
    const p = readProfile({
      id: "x",
      name: "",
      ratings: { duel: { rating: "high" } },
      records: { duel: { won: -3, drawn: 2.7 } },
    });
    expect(p?.ratings.duel).toEqual({ rating: 1500, rd: 500, provisional: true, games: 0 });
    expect(p?.ratings.multi.provisional).toBe(true);
    expect(p?.records).toEqual({ duel: { won: 0, drawn: 2, lost: 0 }, multi: { won: 0, drawn: 0, lost: 0 } });
    expect(readProfile({ id: "x", ratings: {} })).toBeNull();
    expect(readProfile({ name: "Ann" })).toBeNull();
    expect(readProfile(null)).toBeNull();
  });

  it("says provisional from the deviation when the flag is missing (RD above 110)", () => {
    const p = readProfile({
      ...PROFILE,
      ratings: { duel: { rating: 1600, rd: 111 }, multi: { rating: 1600, rd: 110 } },
    });
    expect(p?.ratings.duel.provisional).toBe(true);
    expect(p?.ratings.multi.provisional).toBe(false);
  });
});

describe("readHistoryPage", () => {
  it("reads each entry as the player saw it, and the cursor", () => {
    const page = readHistoryPage({ games: [ENTRY], next: "eyJ4Ijoi" });
    expect(page).toEqual({
      games: [
        {
          id: "hand-1",
          mode: "quick",
          players: 3,
          seat: 1,
          place: 2,
          outcome: "won",
          opponents: [
            { name: "Bob", computer: null, playerId: "p-bob" },
            { name: "Computer", computer: "easy", playerId: null },
          ],
          endedAt: new Date("2026-12-01T10:15:00.000Z"),
          ratingDelta: 12,
        },
      ],
      next: "eyJ4Ijoi",
    });
  });

  it("an unrated hand has no ratingDelta; unreadable entries are left out; the last page has next null", () => {
    const { ratingDelta: _, ...unrated } = ENTRY;
    const page = readHistoryPage({
      games: [
        unrated,
        { id: "no-mode" },
        { mode: "quick" },
        { ...ENTRY, id: "bad", endedAt: "yesterday", outcome: "?" },
      ],
      next: null,
    });
    expect(page?.games.map((g) => g.id)).toEqual(["hand-1", "bad"]);
    expect(page?.games[0]?.ratingDelta).toBeNull();
    expect(page?.games[1]).toMatchObject({ endedAt: null, outcome: null });
    expect(page?.next).toBeNull();
    expect(readHistoryPage({ games: "none" })).toBeNull();
  });
});

describe("readLeaderboard", () => {
  it("reads the rows of { kind, players } and drops rows without an id or a rating", () => {
    const rows = readLeaderboard({
      kind: "duel",
      players: [
        { rank: 1, playerId: "a", name: "Ann", rating: 1710.6, rd: 60, games: 40 },
        { rank: 2, playerId: "", name: "Nobody", rating: 1700, rd: 60, games: 1 },
        { rank: 3, playerId: "c", name: "Cy", rating: null, rd: 60, games: 9 },
      ],
    });
    expect(rows).toEqual([{ rank: 1, playerId: "a", name: "Ann", rating: 1711, games: 40 }]);
    expect(readLeaderboard({ kind: "duel", players: [] })).toEqual([]);
    expect(readLeaderboard([])).toBeNull();
  });
});
