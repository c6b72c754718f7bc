import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  Rng,
  abandon,
  applyMove,
  fromPosition,
  legalMoves,
  newHand,
  replay,
  type Hand,
  type Move,
  type PlayerCount,
  type ResultReason,
} from "@yourtrumps/engine";
import { checkRecord, type SeatRecord } from "../storage/index.js";
import { playedHand } from "../storage/sample-hands.js";
import { bothDatabases } from "../test-kit/postgres.js";
import { recordOfHand, type FinishedHand } from "./record-of-hand.js";

type Policy = (moves: Move[], rng: Rng) => Move;
const firstLegal: Policy = (moves) => moves[0]!; // plays before pickups: hands end with a player out
const atRandom: Policy = (moves, rng) => moves[rng.int(moves.length)]!; // mostly runs to the turn limit
const pickupFirst: Policy = (moves, rng) => (rng.int(4) > 0 ? moves[moves.length - 1]! : moves[rng.int(moves.length)]!); // cards circulate: positions recur

/** A dealt hand played by `policy` until it ends, or for `moves` moves only. */
function play(players: PlayerCount, seed: string, policy: Policy, moves = Infinity): Hand {
  const rng = new Rng(`moves ${seed}`);
  let hand = newHand({ players, seed });
  for (let i = 0; i < moves && hand.result === null; i++) {
    const r = applyMove(hand, policy(legalMoves(hand), rng));
    if (!r.ok) throw new Error(r.error.message);
    hand = r.hand;
  }
  return hand;
}

/** The first of the hands `deal(0)`, `deal(1)`, … that ends for `reason`. */
function handEndingBy(reason: ResultReason, deal: (i: number) => Hand): Hand {
  for (let i = 0; i < 200; i++) {
    const hand = deal(i);
    if (hand.result?.reason === reason) return hand;
  }
  throw new Error(`no ${reason} in 200 hands`);
}

const person = (playerId: string | null, name: string): SeatRecord => ({
  name,
  playerId,
  computer: null,
  anonymous: playerId === null,
});
const computer: SeatRecord = { name: "Computer", playerId: null, computer: "medium", anonymous: false };
const leaver = (playerId: string, name: string): SeatRecord => ({
  name,
  playerId,
  computer: "medium",
  anonymous: false,
});
const A = "00000000-0000-4000-8000-00000000000a";
const B = "00000000-0000-4000-8000-00000000000b";
const C = "00000000-0000-4000-8000-00000000000c";

function finished(hand: Hand, o: Partial<FinishedHand> = {}): FinishedHand {
  const seats = o.seats ?? Array.from({ length: hand.players }, (_, i) => (i === 0 ? person(null, "Ann") : computer));
  return {
    id: randomUUID(),
    tableId: "table",
    mode: "computer",
    options: { turnSeconds: 0, level: "medium" },
    hand,
    moveTimes: hand.log.map((_, i) => 10 * i),
    startedAt: 1_000_000,
    endedAt: 1_000_000 + 10 * hand.log.length,
    seats,
    ...o,
  };
}

// Every way a hand ends (R15–R17), each from a real deal: play settles the first four
// (greedy play ends with a player out or, at three, sometimes a last-card draw), the
// host's `abandon` the last (a table closing mid-hand).
const byReason: Record<ResultReason, Hand> = {
  out: handEndingBy("out", (i) => play(2, `out/${i}`, firstLegal)),
  "last-card-draw": handEndingBy("last-card-draw", (i) => playedHand(3, i, 0)),
  repetition: handEndingBy("repetition", (i) => play(2, `repetition/${i}`, pickupFirst)),
  "turn-limit": handEndingBy("turn-limit", (i) => play(2, `turn-limit/${i}`, atRandom)),
  abandoned: abandon(play(4, "abandoned", atRandom, 57)),
};

describe("the record of a hand", () => {
  it("for every end reason, rebuilds the hand exactly through the engine's replay", () => {
    for (const [reason, hand] of Object.entries(byReason)) {
      const record = recordOfHand(finished(hand));
      expect(() => checkRecord(record)).not.toThrow();
      expect(record.result.reason).toBe(reason);
      const rebuilt = replay(record.setup, record.log);
      // abandon is the host's, not a move: replaying the log gives the hand it called off
      expect(reason === "abandoned" ? abandon(rebuilt) : rebuilt, reason).toEqual(hand);
      expect(record.result).toEqual(hand.result);
      expect(record.moveTimes).toHaveLength(record.log.length);
    }
    expect(byReason.abandoned.log).toHaveLength(57);
  });

  it("keeps the engine setup, the times and the table's options", () => {
    const hand = byReason.out;
    const record = recordOfHand(
      finished(hand, { tableId: "t1", mode: "quick", options: { turnSeconds: 30, level: "easy" } }),
    );
    expect(record.setup).toEqual({
      kind: "deal",
      players: 2,
      seed: hand.setup.kind === "deal" ? hand.setup.seed : -1,
      dealer: record.setup.dealer,
      trumps: ["S", "H"],
      sixesToOwner: true,
      maxTurns: 1000,
    });
    expect(record).toMatchObject({ tableId: "t1", mode: "quick", options: { turnSeconds: 30, level: "easy" } });
    expect(record.startedAt.getTime()).toBe(1_000_000);
    expect(record.endedAt.getTime()).toBe(1_000_000 + 10 * hand.log.length);
  });

  it("ends no earlier than it started, whatever the wall clock did", () => {
    const record = recordOfHand(finished(byReason.out, { startedAt: 5000, endedAt: 4000 }));
    expect(record.endedAt.getTime()).toBe(5000);
  });

  it("rates quick and private hands of two identified people, a leaver last; never computer tables or anonymous opponents", () => {
    const duel = byReason.out;
    const loser = duel.result!.loser!;
    const people = [person(A, "A"), person(B, "B")];
    for (const mode of ["quick", "private"] as const) {
      const rated = recordOfHand(finished(duel, { mode, seats: people })).rated;
      expect(rated?.kind).toBe("duel");
      expect(rated?.seats.find((s) => s.seat === loser)?.place).toBe(2);
    }
    expect(recordOfHand(finished(duel, { mode: "computer", seats: people })).rated).toBeNull();
    expect(
      recordOfHand(finished(duel, { mode: "quick", seats: [person(A, "A"), person(null, "Anon")] })).rated,
    ).toBeNull();
    expect(recordOfHand(finished(duel, { mode: "quick", seats: [person(A, "A"), computer] })).rated).toBeNull();
    // the winner left and the computer won the hand for them: the leaver still loses
    const winner = 1 - loser;
    const seats = people.map((s, i) => (i === winner ? leaver(s.playerId!, s.name) : s));
    const rated = recordOfHand(finished(duel, { mode: "quick", seats })).rated;
    expect(rated?.seats.find((s) => s.seat === winner)?.place).toBe(3);
    // a hand the server called off is never rated, identified people or not
    const four = recordOfHand(
      finished(byReason.abandoned, {
        mode: "private",
        seats: [person(A, "A"), person(B, "B"), person(C, "C"), computer],
      }),
    ).rated;
    expect(four).toBeNull();
  });

  it("refuses what a table never plays: a hand from a position, or one without a result", () => {
    const unfinished = play(2, "unfinished", firstLegal, 3);
    expect(() => recordOfHand(finished(unfinished))).toThrow(/no result/);
    const fromAPosition = abandon(fromPosition({ trumps: ["S", "H"], hands: [["7H"], ["KC"]], pile: [], toMove: 0 }));
    expect(() => recordOfHand(finished(fromAPosition))).toThrow(/position/);
  });
});

const databases = bothDatabases();

databases.describeEach("records of every end reason in the database", (t) => {
  it("stores each and gives back what replays to the same hand", async () => {
    const store = t.store();
    const [ann] = await Promise.all([store.createPlayer("Ann")]);
    for (const [reason, hand] of Object.entries(byReason)) {
      const seats = Array.from({ length: hand.players }, (_, i) => (i === 0 ? person(ann.id, "Ann") : computer));
      const record = recordOfHand(finished(hand, { seats }));
      expect(await store.recordHand(record)).toBe("recorded");
      const game = await store.getGame(record.id);
      expect(game?.result.reason).toBe(reason);
      const rebuilt = replay(game!.setup, game!.log);
      expect(reason === "abandoned" ? abandon(rebuilt) : rebuilt).toEqual(hand);
      expect(game!.moveTimes).toEqual(record.moveTimes);
      expect(game!.seats.map((s) => s.playerId)).toEqual(seats.map((s) => s.playerId));
    }
  });
});
