/**
 * Join options: validated and normalised before matchmaking looks at them.
 * Colyseus filters tables by the very options object the client sent, so the
 * defaults applied here (players = 2 for quick match) decide which tables meet.
 */
import { z } from "zod";
import { LEVELS, MODES, PLAYER_COUNTS, cleanName } from "@yourtrumps/protocol";
import type { JoinOptions, Level, Mode, PlayerCount } from "@yourtrumps/protocol";

/** A token is 43 characters; anything up to this length is looked up (and refused as "bad-token" when it is no token), longer is not a join option. */
export const TOKEN_MAX = 200;

const joinSchema = z.object({
  mode: z.enum(MODES),
  players: z.literal(PLAYER_COUNTS).optional(),
  level: z.enum(LEVELS).optional(),
  name: z.string().max(200).optional(),
  code: z.string().max(32).optional(),
  turnSeconds: z.number().int().min(0).max(600).optional(),
  token: z.string().max(TOKEN_MAX).optional(),
  allowWatching: z.boolean().optional(),
  casual: z.boolean().optional(),
});

/** Join options after validation: what the room and the matchmaker use. */
export interface TableOptions {
  mode: Mode;
  players?: PlayerCount; // absent only when joining a private table by code (any size)
  level: Level;
  name: string;
  code?: string; // private: upper-cased code to look for; "" asks for a new table
  turnSeconds?: number; // private tables: the creator's clock per move (0 = none); others use the server's
  allowWatching: boolean; // private tables: the creator lets anyone with the watch link watch; false elsewhere
  casual: boolean; // private tables: no hand is rated (a casual challenge); false elsewhere
}

/**
 * `token` is kept apart from the options: the matchmaker resolves it to a player and it
 * goes no further (not into the room, not through Redis to another process).
 */
export type JoinCheck = { ok: true; options: TableOptions; token: string | undefined } | { ok: false; message: string };

/** Validates join options (unknown input from the network) and applies the defaults. */
export function checkJoinOptions(input: unknown): JoinCheck {
  const parsed = joinSchema.safeParse(input ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join(".") || "options";
    return { ok: false, message: `bad join option ${where}: ${issue?.message ?? "invalid"}` };
  }
  const o: JoinOptions = parsed.data;
  const options: TableOptions = {
    mode: o.mode,
    level: o.level ?? "medium",
    name: cleanName(o.name),
    allowWatching: o.mode === "private" && o.allowWatching === true,
    casual: o.mode === "private" && o.casual === true,
  };
  if (o.mode === "private") {
    const code = (o.code ?? "").trim().toUpperCase();
    options.code = code; // "" never matches a table, so join fails and create/joinOrCreate make one
    if (o.players !== undefined || code === "") options.players = o.players ?? 2;
    if (o.turnSeconds !== undefined) options.turnSeconds = o.turnSeconds;
  } else {
    options.players = o.players ?? 2;
  }
  return { ok: true, options, token: o.token };
}
