/**
 * An arena result on record, applied once: the pairing is finished only if it was not yet,
 * then each player's line is worked out again from their finished pairings (arena-rules/sheet.ts),
 * so a result sent twice — a table restored after a crash finishing its hand again — counts once,
 * and a player's score is always their pairings' score.
 */
import { sql, type Transaction } from "kysely";
import type { Database } from "../database/schema.js";
import { sheetOf, type HandOutcome } from "../arena-rules/sheet.js";
import { performanceOfHand } from "../arena-rules/standings.js";
import type { ArenaPlayerRecord, PairingResult } from "./arenas.js";
import { playerOf } from "./arena-rows.js";

/** One result, in the caller's transaction: the pairing finished once, then both players' lines from their pairings. */
export async function applyResult(
  trx: Transaction<Database>,
  pairingId: string,
  result: PairingResult,
  streaks: boolean,
): Promise<ArenaPlayerRecord[] | null> {
  const outcome = result.void ? "void" : result.winner === null ? "draw" : result.winner === 0 ? "a" : "b";
  const finished = await trx
    .updateTable("arena_pairings")
    .set({
      finished_at: sql<Date>`now()`,
      result: outcome,
      quick_draw: result.quickDraw,
      moves_a: result.moves[0],
      moves_b: result.moves[1],
      berserk_a: result.berserk[0],
      berserk_b: result.berserk[1],
    })
    .where("id", "=", pairingId)
    .where("finished_at", "is", null)
    .returning(["arena_id", "player_a", "player_b"])
    .executeTakeFirst();
  if (!finished) return null;
  const lines: ArenaPlayerRecord[] = [];
  for (const playerId of [finished.player_a, finished.player_b]) {
    const played = await trx
      .selectFrom("arena_pairings")
      .selectAll()
      .where("arena_id", "=", finished.arena_id)
      .where((eb) => eb.or([eb("player_a", "=", playerId), eb("player_b", "=", playerId)]))
      .where("result", "in", ["a", "b", "draw"])
      .orderBy("seq")
      .execute();
    const outcomes: HandOutcome[] = [];
    let performanceSum = 0;
    let wins = 0;
    let berserks = 0;
    for (const p of played) {
      const seat = p.player_a === playerId ? 0 : 1;
      const res = p.result === "draw" ? "draw" : (p.result === "a") === (seat === 0) ? "win" : "loss";
      const berserk = seat === 0 ? p.berserk_a : p.berserk_b;
      outcomes.push({ result: res, quickDraw: p.quick_draw, berserk, ownMoves: seat === 0 ? p.moves_a : p.moves_b });
      performanceSum += performanceOfHand(seat === 0 ? p.rating_b : p.rating_a, res);
      if (res === "win") wins++;
      if (berserk) berserks++;
    }
    const sheet = sheetOf(outcomes, streaks);
    const row = await trx
      .updateTable("arena_players")
      .set((eb) => ({
        score: sheet.total,
        hands: played.length,
        wins,
        berserks,
        fire: sheet.fire,
        performance_sum: performanceSum,
        // who reached the score first: the time stays when a hand left the score as it was
        reached_at: eb
          .case()
          .when("score", "=", sheet.total)
          .then(eb.ref("reached_at"))
          .else(sql<Date>`now()`)
          .end(),
      }))
      .where("arena_id", "=", finished.arena_id)
      .where("player_id", "=", playerId)
      .returningAll()
      .executeTakeFirst();
    if (row) lines.push(playerOf(row));
  }
  return lines;
}
