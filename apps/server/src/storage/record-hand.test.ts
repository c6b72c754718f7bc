import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { bothDatabases } from "../test-kit/postgres.js";
import { RecordError } from "./hand-record.js";
import { computerSeat, person, playedHand, recordOf } from "./sample-hands.js";
import type { Store } from "./store.js";

const databases = bothDatabases();

const duel = playedHand(2, 1);
const multi = playedHand(3, 2);
let ids = 0;
const handId = (): string => `hand-${++ids}-${randomUUID()}`;

async function count(store: Store, table: "games" | "game_seats", gameId: string): Promise<number> {
  const column = table === "games" ? sql.ref("id") : sql.ref("game_id");
  const r = await sql<{
    n: number;
  }>`select count(*)::int as n from ${sql.table(table)} where ${column} = ${gameId}`.execute(store.db);
  return r.rows[0]!.n;
}

databases.describeEach("recording a hand", (t) => {
  it("writes the game, its seats and the ratings of a rated duel", async () => {
    const store = t.store();
    const [a, b] = [await store.createPlayer("A"), await store.createPlayer("B")];
    const record = recordOf(duel, { id: handId(), seats: [person(a.id, "A"), person(b.id, "B")] });
    expect(record.rated).not.toBeNull();
    expect(await store.recordHand(record)).toBe("recorded");
    const game = await store.getGame(record.id);
    expect(game?.rated).toBe(true);
    const [pa, pb] = [await store.getPlayer(a.id), await store.getPlayer(b.id)];
    expect(pa?.ratings.duel.games).toBe(1);
    expect(pb?.ratings.duel.games).toBe(1);
    expect(pa?.ratings.multi.games).toBe(0);
    const loser = duel.result!.loser;
    if (loser === null) {
      expect(pa?.ratings.duel.rating).toBeCloseTo(1500, 6);
      expect(pa?.record.drawn).toBe(1);
    } else {
      const [winner, beaten] = loser === 0 ? [pb!, pa!] : [pa!, pb!];
      expect(winner.ratings.duel.rating).toBeGreaterThan(1500);
      expect(beaten.ratings.duel.rating).toBeLessThan(1500);
      expect([winner.record, beaten.record]).toEqual([
        { won: 1, drawn: 0, lost: 0 },
        { won: 0, drawn: 0, lost: 1 },
      ]);
    }
    expect(game?.seats.map((s) => s.ratingAfter)).toEqual([pa?.ratings.duel.rating, pb?.ratings.duel.rating]);
  });

  it("is idempotent on the hand id: the same record twice is one game, rated once", async () => {
    const store = t.store();
    const [a, b] = [await store.createPlayer(), await store.createPlayer()];
    const record = recordOf(duel, { id: handId(), seats: [person(a.id), person(b.id)] });
    expect(await store.recordHand(record)).toBe("recorded");
    const once = await store.getPlayer(a.id);
    expect(await store.recordHand(record)).toBe("duplicate");
    expect(await store.recordHand({ ...record, endedAt: new Date() })).toBe("duplicate"); // a retry with other details changes nothing either
    expect(await count(store, "games", record.id)).toBe(1);
    expect(await count(store, "game_seats", record.id)).toBe(2);
    expect(await store.getPlayer(a.id)).toEqual(once);
    expect(once?.ratings.duel.games).toBe(1);
  });

  it("writes the same record arriving twice at the same moment once", async () => {
    const store = t.store();
    const other = t.kind === "postgres" ? await t.openAnother() : store; // PostgreSQL: a second process's pool
    const [a, b] = [await store.createPlayer(), await store.createPlayer()];
    for (let i = 0; i < 10; i++) {
      const record = recordOf(duel, { id: handId(), seats: [person(a.id), person(b.id)] });
      const results = await Promise.all([store.recordHand(record), other.recordHand(record), store.recordHand(record)]);
      expect(results.filter((r) => r === "recorded")).toHaveLength(1);
    }
    expect((await store.getPlayer(a.id))?.ratings.duel.games).toBe(10);
  });

  it("leaves ratings alone for an unrated hand and rates nobody at a computer table", async () => {
    const store = t.store();
    const a = await store.createPlayer();
    const record = recordOf(multi, {
      id: handId(),
      mode: "computer",
      seats: [person(a.id), computerSeat("easy"), computerSeat("hard")],
    });
    expect(record.rated).toBeNull();
    await store.recordHand(record);
    const profile = await store.getPlayer(a.id);
    expect(profile?.ratings.multi).toMatchObject({ rating: 1500, rd: 500, games: 0 });
    expect(profile!.record.won + profile!.record.drawn + profile!.record.lost).toBe(1);
    const game = await store.getGame(record.id);
    expect(game?.seats.map((s) => [s.computer, s.ratingBefore])).toEqual([
      [null, null],
      ["easy", null],
      ["hard", null],
    ]);
  });

  it("counts a player's duels and hands at tables of 3–4 apart in the record by kind", async () => {
    const store = t.store();
    const [a, b, c] = [await store.createPlayer(), await store.createPlayer(), await store.createPlayer()];
    const hands = [
      recordOf(duel, { id: handId(), seats: [person(a.id), person(b.id)] }),
      recordOf(playedHand(3, 7), { id: handId(), seats: [person(a.id), person(b.id), person(c.id)] }),
      recordOf(multi, { id: handId(), mode: "computer", seats: [person(a.id), computerSeat(), computerSeat()] }),
    ];
    const expected = { duel: { won: 0, drawn: 0, lost: 0 }, multi: { won: 0, drawn: 0, lost: 0 } };
    for (const record of hands) {
      await store.recordHand(record);
      const outcome = (await store.getGame(record.id))!.seats[0]!.outcome; // seat 0 is always a's
      expected[record.seats.length === 2 ? "duel" : "multi"][outcome] += 1;
    }
    const profile = (await store.getPlayer(a.id))!;
    expect(profile.records).toEqual(expected);
    expect(profile.record).toEqual({
      won: expected.duel.won + expected.multi.won,
      drawn: expected.duel.drawn + expected.multi.drawn,
      lost: expected.duel.lost + expected.multi.lost,
    });
    expect((await store.getPlayer(c.id))!.records.duel).toEqual({ won: 0, drawn: 0, lost: 0 });
  });

  it("records a person who left as having lost, in the record and in the rating", async () => {
    const store = t.store();
    const [a, b, c] = [await store.createPlayer(), await store.createPlayer(), await store.createPlayer()];
    const seats = [{ ...person(a.id), computer: "medium" as const }, person(b.id), person(c.id)];
    const record = recordOf(multi, { id: handId(), seats });
    expect(record.rated?.seats[0]?.place).toBe(4); // behind the three places of the hand
    await store.recordHand(record);
    const leaver = await store.getPlayer(a.id);
    expect(leaver?.record).toEqual({ won: 0, drawn: 0, lost: 1 });
    expect(leaver?.ratings.multi.rating).toBeLessThan(1500);
  });

  it("refuses a record that can never be written, and writes nothing of it", async () => {
    const store = t.store();
    const a = await store.createPlayer();
    const record = recordOf(duel, { id: handId(), seats: [person(a.id), computerSeat()] });
    await expect(store.recordHand({ ...record, seats: [person(a.id)] })).rejects.toThrow(RecordError);
    await expect(store.recordHand({ ...record, moveTimes: [] })).rejects.toThrow(/move times/);
    await expect(
      store.recordHand({
        ...record,
        rated: {
          kind: "duel",
          seats: [
            { seat: 0, playerId: a.id, place: 1 },
            { seat: 1, playerId: a.id, place: 2 },
          ],
        },
      }),
    ).rejects.toThrow(RecordError);
    await expect(store.recordHand({ ...record, seats: [person(a.id.toUpperCase()), computerSeat()] })).rejects.toThrow(
      /not a player id/,
    );
    expect(await count(store, "games", record.id)).toBe(0);
  });

  it("rolls the whole hand back when part of it fails (an unknown player)", async () => {
    const store = t.store();
    const a = await store.createPlayer();
    const ghost = "00000000-0000-4000-8000-000000000000";
    const record = recordOf(duel, { id: handId(), seats: [person(a.id), person(ghost)] });
    await expect(store.recordHand(record)).rejects.toMatchObject({ code: "23503" }); // foreign key violation
    expect(await count(store, "games", record.id)).toBe(0);
    expect((await store.getPlayer(a.id))?.ratings.duel.games).toBe(0);
  });
});

databases.describeEach("concurrent rating updates", (t) => {
  it("loses no update when two processes finish hands of the same players at the same moment", async () => {
    const first = t.store();
    const second = t.kind === "postgres" ? await t.openAnother() : first; // PGlite: one process, one connection at a time
    const players = [await first.createPlayer("P"), await first.createPlayer("Q"), await first.createPlayer("R")];
    const [p, q, r] = players.map((x) => x.id) as [string, string, string];
    const hands = [0, 1, 2, 4, 5, 6, 7].map((seed) => playedHand(3, seed)); // decisive hands of three, so ratings keep moving
    const rounds = 25;
    for (let i = 0; i < rounds; i++) {
      const hand = hands[i % hands.length]!;
      // The same three players in opposite seat orders: the locks must be taken in one order to avoid a deadlock.
      await Promise.all([
        first.recordHand(recordOf(hand, { id: handId(), seats: [person(p), person(q), person(r)] })),
        second.recordHand(recordOf(hand, { id: handId(), seats: [person(r), person(q), person(p)] })),
      ]);
    }
    for (const player of players) {
      const profile = await first.getPlayer(player.id);
      expect(profile?.ratings.multi.games).toBe(2 * rounds);
      // Every hand was rated from the rating the one before it left: the (before → after) steps
      // form one chain from 1500 to today's rating. A lost update would fork it (two hands rated
      // from the same rating) and the walk would stop short.
      const steps = await first.db
        .selectFrom("game_seats")
        .select(["rating_before", "rating_after"])
        .where("player_id", "=", player.id)
        .execute();
      let rating = 1500;
      for (let i = 0; i < 2 * rounds; i++) {
        const step = steps.findIndex((s) => s.rating_before === rating);
        expect(step, `hand ${i + 1} of ${player.name}`).toBeGreaterThanOrEqual(0);
        rating = steps.splice(step, 1)[0]!.rating_after!;
      }
      expect(rating).toBe(profile?.ratings.multi.rating);
    }
  });
});
