import { replay } from "@yourtrumps/engine";
import { beforeAll, describe, expect, it } from "vitest";
import { computerSeat, person, playedHand, recordOf } from "../storage/sample-hands.js";
import { call } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";
import type { ErrorAnswer } from "./errors.js";
import type { GameAnswer } from "./games.js";
import type { LeaderboardAnswer } from "./leaderboard.js";
import type { HistoryAnswer, NewPlayerAnswer, ProfileAnswer } from "./players.js";

const h = useServer();
let ada: NewPlayerAnswer;
let bob: NewPlayerAnswer;
let cyd: NewPlayerAnswer;
let newcomer: NewPlayerAnswer;
const duel = playedHand(2, 2); // seat 0 wins
const deal = duel.setup.kind === "deal" ? duel.setup : null;
const trio = playedHand(3, 5);
const DUELS = 24; // enough for both duellists' RD to fall under 110
const start = Date.parse("2026-01-01T12:00:00Z");
const minute = (i: number): Date => new Date(start + i * 60_000);

beforeAll(async () => {
  const create = async (name: string): Promise<NewPlayerAnswer> =>
    (await call<NewPlayerAnswer>(h.base, "POST", "/api/players", { body: { name } })).body;
  [ada, bob, cyd, newcomer] = [await create("Ada"), await create("Bob"), await create("Cyd"), await create("New")];
  // The leaderboards list account holders: Ada and Bob claim theirs (Cyd stays a guest).
  for (const [player, handle] of [
    [ada, "ada"],
    [bob, "bob"],
  ] as const)
    await call(h.base, "POST", "/api/account", { token: player.token, body: { handle } });
  for (let i = 0; i < DUELS; i++) {
    // Ada wins two of every three.
    const seats =
      i % 3 === 2 ? [person(bob.id, "Bob"), person(ada.id, "Ada")] : [person(ada.id, "Ada"), person(bob.id, "Bob")];
    await h.store.recordHand(recordOf(duel, { id: `duel-${i}`, seats, endedAt: minute(i) }));
  }
  await h.store.recordHand(
    recordOf(duel, {
      id: "vs-computer",
      mode: "computer",
      seats: [person(ada.id, "Ada"), computerSeat("hard")],
      endedAt: minute(DUELS),
    }),
  );
  await h.store.recordHand(
    recordOf(trio, {
      id: "trio",
      seats: [person(ada.id, "Ada"), person(bob.id, "Bob"), person(cyd.id, "Cyd")],
      endedAt: minute(DUELS + 1),
    }),
  );
});

describe("GET /api/games/:id", () => {
  it("shows a rated hand: its deal, moves and result, and every seat with its rating before and after", async () => {
    const r = await call<GameAnswer>(h.base, "GET", "/api/games/duel-0");
    expect(r.status).toBe(200);
    const game = r.body;
    expect(game).toMatchObject({
      id: "duel-0",
      mode: "quick",
      players: 2,
      rated: true,
      seed: deal?.seed,
      dealer: deal?.dealer,
      trumps: deal?.trumps,
      result: duel.result,
      endedAt: minute(0).toISOString(),
    });
    expect(game.options).toMatchObject({ turnSeconds: 30, sixesToOwner: deal?.sixesToOwner, maxTurns: deal?.maxTurns });
    expect(game.seats.map((s) => [s.name, s.playerId, s.computer, s.place])).toEqual([
      ["Ada", ada.id, null, 1],
      ["Bob", bob.id, null, 2],
    ]);
    expect(game.seats[0]!.ratingAfter! > game.seats[0]!.ratingBefore!).toBe(true);
    expect(game.seats[1]!.ratingAfter! < game.seats[1]!.ratingBefore!).toBe(true);
    expect(Object.keys(game)).not.toContain("tableId");
    // The answer is enough to replay the hand with the engine.
    expect(replay(game.setup, game.log).result).toEqual(duel.result);
  });

  it("shows a computer seat by its level, and no ratings where the hand was not rated", async () => {
    const game = (await call<GameAnswer>(h.base, "GET", "/api/games/vs-computer")).body;
    expect(game.rated).toBe(false);
    expect(game.seats[1]).toMatchObject({ playerId: null, computer: "hard", anonymous: false });
    for (const seat of game.seats) expect(Object.keys(seat)).not.toContain("ratingBefore");
  });

  it("answers 404 for an id nothing has, however odd, and 400 for a path that is not percent-encoding", async () => {
    for (const id of [
      "duel-999",
      "00000000-0000-4000-8000-000000000000",
      "x".repeat(101),
      "%00",
      "a%0Ab",
      "a%2Fb",
      "%F0%9F%83%8F",
      "'%3B%20drop%20table%20games%3B--",
    ]) {
      const r = await call<ErrorAnswer>(h.base, "GET", `/api/games/${id}`);
      expect(r.status, id).toBe(404);
      expect(r.body.error).toBe("no recorded hand has this id");
    }
    const bad = await call<ErrorAnswer>(h.base, "GET", "/api/games/%E0%A4%A");
    expect(bad.status).toBe(400);
    expect(typeof bad.body.error).toBe("string");
  });
});

describe("GET /api/players/:id", () => {
  it("shows a profile: ratings of both kinds and the record of every hand", async () => {
    const r = await call<ProfileAnswer>(h.base, "GET", `/api/players/${ada.id}`);
    expect(r.status).toBe(200);
    const wins = DUELS - DUELS / 3;
    expect(r.body).toMatchObject({
      id: ada.id,
      name: "Ada",
      ratings: { duel: { games: DUELS, provisional: false }, multi: { games: 1, provisional: true } },
    });
    expect(r.body.record.won + r.body.record.drawn + r.body.record.lost).toBe(DUELS + 2);
    expect(r.body.record.won).toBeGreaterThanOrEqual(wins);
    expect(r.body.ratings.duel.rating).toBeGreaterThan(1500);
  });

  it("answers 404 for an unknown player and for ids that are no uuid (not a database error)", async () => {
    for (const id of [
      "00000000-0000-4000-8000-000000000000",
      "42",
      "not-a-uuid",
      `${ada.id}x`,
      "%00",
      "'%20or%201%3D1",
    ]) {
      const r = await call<ErrorAnswer>(h.base, "GET", `/api/players/${id}`);
      expect(r.status, id).toBe(404);
      expect(r.body.error).toBe("no player has this id or handle");
    }
  });
});

describe("GET /api/players/:id/games", () => {
  it("pages through a history newest first with the cursor, each hand once", async () => {
    const seen: HistoryAnswer["games"] = [];
    let next: string | null = null;
    const sizes: number[] = [];
    do {
      const query: string = next === null ? "?limit=10" : `?limit=10&before=${next}`;
      const r = await call<HistoryAnswer>(h.base, "GET", `/api/players/${ada.id}/games${query}`);
      expect(r.status).toBe(200);
      sizes.push(r.body.games.length);
      seen.push(...r.body.games);
      next = r.body.next;
    } while (next !== null);
    expect(sizes).toEqual([10, 10, 6]);
    expect(seen.map((g) => g.id)).toEqual([
      "trio",
      "vs-computer",
      ...Array.from({ length: DUELS }, (_, i) => `duel-${DUELS - 1 - i}`),
    ]);
    const [trioEntry, computerEntry, lastDuel] = seen;
    expect(trioEntry).toMatchObject({ mode: "quick", players: 3, seat: 0, endedAt: minute(DUELS + 1).toISOString() });
    expect(trioEntry!.opponents.map((o) => [o.seat, o.name, o.playerId])).toEqual([
      [1, "Bob", bob.id],
      [2, "Cyd", cyd.id],
    ]);
    expect(typeof trioEntry!.ratingDelta).toBe("number");
    expect(computerEntry).toMatchObject({
      mode: "computer",
      opponents: [{ seat: 1, computer: "hard", playerId: null }],
    });
    expect(Object.keys(computerEntry!)).not.toContain("ratingDelta");
    expect(lastDuel).toMatchObject({ id: "duel-23", seat: 1, place: 2, outcome: "lost", result: duel.result }); // i = 23: Bob in seat 0, which wins
  });

  it("gives 20 a page by default", async () => {
    const r = await call<HistoryAnswer>(h.base, "GET", `/api/players/${ada.id}/games`);
    expect(r.body.games).toHaveLength(20);
    expect(r.body.next).not.toBeNull();
  });

  it("refuses a limit that is not a whole number from 1 to 100, and a cursor it did not give, with 400", async () => {
    for (const query of [
      "limit=0",
      "limit=101",
      "limit=1000000",
      "limit=1.5",
      "limit=-1",
      "limit=abc",
      "limit=",
      "limit=1e1",
      "limit=0x10",
      "limit=5&limit=6",
      "before=nonsense!",
      "before=",
      "before=a&before=b",
      `before=${Buffer.from("[1,2,3]").toString("base64url")}`,
    ]) {
      const r = await call<ErrorAnswer>(h.base, "GET", `/api/players/${ada.id}/games?${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body.error, query).toMatch(/limit|before/);
    }
  });

  it("shows an empty history for a player with no hands, and 404 for no player", async () => {
    expect((await call<HistoryAnswer>(h.base, "GET", `/api/players/${newcomer.id}/games`)).body).toEqual({
      games: [],
      next: null,
    });
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      expect((await call(h.base, "GET", `/api/players/${id}/games`)).status, id).toBe(404);
    }
  });
});

describe("GET /api/leaderboard", () => {
  it("lists established ratings of the kind asked, duel by default", async () => {
    const duels = await call<LeaderboardAnswer>(h.base, "GET", "/api/leaderboard?kind=duel");
    expect(duels.status).toBe(200);
    expect(duels.body.kind).toBe("duel");
    expect(duels.body.players.map((p) => [p.rank, p.name, p.playerId])).toEqual([
      [1, "Ada", ada.id],
      [2, "Bob", bob.id],
    ]);
    expect(duels.body.players.every((p) => p.rd <= 110 && p.games === DUELS)).toBe(true);
    expect((await call<LeaderboardAnswer>(h.base, "GET", "/api/leaderboard")).body).toEqual(duels.body);
    expect((await call<LeaderboardAnswer>(h.base, "GET", "/api/leaderboard?kind=multi")).body).toEqual({
      kind: "multi",
      players: [],
    }); // one hand each: provisional
  });

  it("refuses another kind with 400", async () => {
    for (const query of ["kind=chess", "kind=", "kind=DUEL", "kind=duel&kind=multi"]) {
      const r = await call<ErrorAnswer>(h.base, "GET", `/api/leaderboard?${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body.error).toBe("bad query field kind: must be duel or multi");
    }
  });
});
