/**
 * The hands played in this page, kept in localStorage so they can be replayed and
 * reviewed from the page alone: with no identity, with no network, or before the upload
 * (uploads.ts) has reached the server. It keeps the deal's setup and the moves — the
 * engine rebuilds everything else, its result included — and the last LOCAL_HANDS_KEPT
 * hands only, so the storage stays small (a hand is its seed, trumps and compact moves).
 */
import { replay, type HandResult, type Move } from "@yourtrumps/engine";
import { decodeMoves, encodeMoves, LEVELS, type Level } from "@yourtrumps/protocol";
import type { HistoryEntry, HistoryPage } from "../net/api-bodies.js";
import { readSetup, type GameRecord } from "../net/game-record.js";
import { fields, list, num, oneOf, str } from "../net/read.js";
import type { FinishedLocalHand } from "./local-table.js";
import type { SavedHand } from "./saved-table.js";

export const LOCAL_HANDS_KEY = "yourtrumps.local-hands";
/** How many finished local hands are kept; the oldest goes first. */
export const LOCAL_HANDS_KEPT = 100;

/** One kept hand, as stored. */
interface KeptHand {
  id: string; // the hand's id: its record's id once uploaded
  setup: SavedHand["setup"];
  moves: string[]; // encodeMoves(log)
  names: string[]; // by seat; seat 0 is the person
  level: Level; // the computer seats' level
  endedAt: number; // epoch ms
  uploaded: boolean; // the server has it (its history lists it)
}

/** A hand kept here, replayed by the engine: what a record and a history entry are made from. */
interface LocalHand {
  kept: KeptHand;
  log: Move[];
  result: HandResult;
}

function read(storage: Storage): KeptHand[] {
  try {
    return list(JSON.parse(storage.getItem(LOCAL_HANDS_KEY) ?? "[]")).flatMap((raw) => readKept(raw) ?? []);
  } catch {
    return [];
  }
}

function readKept(raw: unknown): KeptHand | null {
  const o = fields<KeptHand>(raw);
  const setup = readSetup(o.setup);
  const level = oneOf(o.level, LEVELS);
  if (!str(o.id) || setup === null || level === null) return null; // the engine checks the rest when it replays
  return {
    id: str(o.id),
    setup,
    moves: list(o.moves).map((m) => str(m)),
    names: list(o.names).map((n) => str(n)),
    level,
    endedAt: num(o.endedAt, 0),
    uploaded: o.uploaded === true,
  };
}

function write(storage: Storage, hands: KeptHand[]): void {
  try {
    storage.setItem(LOCAL_HANDS_KEY, JSON.stringify(hands.slice(-LOCAL_HANDS_KEPT)));
  } catch {
    // A full storage loses the page's own copy only: the upload keeps its own.
  }
}

/** Keeps a hand the local table finished (the newest last). */
export function keepLocalHand(storage: Storage, f: FinishedLocalHand): void {
  const kept: KeptHand = {
    id: f.hand.id,
    setup: f.hand.setup,
    moves: encodeMoves(f.hand.log),
    names: f.names.slice(),
    level: f.level,
    endedAt: f.endedAt,
    uploaded: false,
  };
  write(storage, [...read(storage).filter((h) => h.id !== kept.id), kept]);
}

/** The server has recorded hand `id`: its history lists it from now on. */
export function markUploaded(storage: Storage, id: string): void {
  const hands = read(storage);
  if (hands.some((h) => h.id === id && !h.uploaded))
    write(
      storage,
      hands.map((h) => (h.id === id ? { ...h, uploaded: true } : h)),
    );
}

/** The kept hand replayed by the engine; null when its moves do not replay (a damaged storage). */
function replayed(kept: KeptHand): LocalHand | null {
  const log = decodeMoves(kept.moves);
  if (log === null) return null;
  try {
    const result = replay(kept.setup, log).result;
    return result === null ? null : { kept, log, result };
  } catch {
    return null;
  }
}

/** Hand `id` as the replay page reads a record, when this page played it; else null. */
export function localRecord(storage: Storage, id: string): GameRecord | null {
  const kept = read(storage).find((h) => h.id === id);
  const hand = kept && replayed(kept);
  if (!hand) return null;
  const seats = hand.kept.names.map((name, seat) => ({
    seat,
    name,
    playerId: null,
    computer: seat === 0 ? null : hand.kept.level,
    outcome: null,
  }));
  return {
    id,
    mode: "computer",
    setup: hand.kept.setup,
    log: hand.log,
    result: hand.result,
    seats,
    endedAt: new Date(hand.kept.endedAt),
  };
}

/**
 * The kept hands as My games lists them, newest first: all of them (`all`: the server's
 * history cannot be read now), else those the server does not have yet.
 */
export function localHistory(storage: Storage, all: boolean): HistoryEntry[] {
  return read(storage)
    .filter((h) => all || !h.uploaded)
    .flatMap((h) => replayed(h) ?? [])
    .sort((a, b) => b.kept.endedAt - a.kept.endedAt)
    .map(({ kept, result }) => ({
      id: kept.id,
      mode: "computer",
      players: kept.setup.players,
      seat: 0,
      place: result.places[0] ?? null,
      outcome: null, // won, drawn or lost is the server's word (its records say it); the place is the engine's
      opponents: kept.names.slice(1).map((name) => ({ name, computer: kept.level })),
      endedAt: new Date(kept.endedAt),
      ratingDelta: null,
    }));
}

/** A page of My games with the hands kept here added. */
export interface HistoryWithLocal extends HistoryPage {
  localOnly: boolean; // the server's history could not be read: only the hands kept here are listed
}

/**
 * My games' page `before` (null: the first): the server's page, its first with the kept
 * hands the server does not have yet merged in by date; when the server cannot be asked
 * (offline, no identity) or fails, every kept hand on the first page.
 */
export async function historyWithLocal(
  storage: Storage,
  before: string | null,
  server: (() => Promise<HistoryPage>) | null,
): Promise<HistoryWithLocal> {
  try {
    if (server === null) throw new Error("the server's history cannot be read now");
    const page = await server();
    if (before !== null) return { ...page, localOnly: false };
    const onServer = new Set(page.games.map((g) => g.id));
    const games = [...page.games, ...localHistory(storage, false).filter((g) => !onServer.has(g.id))].sort(
      (a, b) => (b.endedAt?.getTime() ?? 0) - (a.endedAt?.getTime() ?? 0),
    );
    return { games, next: page.next, localOnly: false };
  } catch (e: unknown) {
    const all = before === null ? localHistory(storage, true) : [];
    if (all.length === 0) throw e;
    return { games: all, next: null, localOnly: true };
  }
}
