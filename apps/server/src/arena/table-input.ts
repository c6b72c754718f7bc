/** What a pairing's table is made with (arena-rules/table-config.ts): the arena's settings and the two players' seats. */
import type { ArenaPlayerRecord, ArenaRecord } from "../storage/arenas.js";
import type { ArenaTableInput } from "../arena-rules/table-config.js";

/** The table of pairing `pairingId` of `arena`, for the players of `lines` (seat 0, seat 1). */
export function tableInput(
  arena: ArenaRecord,
  pairingId: string,
  lines: [ArenaPlayerRecord, ArenaPlayerRecord],
): ArenaTableInput {
  const seat = (line: ArenaPlayerRecord): ArenaTableInput["seats"][number] => ({
    playerId: line.playerId,
    name: line.name,
    rating: Math.max(0, Math.min(65535, Math.round(line.rating))), // the table's schema holds it in 16 bits
    score: line.score,
    fire: line.fire,
  });
  return {
    arenaId: arena.id,
    arenaName: arena.name,
    pairingId,
    turnMs: arena.turnSeconds * 1000,
    rated: arena.rated,
    berserk: arena.berserk,
    streaks: arena.streaks,
    seats: [seat(lines[0]), seat(lines[1])],
  };
}
