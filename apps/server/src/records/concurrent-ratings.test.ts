/**
 * Two server processes (sharing matchmaking through a real redis-server, and one real
 * PostgreSQL) finish rated hands of the same player at the same moment. The moment is
 * made, not hoped for: a transaction of the test holds the ratings table locked while
 * both hands end, so both processes' record transactions are in flight at once, waiting
 * on it; when it lets go they race for the player's rating. Both must apply, one after
 * the other.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ColyseusSDK, type Room } from "@colyseus/sdk";
import { sql } from "kysely";
import { openStore, type Store } from "../storage/index.js";
import { pickTrumps, playToEnd, seen } from "../test-kit/harness.js";
import { useProcesses } from "../test-kit/process-fixture.js";
import { person, playedHand, recordOf } from "../storage/sample-hands.js";
import { eventually, players, seenRecorded } from "../test-kit/tables.js";

const processes = useProcesses({
  database: "concurrent_ratings",
  env: () => ({
    AI_DELAY_MS: "5",
    MESSAGES_PER_SECOND: "10000",
    FILL_AFTER_SECONDS: "60",
    CLIENT_DIST: "/nonexistent",
  }),
});
const ports = processes.ports;
let store: Store;
beforeAll(async () => {
  store = await openStore({ databaseUrl: processes.databaseUrl });
});
afterAll(() => store?.close());

async function roomsOf(port: number): Promise<number> {
  return ((await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as { rooms: number }).rooms;
}

/** A private duel created through the process on `port`, the second player joining by its code. */
async function duel(port: number, tokens: [string, string]): Promise<Room[]> {
  const sdk = new ColyseusSDK(`ws://127.0.0.1:${port}`);
  const first = await sdk.create("table", { mode: "private", token: tokens[0] });
  await first.waitForInitialState();
  const second = await sdk.join("table", { mode: "private", code: seen(first).code, token: tokens[1] });
  await second.waitForInitialState();
  const rooms = [first, second];
  for (const room of rooms) room.reconnection.enabled = false;
  await pickTrumps(rooms);
  return rooms;
}

describe("rated hands of one player, finished at the same moment in two processes", () => {
  it("both apply: the second rates from the first's result", async () => {
    const [pat, quin, ray, sam] = await players(store, "Pat", "Quin", "Ray", "Sam");
    // Pat starts away from 1500, so any result against a newcomer moves Pat's rating, a draw too.
    const won = playedHand(2, 2); // seat 0 wins
    await store.recordHand(
      recordOf(won, { id: "pat-before", seats: [person(pat!.id, "Pat"), person(sam!.id, "Sam")] }),
    );
    const start = (await store.getPlayer(pat!.id))!.ratings.duel.rating;
    expect(start).toBeGreaterThan(1500);
    const one = await duel(ports[0]!, [pat!.token, quin!.token]);
    await processes.roomCountsShared(); // then the next table goes to the other process
    const two = await duel(ports[1]!, [pat!.token, ray!.token]);
    expect(await Promise.all(ports.map(roomsOf))).toEqual([1, 1]); // one table in each process
    const ids = [seenRecorded(one[0]!).handId, seenRecorded(two[0]!).handId];

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = store.db.transaction().execute(async (trx) => {
      await sql`lock table ratings in access exclusive mode`.execute(trx);
      locked();
      await released;
    });
    await isLocked;
    await Promise.all([playToEnd(one), playToEnd(two)]);
    // Both processes' transactions have written their game and wait for the ratings.
    await eventually(
      async () =>
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from pg_locks where relation = 'ratings'::regclass and not granted`.execute(
            store.db,
          )
        ).rows[0]!.n,
      (waiting) => waiting >= 2,
      15_000,
      "both record transactions to wait on the ratings",
    );
    release();
    await holding;

    const games = await eventually(
      () => Promise.all(ids.map((id) => store.getGame(id))),
      (g) => g.every((x) => x !== null),
      15_000,
      "both records",
    );
    const patSeats = games.map((g) => g!.seats.find((s) => s.playerId === pat!.id)!);
    const [earlier, later] =
      patSeats[0]!.ratingBefore === start ? [patSeats[0]!, patSeats[1]!] : [patSeats[1]!, patSeats[0]!];
    expect(earlier.ratingBefore).toBe(start);
    expect(earlier.ratingAfter).not.toBe(start);
    expect(later.ratingBefore).toBe(earlier.ratingAfter); // no update lost: the later hand saw the earlier one's rating
    const profile = await store.getPlayer(pat!.id);
    expect(profile?.ratings.duel.games).toBe(3);
    expect(profile?.ratings.duel.rating).toBe(later.ratingAfter);
    for (const player of [quin!, ray!]) expect((await store.getPlayer(player.id))?.ratings.duel.games).toBe(1);
    // Each table shows Pat the new rating of its own hand.
    for (const [i, rooms] of [one, two].entries()) {
      const shown = await eventually(
        () => Promise.resolve(seenRecorded(rooms[0]!).seats[0]!.ratingAfter),
        (r) => r > 0,
        5000,
        "the new rating at the table",
      );
      expect(shown).toBe(Math.round(patSeats[i]!.ratingAfter!));
    }
    for (const room of [...one, ...two]) await room.leave();
  }, 120_000);
});
