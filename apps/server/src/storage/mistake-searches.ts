/**
 * The recorded duels waiting for their mistake search (migration 0008-mistake-searches), in
 * the database rather than in a process's memory: a hand with a person's duel seat is queued
 * by the transaction that records it (record-hand.ts), so no crash between the record and the
 * search can lose it, and it leaves the queue in the transaction that stores its mistakes
 * (mistakes.ts). A finder claims a few at a time, oldest first, under a lease: processes
 * sharing the database take different hands, a crashed one's are taken again once its lease
 * lapses, and a process started again under the same name takes its own back at once.
 */
import type { Move } from "@yourtrumps/engine";
import { sql, type Kysely } from "kysely";
import type { HandRecord } from "./hand-record.js";
import type { Database, DealSetup } from "../database/schema.js";

/** The seats of a recorded hand whose mistakes are looked for: a person's, held by them to the end, in a duel. */
export function personSeats(record: Pick<HandRecord, "setup" | "seats">): number[] {
  if (record.setup.players !== 2) return [];
  return record.seats.flatMap((s, seat) => (s.playerId !== null && s.computer === null ? [seat] : []));
}

/** A queued hand as the finder searches it. */
export interface PendingSearch {
  gameId: string;
  setup: DealSetup;
  log: Move[];
  people: { seat: number; playerId: string }[]; // the person seats, as personSeats finds them
}

/** What a claim took, and how many hands wait in all (claimed or not, this batch included). */
export interface ClaimedSearches {
  hands: PendingSearch[]; // oldest first
  waiting: number;
}

/**
 * Claims the oldest `limit` hands nobody else holds (unclaimed, claimed by `owner` itself, or
 * under a lapsed lease) for `leaseMs`. Rows another claim is taking at the same moment are
 * skipped, not waited for.
 */
export async function claimSearches(
  db: Kysely<Database>,
  owner: string,
  limit: number,
  leaseMs: number,
): Promise<ClaimedSearches> {
  const claimed = await db
    .updateTable("mistake_searches")
    .set({ claimed_by: owner, claimed_until: sql<Date>`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where("game_id", "in", (eb) =>
      eb
        .selectFrom("mistake_searches")
        .select("game_id")
        .where((w) =>
          w.or([w("claimed_by", "is", null), w("claimed_by", "=", owner), w("claimed_until", "<", sql<Date>`now()`)]),
        )
        .orderBy("seq")
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(["game_id", "seq"])
    .execute();
  const { waiting } = await db
    .selectFrom("mistake_searches")
    .select((eb) => eb.fn.countAll<string>().as("waiting"))
    .executeTakeFirstOrThrow();
  if (claimed.length === 0) return { hands: [], waiting: Number(waiting) };
  const ids = claimed.map((c) => c.game_id);
  const games = await db.selectFrom("games").select(["id", "setup", "log"]).where("id", "in", ids).execute();
  const seats = await db
    .selectFrom("game_seats")
    .select(["game_id", "seat", "player_id"])
    .where("game_id", "in", ids)
    .where("player_id", "is not", null)
    .where("computer", "is", null)
    .orderBy("seat")
    .execute();
  const order = new Map(claimed.map((c) => [c.game_id, Number(c.seq)]));
  const hands = games
    .map((g) => ({
      gameId: g.id,
      setup: g.setup,
      log: g.log,
      people: seats.filter((s) => s.game_id === g.id).map((s) => ({ seat: s.seat, playerId: s.player_id! })),
    }))
    .sort((a, b) => order.get(a.gameId)! - order.get(b.gameId)!);
  return { hands, waiting: Number(waiting) };
}
