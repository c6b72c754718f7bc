import { expect, it } from "vitest";
import { bothDatabases } from "../test-kit/postgres.js";
import { LEADERBOARD_SIZE } from "./leaderboard.js";
import { person, playedHand, recordOf } from "./sample-hands.js";
import { accountHolder } from "../test-kit/accounts.js";

const databases = bothDatabases();
const duel = playedHand(2, 2); // seat 0 wins

databases.describeEach("the leaderboard", (t) => {
  it("lists account holders once their rating is established, never a provisional one, never a guest", async () => {
    const store = t.store();
    const [a, b, c] = [await accountHolder(store, "A"), await store.createPlayer("B"), await accountHolder(store, "C")];
    for (let i = 0; i < 24; i++) {
      // A wins two of every three.
      const seats = i % 3 === 2 ? [person(b.id), person(a.id)] : [person(a.id), person(b.id)];
      await store.recordHand(recordOf(duel, { id: `lb-${t.kind}-${i}`, seats }));
    }
    await store.recordHand(recordOf(duel, { id: `lb-${t.kind}-c`, seats: [person(c.id), person(a.id)] }));
    expect((await store.leaderboard("duel")).map((e) => e.name)).toEqual(["A"]); // B is a guest, however well established
    await store.accounts.claimAccount(b.id, { handle: `b_${t.kind}`, key: `b_${t.kind}` }, null);
    const board = await store.leaderboard("duel"); // the rating B earned as a guest carries into the account
    expect(board.map((e) => e.name)).toEqual(["A", "B"]);
    expect(board[0]).toMatchObject({ rank: 1, playerId: a.id, games: 25 });
    expect(board.every((e) => e.rd <= 110)).toBe(true);
    expect((await store.getPlayer(c.id))?.ratings.duel.provisional).toBe(true);
    expect(await store.leaderboard("multi")).toEqual([]);
  });

  it("shows the best 100 by rating, ties in id order, one kind at a time", async () => {
    const store = t.store();
    const players = [];
    for (let i = 0; i < LEADERBOARD_SIZE + 5; i++) players.push(await accountHolder(store, `M${i}`));
    // Established multi ratings written directly: a hundred-odd players of one rating each.
    await store.db
      .insertInto("ratings")
      .values(
        players.map((p, i) => ({
          player_id: p.id,
          kind: "multi" as const,
          rating: 1000 + Math.floor(i / 2) * 10,
          rd: 60,
          volatility: 0.06,
          games: 50,
        })),
      )
      .execute();
    const provisional = await accountHolder(store, "Provisional");
    await store.db
      .insertInto("ratings")
      .values({ player_id: provisional.id, kind: "multi", rating: 3000, rd: 110.5, volatility: 0.06, games: 3 })
      .execute();
    const board = await store.leaderboard("multi");
    expect(board).toHaveLength(LEADERBOARD_SIZE);
    expect(board.map((e) => e.rank)).toEqual(Array.from({ length: LEADERBOARD_SIZE }, (_, i) => i + 1));
    expect(board.some((e) => e.playerId === provisional.id)).toBe(false);
    for (let i = 1; i < board.length; i++) {
      const [above, below] = [board[i - 1]!, board[i]!];
      expect(above.rating > below.rating || (above.rating === below.rating && above.playerId < below.playerId)).toBe(
        true,
      );
    }
    expect(board[0]!.rating).toBe(1000 + 52 * 10);
    expect((await store.leaderboard("duel")).every((e) => !e.name.startsWith("M"))).toBe(true);
  });
});
