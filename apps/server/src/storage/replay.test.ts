import { replay, type PlayerCount } from "@yourtrumps/engine";
import { expect, it } from "vitest";
import { bothDatabases } from "../test-kit/postgres.js";
import { computerSeat, person, playedHand, recordOf } from "./sample-hands.js";

const databases = bothDatabases();

// Hands of every size, most played mostly greedily (decisive results, draws at the last
// card), some at random (they run to the turn limit or repeat a position).
const hands = ([2, 3, 4] as PlayerCount[]).flatMap((players) =>
  [0, 1, 2, 3, 4, 5].map((seed) => playedHand(players, 100 + seed, seed < 4 ? 0.2 : 1)),
);

databases.describeEach("a record rebuilds its hand", (t) => {
  it("replays every recorded hand to the identical hand and result", async () => {
    const store = t.store();
    const somebody = await store.createPlayer("Replayer");
    const reasons = new Set<string>();
    for (const [i, hand] of hands.entries()) {
      const seats = Array.from({ length: hand.players }, (_, seat) =>
        seat === i % hand.players ? person(somebody.id, "Replayer") : computerSeat(),
      );
      const record = recordOf(hand, { id: `replay-${t.kind}-${i}`, mode: "computer", seats });
      await store.recordHand(record);
      const game = await store.getGame(record.id);
      expect(game).not.toBeNull();
      const rebuilt = replay(game!.setup, game!.log);
      expect(rebuilt).toEqual(hand);
      expect(rebuilt.result).toEqual(game!.result);
      expect(game!.moveTimes).toEqual(record.moveTimes);
      expect(game!.startedAt.getTime()).toBe(record.startedAt.getTime());
      expect(game!.endedAt.getTime()).toBe(record.endedAt.getTime());
      expect({ seed: game!.seed, dealer: game!.dealer, trumps: game!.trumps }).toEqual({
        seed: record.setup.seed,
        dealer: record.setup.dealer,
        trumps: record.setup.trumps,
      });
      reasons.add(hand.result!.reason);
    }
    expect([...reasons].sort()).toEqual(expect.arrayContaining(["out", "turn-limit"]));
  });

  it('keeps a string seed a string (the engine hashes 7 and "7" differently)', async () => {
    const store = t.store();
    const fromNumber = recordOf(playedHand(2, 7), {
      id: `string-seed-${t.kind}`,
      mode: "computer",
      seats: [computerSeat(), computerSeat()],
    });
    const setup = { ...fromNumber.setup, seed: "7" };
    const hand = replay(setup, []);
    expect(hand.hands).not.toEqual(replay(fromNumber.setup, []).hands);
    const record = { ...fromNumber, setup, log: [], moveTimes: [] };
    await store.recordHand(record);
    const game = await store.getGame(record.id);
    expect(game?.seed).toBe("7");
    expect(replay(game!.setup, game!.log).hands).toEqual(hand.hands);
  });

  it("returns null for a hand that was never recorded", async () => {
    expect(await t.store().getGame("no-such-hand")).toBeNull();
  });
});
