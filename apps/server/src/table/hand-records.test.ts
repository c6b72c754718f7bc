import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Room } from "@colyseus/sdk";
import { Rng, abandon, replay, type HandResult, type Move } from "@yourtrumps/engine";
import { TABLE_RESTART_CODE } from "@yourtrumps/protocol";
import {
  counts,
  eventually,
  playAtLeast,
  players,
  privateTable,
  seenRecorded,
  type SeenRecorded,
} from "../test-kit/tables.js";
import type { GameRecord, Store } from "../storage/index.js";
import { boot, mySeat, pickTrumps, playMoves, playToEnd, settle, until } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";
import { temporaryPgliteStore } from "../test-kit/postgres.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const h = useServer();

/** The result as the engine says it (the state shows no loser as -1). */
function engineResult(s: SeenRecorded): HandResult {
  return {
    reason: s.result.reason as HandResult["reason"],
    loser: s.result.loser < 0 ? null : s.result.loser,
    places: s.result.places,
  };
}

/** The record of hand `id`, once it has been committed. */
function committed(store: Store, id: string): Promise<GameRecord> {
  return eventually(
    () => store.getGame(id),
    (g) => g !== null,
    15_000,
    `hand ${id} on record`,
  ) as Promise<GameRecord>;
}

/** Checks that `game` is the hand `end` shows, to the last card: same result, and its log replays to what the client sees. */
function expectSameHand(game: GameRecord, end: SeenRecorded, room: Room, moves: number): void {
  const rebuilt = replay(game.setup, game.log);
  expect(game.log).toHaveLength(moves);
  expect(game.moveTimes).toHaveLength(moves);
  expect(game.moveTimes.every((t, i) => t >= (game.moveTimes[i - 1] ?? 0))).toBe(true);
  expect(game.moveTimes.at(-1) ?? 0).toBeLessThanOrEqual(game.endedAt.getTime() - game.startedAt.getTime());
  expect(game.result).toEqual(engineResult(end));
  expect(rebuilt.result).toEqual(game.result);
  expect(rebuilt.setup).toEqual(game.setup);
  expect(rebuilt.trumps).toEqual(end.seats.map((s) => s.trump));
  expect(rebuilt.pile).toEqual(end.pile);
  expect(rebuilt.hands.map((cards) => cards.length)).toEqual(end.seats.map((s) => s.cardCount));
  expect(rebuilt.hands[mySeat(room)]).toEqual(end.seats[mySeat(room)]!.hand);
}

const seededChoice = (seed: string, pickOf: (moves: Move[], rng: Rng) => Move): ((moves: Move[]) => Move) => {
  const rng = new Rng(seed);
  return (moves) => pickOf(moves, rng);
};

describe("every hand on record", () => {
  it("a hand at a computer table: its id shows at the deal, and once it ends its record replays to what the client saw", async () => {
    const [ann] = await players(h.store, "Ann");
    const a = await h.join("joinOrCreate", { mode: "computer", token: ann!.token });
    expect(seenRecorded(a).handId).toBe("");
    await pickTrumps([a]);
    const dealt = seenRecorded(a);
    expect(dealt.handId).toMatch(UUID);
    const end = (await playToEnd([a])) as unknown as SeenRecorded;
    expect(seenRecorded(a).handId).toBe(dealt.handId);
    const game = await committed(h.store, dealt.handId);
    expect(game).toMatchObject({
      id: dealt.handId,
      tableId: a.roomId,
      mode: "computer",
      players: 2,
      rated: false,
      options: { turnSeconds: 0, level: "medium" },
    });
    expect(
      game.seats.map(({ name, playerId, computer, anonymous, ratingAfter }) => ({
        name,
        playerId,
        computer,
        anonymous,
        ratingAfter,
      })),
    ).toEqual([
      { name: "Ann", playerId: ann!.id, computer: null, anonymous: false, ratingAfter: null },
      { name: "Computer", playerId: null, computer: "medium", anonymous: false, ratingAfter: null },
    ]);
    expectSameHand(game, end, a, end.seq - dealt.seq);
    expect(end.seats.every((s) => s.ratingAfter === 0)).toBe(true); // computer tables are never rated
  });

  it("hands played every way a table plays them are recorded as they ended (first legal move, at random, pickups first)", async () => {
    const [a, b] = await privateTable(h, [undefined, undefined]);
    const policies = [
      seededChoice("first", (moves) => moves[0]!),
      seededChoice("random", (moves, rng) => moves[rng.int(moves.length)]!),
      seededChoice("pickups", (moves, rng) =>
        rng.int(4) > 0 ? moves[moves.length - 1]! : moves[rng.int(moves.length)]!,
      ),
    ];
    const reasons: string[] = [];
    for (const [i, choose] of policies.entries()) {
      const dealt = await until(a!, (x) => x.phase === "playing" && x.hands === i + 1).then(() => seenRecorded(a!));
      const end = (await playToEnd([a!, b!], { choose, timeoutMs: 120_000 })) as unknown as SeenRecorded;
      await settle([a!, b!]);
      const game = await committed(h.store, dealt.handId);
      expectSameHand(game, seenRecorded(b!), b!, end.seq - dealt.seq);
      expect(game.seats.map((s) => [s.anonymous, s.playerId, s.computer])).toEqual([
        [true, null, null],
        [true, null, null],
      ]);
      reasons.push(game.result.reason);
      a!.send("rematch");
      b!.send("rematch");
    }
    expect(reasons).toHaveLength(3);
    console.log(`hands at a private table ended by: ${reasons.join(", ")}`);
  }, 240_000);

  it("a quick duel of two identified players is rated: both seats show their new ratings, and the rematch starts from them", async () => {
    const [cy, di] = await players(h.store, "Cy", "Di");
    const c = await h.join("joinOrCreate", { mode: "quick", token: cy!.token });
    const d = await h.join("joinOrCreate", { mode: "quick", token: di!.token });
    await pickTrumps([c, d]);
    const dealt = seenRecorded(c);
    expect(dealt.seats.map((s) => [s.playerId, s.rating, s.provisional, s.ratingAfter])).toEqual([
      [cy!.id, 1500, true, 0],
      [di!.id, 1500, true, 0],
    ]);
    await playToEnd([c, d]);
    const shown = await until(
      c,
      (x) => (x as unknown as SeenRecorded).seats.every((s) => s.ratingAfter > 0),
      15_000,
      "the new ratings",
    ).then(() => seenRecorded(c));
    const game = await committed(h.store, dealt.handId);
    expect(game.rated).toBe(true);
    expect(shown.seats.map((s) => s.ratingAfter)).toEqual(game.seats.map((s) => Math.round(s.ratingAfter!)));
    if (game.result.loser !== null) expect(shown.seats[game.result.loser]!.ratingAfter).toBeLessThan(1500);
    expect((await h.store.getPlayer(cy!.id))?.ratings.duel.games).toBe(1);
    c.send("rematch");
    d.send("rematch");
    const next = await until(c, (x) => x.phase === "playing" && x.hands === 2).then(() => seenRecorded(c));
    expect(next.handId).toMatch(UUID);
    expect(next.handId).not.toBe(dealt.handId);
    expect(next.seats.map((s) => [s.rating, s.ratingAfter])).toEqual(shown.seats.map((s) => [s.ratingAfter, 0]));
    expect(next.seats.every((s) => s.provisional)).toBe(true); // one hand does not establish a rating
  });

  it("an identified player against an anonymous one is recorded, unrated", async () => {
    const [ed] = await players(h.store, "Ed");
    const [e, anon] = await privateTable(h, [ed!.token, undefined]);
    const dealt = seenRecorded(e!);
    await playToEnd([e!, anon!]);
    const game = await committed(h.store, dealt.handId);
    expect(game.rated).toBe(false);
    expect(game.seats.map((s) => [s.playerId, s.anonymous, s.ratingAfter])).toEqual([
      [ed!.id, false, null],
      [null, true, null],
    ]);
    expect((await h.store.playerGames(ed!.id)).games.map((g) => g.id)).toEqual([dealt.handId]);
  });

  it("a person who leaves mid-hand is recorded as having left, and loses the rated hand whatever the computer did", async () => {
    const [fay, gus] = await players(h.store, "Fay", "Gus");
    const [f, g] = await privateTable(h, [fay!.token, gus!.token]);
    const dealt = seenRecorded(f!);
    await playMoves([f!, g!], 4);
    await f!.leave(true);
    await until(g!, (x) => x.seats[0]!.isAI, 5000, "the computer in Fay's seat");
    expect(seenRecorded(g!).seats[0]).toMatchObject({ playerId: "", rating: 0 });
    await playToEnd([g!]);
    const game = await committed(h.store, dealt.handId);
    expect(game.rated).toBe(true);
    expect(game.seats[0]).toMatchObject({
      name: "Fay",
      playerId: fay!.id,
      computer: "medium",
      anonymous: false,
      outcome: "lost",
    });
    expect(game.seats[1]).toMatchObject({ playerId: gus!.id, computer: null }); // his outcome is the cards' (the computer may have beaten him); his rating is not
    expect(game.seats[0]!.ratingAfter).toBeLessThan(1500);
    expect(game.seats[1]!.ratingAfter).toBeGreaterThan(1500);
    await until(g!, (x) => (x as unknown as SeenRecorded).seats[1]!.ratingAfter > 1500, 15_000, "Gus's new rating");
    expect(seenRecorded(g!).seats[0]!.ratingAfter).toBe(0); // the leaver's seat is a computer's now
  });

  it("a table disposed mid-hand (its last person left) records the hand as abandoned, with the moves so far", async () => {
    const [hal] = await players(h.store, "Hal");
    const a = await h.join("joinOrCreate", { mode: "computer", token: hal!.token });
    await pickTrumps([a]);
    const before = await playAtLeast([a], 3);
    const dealt = before.handId;
    await a.leave(true);
    const game = await committed(h.store, dealt);
    expect(game.result.reason).toBe("abandoned");
    expect(game.result.loser).toBeNull();
    expect(game.seats[0]).toMatchObject({ playerId: hal!.id, computer: "medium" }); // Hal left it
    expect(abandon(replay(game.setup, game.log)).result).toEqual(game.result);
    expect(game.log.length).toBeGreaterThanOrEqual(before.seq); // and the computer's answer, if it came before the table closed
  });
});

describe("the rematch and the record's commit", () => {
  let real: Store;
  beforeAll(async () => {
    real = await temporaryPgliteStore();
  });
  afterAll(async () => {
    await real.close();
  });

  /** `real` with recordHand waiting until `open()`; `held` lists the records it was asked for. */
  function heldRecords(): { store: Store; held: string[]; open: () => void } {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const held: string[] = [];
    const store: Store = {
      ...real,
      recordHand: async (record) => {
        held.push(record.id);
        await gate;
        return real.recordHand(record);
      },
    };
    return { store, held, open };
  }

  it("waits for the commit, and deals as soon as it is in", async () => {
    const { store, held, open } = heldRecords();
    const g = await boot({ store, recordWaitMs: 10 * 60_000 }); // a bound longer than the test: only the record can deal
    try {
      const [a, b] = await privateTable(g, [undefined, undefined]);
      const first = seenRecorded(a!).handId;
      await playToEnd([a!, b!]);
      a!.send("rematch");
      b!.send("rematch");
      // Agreeing deals at once when the record is in (rematch.ts): a deal not waiting for it would be in this very patch.
      await until(a!, (x) => x.seats.every((s) => s.wantsRematch));
      expect(seenRecorded(a!)).toMatchObject({ phase: "over", hands: 1 }); // everyone agreed, the record is not in yet
      expect(held).toEqual([first]);
      open();
      await until(a!, (x) => x.phase === "playing" && x.hands === 2);
      expect(await counts(real, [first])).toEqual({ games: 1, seats: 2 });
    } finally {
      await g.close();
    }
  });

  it("deals after its bound when the database does not answer, the record still queued", async () => {
    const { store, held, open } = heldRecords();
    const g = await boot({ store }); // the production bound, 3 s from the end of the hand
    try {
      const [a, b] = await privateTable(g, [undefined, undefined]);
      const first = seenRecorded(a!).handId;
      await playToEnd([a!, b!]);
      a!.send("rematch");
      b!.send("rematch");
      await until(a!, (x) => x.seats.every((s) => s.wantsRematch));
      expect(seenRecorded(a!)).toMatchObject({ phase: "over", hands: 1 }); // it waits for the record first…
      await until(a!, (x) => x.phase === "playing" && x.hands === 2, 10_000);
      expect(held).toEqual([first]); // …then deals without it
      expect(g.server.writer.status().queued).toBe(1);
      expect(await counts(real, [first])).toEqual({ games: 0, seats: 0 });
      open();
      await eventually(
        () => counts(real, [first]),
        (n) => n.games === 1,
        5000,
        "the late record",
      );
    } finally {
      await g.close();
    }
  });

  it("hands in play when the server shuts down are kept for the next start, not called off: no record, no rating, and the clients are told to come back", async () => {
    const store = await temporaryPgliteStore();
    try {
      const g = await boot({ store, journalBatchMs: 100 }); // the production bound: a shutdown writes what waits in a group
      const [ivy, jon] = await players(store, "Ivy", "Jon");
      const solo = await g.join("joinOrCreate", { mode: "computer", token: ivy!.token });
      await pickTrumps([solo]);
      await playMoves([solo], 2);
      const [p, q] = await privateTable(g, [ivy!.token, jon!.token]);
      await playMoves([p!, q!], 5);
      const tables = [
        await settle([solo]).then(() => seenRecorded(solo)),
        await settle([p!, q!]).then(() => seenRecorded(p!)),
      ];
      const lastSeen = new Promise<[SeenRecorded, number]>((resolve) =>
        q!.onLeave((code) => resolve([seenRecorded(q!), code])),
      );
      await g.server.close();
      const [seenLast, code] = await lastSeen;
      expect(seenLast.result.reason).toBe(""); // nothing called off
      expect(code).toBe(TABLE_RESTART_CODE);
      for (const table of tables) expect(await store.getGame(table.handId)).toBeNull();
      expect(await store.live.count()).toEqual({ tables: 2, unowned: 2 });
      const ivyNow = await store.getPlayer(ivy!.id);
      expect(ivyNow!.ratings.duel.games).toBe(0); // a restart moves no rating
      await g.close();
    } finally {
      await store.close();
    }
  });
});
