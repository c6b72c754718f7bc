/**
 * For the tests of identities and records: what a client sees of the record fields
 * (handId, and each seat's player and ratings), tables of identified players, and the
 * database's own count of what it holds.
 */
import { vi } from "vitest";
import type { Room } from "@colyseus/sdk";
import { sql } from "kysely";
import { mySeat, pickTrumps, playMoves, seen, settle, until, type Harness, type Seen } from "./harness.js";
import type { NewPlayer, Store } from "../storage/index.js";

export interface SeenRecorded extends Omit<Seen, "seats"> {
  handId: string;
  seats: (Seen["seats"][number] & { playerId: string; rating: number; provisional: boolean; ratingAfter: number })[];
}

export function seenRecorded(room: Room): SeenRecorded {
  return seen(room) as unknown as SeenRecorded;
}

/** New players in `store`, one per name. */
export function players(store: Store, ...names: string[]): Promise<NewPlayer[]> {
  return Promise.all(names.map((name) => store.createPlayer(name)));
}

/** A private table of `tokens.length` seats, one client per token (undefined: anonymous), trumps picked, the hand dealt. */
export async function privateTable(h: Harness, tokens: (string | undefined)[]): Promise<Room[]> {
  const withToken = (token: string | undefined): { token?: string } => (token === undefined ? {} : { token });
  const first = await h.join("create", {
    mode: "private",
    players: tokens.length as 2 | 3 | 4,
    ...withToken(tokens[0]),
  });
  const rest: Room[] = [];
  for (const token of tokens.slice(1))
    rest.push(await h.join("join", { mode: "private", code: seen(first).code, ...withToken(token) }));
  const rooms = [first, ...rest];
  await pickTrumps(rooms);
  return rooms;
}

/** How many games and game seats the database holds (of the hands `ids` only, when given). */
export async function counts(store: Store, ids?: readonly string[]): Promise<{ games: number; seats: number }> {
  let games = store.db.selectFrom("games").select(sql<number>`count(*)::int`.as("n"));
  let seats = store.db.selectFrom("game_seats").select(sql<number>`count(*)::int`.as("n"));
  if (ids !== undefined) {
    games = games.where("id", "in", ids.length > 0 ? [...ids] : [""]);
    seats = seats.where("game_id", "in", ids.length > 0 ? [...ids] : [""]);
  }
  const [g, s] = await Promise.all([games.executeTakeFirstOrThrow(), seats.executeTakeFirstOrThrow()]);
  return { games: g.n, seats: s.n };
}

/** Resolves once `test` holds, polling every 50 ms, or rejects after `timeoutMs`. */
export async function eventually<T>(
  probe: () => Promise<T>,
  test: (value: T) => boolean,
  timeoutMs = 15_000,
  what = "the condition",
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await probe();
      if (!test(value)) throw new Error(`timed out waiting for ${what}; last ${JSON.stringify(value)}`);
      return value;
    },
    { timeout: timeoutMs, interval: 50 },
  );
}

/** Plays (each client its first legal move, computers as they do) until the table has seen `moves` moves in all. */
export async function playAtLeast(rooms: Room[], moves: number): Promise<SeenRecorded> {
  for (;;) {
    const s = await settle(rooms);
    if (s.seq >= moves || s.phase !== "playing") return seenRecorded(rooms[0]!);
    if (rooms.some((r) => mySeat(r) === s.toMove)) await playMoves(rooms, 1);
    else await until(rooms[0]!, (x) => x.seq > s.seq || x.phase !== "playing", 10_000, "a computer's move");
  }
}
