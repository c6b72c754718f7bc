/**
 * A write whose commit succeeded but whose answer was lost (the connection dropped
 * after COMMIT) is retried by the writer; the retry must change nothing. The store
 * below is the real one, on both databases, with that one fault put in front of it.
 */
import { expect, it } from "vitest";
import type { RecordResult, Store } from "../storage/index.js";
import { boot, pickTrumps, playToEnd, until } from "../test-kit/harness.js";
import { bothDatabases } from "../test-kit/postgres.js";
import { counts, players, seenRecorded } from "../test-kit/tables.js";

const databases = bothDatabases();

databases.describeEach("a retried write of a hand", (t) => {
  it("leaves one record and applies the ratings once", async () => {
    const real = t.store();
    const attempts: { id: string; result: RecordResult }[] = [];
    const store: Store = {
      ...real,
      recordHand: async (record) => {
        const result = await real.recordHand(record);
        attempts.push({ id: record.id, result });
        if (attempts.length === 1) throw new Error("Connection terminated unexpectedly"); // committed; the answer never came
        return result;
      },
    };
    const h = await boot({ store });
    try {
      const [mo, ned] = await players(real, "Mo", "Ned");
      const m = await h.join("joinOrCreate", { mode: "quick", token: mo!.token });
      const n = await h.join("joinOrCreate", { mode: "quick", token: ned!.token });
      await pickTrumps([m, n]);
      const id = seenRecorded(m).handId;
      await playToEnd([m, n]);
      const shown = await until(
        m,
        () => seenRecorded(m).seats.every((s) => s.ratingAfter > 0),
        10_000,
        "the new ratings",
      ).then(() => seenRecorded(m));
      expect(attempts).toEqual([
        { id, result: "recorded" },
        { id, result: "duplicate" },
      ]);
      expect(await counts(real, [id])).toEqual({ games: 1, seats: 2 });
      for (const player of [mo!, ned!]) expect((await real.getPlayer(player.id))?.ratings.duel.games).toBe(1);
      const game = await real.getGame(id);
      expect(shown.seats.map((s) => s.ratingAfter)).toEqual(game!.seats.map((s) => Math.round(s.ratingAfter!)));
      expect(h.server.writer.status()).toEqual({ db: "up", queued: 0 });
    } finally {
      await h.close();
    }
  });
});
