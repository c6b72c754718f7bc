/** Each player's arena score worked out from the pairings on record (arena-rules/sheet.ts is unit-tested apart): what the standings must show. */
import type { Store } from "../storage/index.js";
import { sheetOf, type HandOutcome } from "../arena-rules/sheet.js";

export async function scoresOnRecord(store: Store, arenaId: string): Promise<Map<string, number>> {
  const pairings = await store.db
    .selectFrom("arena_pairings")
    .selectAll()
    .where("arena_id", "=", arenaId)
    .where("result", "in", ["a", "b", "draw"])
    .orderBy("seq")
    .execute();
  const outcomes = new Map<string, HandOutcome[]>();
  for (const p of pairings)
    for (const [seat, id] of [p.player_a, p.player_b].entries()) {
      const result = p.result === "draw" ? "draw" : (p.result === "a") === (seat === 0) ? "win" : "loss";
      const list = outcomes.get(id) ?? [];
      list.push({
        result,
        quickDraw: p.quick_draw,
        berserk: seat === 0 ? p.berserk_a : p.berserk_b,
        ownMoves: seat === 0 ? p.moves_a : p.moves_b,
      });
      outcomes.set(id, list);
    }
  return new Map([...outcomes].map(([id, list]) => [id, sheetOf(list, true).total]));
}
