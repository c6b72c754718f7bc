/**
 * A table as it is kept in the database between two processes: who sits where (and how
 * each person proves it is them again: the SHA-256 of their reconnection token, never
 * the token), the phase, the options, and the hand in play's setup. Its moves are not
 * here: they are appended one by one beside it (storage/live-tables.ts), and the engine
 * replays them at the restore.
 *
 * Versioned: a record this code cannot read (another version, a bad field) is refused
 * with a reason, and its table is closed rather than guessed at.
 */
import type { HandSetup } from "@yourtrumps/engine";
import { LEVELS, MODES, PHASES, PLAYER_COUNTS } from "@yourtrumps/protocol";
import type { Level, Mode, Phase, PlayerCount } from "@yourtrumps/protocol";
import { z } from "zod";
import type { JsonObject } from "../storage/index.js";
import { arenaTableSchema } from "../arena-rules/table-config.js";

/**
 * The format written now. 2 added `allowWatching` (a private table's creator let others
 * watch) and `startedAt`; a record of format 1 reads as one with watching not allowed
 * and the table's creation as its start.
 */
export const SNAPSHOT_VERSION = 2;
const READABLE_VERSIONS: readonly unknown[] = [1, SNAPSHOT_VERSION];

const suit = z.enum(["", "S", "H", "D", "C"]);

const seatSchema = z.object({
  name: z.string().max(100),
  isAI: z.boolean(),
  sessionId: z.string().max(100), // "" for empty and computer seats
  tokenSha256: z.string().regex(/^([0-9a-f]{64})?$/), // the holder's latest reconnection token, hashed; "" when none
  playerId: z.string().max(100),
  rating: z.number().int().min(0).max(65535),
  provisional: z.boolean(),
  ratingAfter: z.number().int().min(0).max(65535),
  trump: suit,
  wantsRematch: z.boolean(),
});

const takerSchema = z.object({
  name: z.string().max(100),
  person: z.boolean(),
  playerId: z.string().max(100).nullable(),
});

const handSchema = z.object({
  id: z.string().min(1).max(100), // the record id
  startedAt: z.number().int().nonnegative(), // epoch ms of the deal
  setup: z.record(z.string(), z.unknown()), // the engine's HandSetup; the engine checks it when it deals again
  takers: z.array(takerSchema).min(2).max(4), // who took each seat at the deal (hand-recorder.ts)
  seqAtDeal: z.number().int().nonnegative(), // the table's move count when this hand was dealt
});

const snapshotSchema = z.object({
  v: z.literal([1, SNAPSHOT_VERSION]).transform(() => SNAPSHOT_VERSION),
  mode: z.enum(MODES),
  players: z.literal(PLAYER_COUNTS),
  level: z.enum(LEVELS),
  turnMs: z.number().int().min(0).max(3_600_000), // a person's clock per move; 0 = none
  code: z.string().max(32), // private tables; "" otherwise
  phase: z.enum(PHASES),
  hands: z.number().int().min(0).max(65535),
  nextDealer: z.number().int().min(0).max(3).nullable(), // R4: who deals the next hand; null = drawn from the seed
  deadline: z.number().nonnegative(), // epoch ms the trump choice's clock runs out; 0 = none
  createdAt: z.number().int().nonnegative(),
  allowWatching: z.boolean().default(false), // private tables: the creator let anyone with the watch link watch (format 2)
  startedAt: z.number().int().nonnegative().default(0), // epoch ms the first hand was set up; 0 = not yet, or a format-1 record (format 2)
  casual: z.boolean().default(false), // a casual private table: its hands are not rated (absent in older records of format 2: none was casual then)
  seats: z.array(seatSchema).min(2).max(4),
  hand: handSchema.nullable(),
  arena: arenaTableSchema.nullable().default(null), // an arena's table: its pairing and the seats' berserk and moves (absent in older records: none was)
});

export type SeatSnapshot = z.infer<typeof seatSchema>;
export type HandSnapshot = Omit<z.infer<typeof handSchema>, "setup"> & { setup: HandSetup };
export type TableSnapshot = Omit<
  z.output<typeof snapshotSchema>,
  "hand" | "mode" | "players" | "level" | "phase" | "v"
> & {
  v: typeof SNAPSHOT_VERSION;
  mode: Mode;
  players: PlayerCount;
  level: Level;
  phase: Phase;
  hand: HandSnapshot | null;
};

/** The snapshot as it goes into a jsonb column. */
export function snapshotJson(snapshot: TableSnapshot): JsonObject {
  return snapshot as unknown as JsonObject;
}

/** Reads a stored snapshot; a reason when this code cannot restore it. */
export function readSnapshot(stored: unknown): { ok: true; snapshot: TableSnapshot } | { ok: false; reason: string } {
  const version = (stored as { v?: unknown } | null)?.v;
  if (!READABLE_VERSIONS.includes(version))
    return {
      ok: false,
      reason: `its record is of format ${JSON.stringify(version)}, this server reads ${READABLE_VERSIONS.join(" and ")}`,
    };
  const parsed = snapshotSchema.safeParse(stored);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      reason: `its record does not read: ${issue?.path.join(".") || "snapshot"}: ${issue?.message ?? "invalid"}`,
    };
  }
  if (parsed.data.seats.length !== parsed.data.players)
    return { ok: false, reason: `its record has ${parsed.data.seats.length} seats for ${parsed.data.players} players` };
  return { ok: true, snapshot: parsed.data as unknown as TableSnapshot };
}
