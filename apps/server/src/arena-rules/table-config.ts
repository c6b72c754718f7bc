/**
 * What an arena's table is told when the director makes it (its create option), and what
 * it keeps with its record so a restored table still knows it is an arena's: the pairing
 * its result goes to, the two players in seat order, and per seat the berserk and the own
 * moves its score needs. Checked with zod on both ways in: a create option from the
 * director, a record from the database.
 */
import { z } from "zod";

/** The create option that makes a table an arena's (set by the director only: a client's options are rewritten in onAuth). */
export const ARENA_TABLE_OPTION = "arenaTable";

const seatSchema = z.object({
  playerId: z.string().min(1).max(100),
  name: z.string().min(1).max(100),
  rating: z.number().int().min(0).max(65535),
  score: z.number().int().min(0).max(65535), // in the arena when paired
  fire: z.boolean(),
  berserk: z.boolean().default(false),
  moves: z.number().int().min(0).default(0), // own moves this hand
});

export const arenaTableSchema = z.object({
  arenaId: z.string().min(1).max(16),
  arenaName: z.string().min(1).max(100),
  pairingId: z.string().min(1).max(100),
  turnMs: z.number().int().min(1000).max(600_000),
  rated: z.boolean(),
  berserk: z.boolean(), // allowed
  streaks: z.boolean(),
  seats: z.tuple([seatSchema, seatSchema]),
  reported: z.boolean().default(false), // its result reached the arena
});

/** An arena table's settings and progress. */
export type ArenaTable = z.output<typeof arenaTableSchema>;
/** As the director writes it. */
export type ArenaTableInput = z.input<typeof arenaTableSchema>;

/** Reads an arena table's option or record; null when it is none or does not read. */
export function readArenaTable(value: unknown): ArenaTable | null {
  const parsed = arenaTableSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
