/**
 * The database goes away mid-play (a real PostgreSQL, stopped and started again): the
 * tables play on, /health says the database is down and how many records wait, the
 * rematch deals after its bound, and once the database is back every record lands,
 * rated ones with their ratings applied in order.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Room } from "@colyseus/sdk";
import { joinRefusal } from "@yourtrumps/protocol";
import type { HealthAnswer } from "../http/health.js";
import { counts, eventually, players, seenRecorded } from "../test-kit/tables.js";
import { pickTrumps, playToEnd, until } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";
import { startPostgres, type PostgresServer } from "../test-kit/postgres.js";

let pg: PostgresServer;
beforeAll(async () => {
  pg = await startPostgres();
});
afterAll(async () => {
  await pg?.destroy();
});
const h = useServer(async () => ({ databaseUrl: await pg.createDatabase("database_down") })); // after the PostgreSQL, closed before it

async function health(): Promise<HealthAnswer> {
  return (await (await fetch(`${h.base}/health`)).json()) as HealthAnswer;
}

/** Plays the hand to its end and asks for the next one at every seat; the id of the hand played. */
async function playHand(rooms: Room[]): Promise<string> {
  const id = seenRecorded(rooms[0]!).handId;
  await playToEnd(rooms);
  for (const room of rooms) room.send("rematch");
  return id;
}

describe("the database goes down mid-play", () => {
  it("play goes on, records wait in the queue, and all of them land once it is back", async () => {
    const [kim, lee] = await players(h.store, "Kim", "Lee");
    const k = await h.join("joinOrCreate", { mode: "quick", token: kim!.token });
    const l = await h.join("joinOrCreate", { mode: "quick", token: lee!.token });
    await pickTrumps([k, l]);
    const before = await playHand([k, l]);
    await until(k, (x) => x.phase === "playing" && x.hands === 2);
    expect(await counts(h.store, [before])).toEqual({ games: 1, seats: 2 });

    await pg.stop();
    const during = [await playHand([k, l])];
    const down = await eventually(health, (x) => x.db === "down", 10_000, "/health to say the database is down");
    expect(down).toMatchObject({ ok: true, queued: 1 });
    await until(k, (x) => x.phase === "playing" && x.hands === 3, 10_000, "the rematch, after its bound");
    expect(await health()).toMatchObject({ db: "down", queued: 1 }); // dealt without the record (that it waits first: hand-records.test.ts)
    during.push(await playHand([k, l]));
    await until(k, (x) => x.phase === "playing" && x.hands === 4, 10_000, "the next rematch");
    expect((await health()).queued).toBe(2);

    // A table with nobody identified opens and plays as ever; a token cannot be checked.
    const solo = await h.join("joinOrCreate", { mode: "computer" });
    await pickTrumps([solo]);
    during.push(await playHand([solo]));
    const refused = await h.colyseus.sdk.joinOrCreate("table", { mode: "computer", token: kim!.token }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(joinRefusal(refused)).toBe("identity-unavailable");
    expect((await health()).queued).toBe(3);

    await pg.start();
    await eventually(health, (x) => x.db === "up" && x.queued === 0, 45_000, "the queue to drain");
    expect(await counts(h.store, during)).toEqual({ games: 3, seats: 6 });
    // Both rated hands of the outage were rated in the order they were played.
    const games = await Promise.all(during.slice(0, 2).map((id) => h.store.getGame(id)));
    const kimAt = (i: number) => games[i]!.seats.find((s) => s.playerId === kim!.id)!;
    expect(kimAt(1).ratingBefore).toBe(kimAt(0).ratingAfter);
    expect((await h.store.getPlayer(kim!.id))?.ratings.duel.games).toBe(3);
    // The hand being played now shows the ratings those late records gave.
    const kimNow = Math.round(kimAt(1).ratingAfter!);
    await until(
      k,
      () => seenRecorded(k).seats.find((s) => s.playerId === kim!.id)!.rating === kimNow,
      5000,
      `Kim's rating of ${kimNow}`,
    );
    expect(seenRecorded(k).seats.every((s) => s.ratingAfter === 0)).toBe(true); // that hand is not over
  }, 120_000);
});
