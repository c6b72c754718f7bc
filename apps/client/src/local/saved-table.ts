/**
 * A local table kept in sessionStorage after every change, so a reload returns to the
 * same hand, as an online table's reconnection token does. Only what the engine cannot
 * rebuild is kept: the seats, the phase, the deal's setup and the moves; the position
 * is `replay`ed from those, so a saved table can never hold a position the rules do not.
 */
import { isSuit, type HandSetup, type Move, type Suit } from "@yourtrumps/engine";
import { LEVELS, PHASES, PLAYER_COUNTS, type Level, type Phase, type PlayerCount } from "@yourtrumps/protocol";
import { fields, list, num, oneOf, str } from "../net/read.js";

/** sessionStorage key of the local table: per tab, like the online reconnection token. */
export const LOCAL_TABLE_KEY = "yourtrumps.local";
/**
 * sessionStorage key of a local table set aside for a person's table (played meanwhile,
 * while a quick-match seek waited): kept apart, so a reload returns to the online seat,
 * and the lobby offers to resume it.
 */
export const ASIDE_TABLE_KEY = "yourtrumps.local.aside";

/** The hand being played or just finished. */
export interface SavedHand {
  id: string; // the hand's id (a uuid): its record's id once uploaded
  setup: Extract<HandSetup, { kind: "deal" }>;
  log: Move[]; // every move so far
  moveTimes: number[]; // per move: ms after startedAt
  startedAt: number; // epoch ms of the deal
}

export interface SavedTable {
  version: 1;
  players: PlayerCount;
  level: Level; // the computer seats' level
  names: string[]; // by seat; seat 0 is the person
  chosen: (Suit | null)[]; // trumps by seat before the first deal (R3); the hand's trumps after it
  phase: Phase; // "choosing" | "playing" | "over"
  nextDealer: number | null; // who deals the next hand (R4); null: drawn from the seed
  seq: number; // moves applied at this table, over all hands
  hand: SavedHand | null; // null before the first deal
}

export function saveTable(storage: Storage, table: SavedTable): void {
  try {
    storage.setItem(LOCAL_TABLE_KEY, JSON.stringify(table));
  } catch {
    // A full or refused storage costs only the return after a reload.
  }
}

export function forgetTable(storage: Storage): void {
  storage.removeItem(LOCAL_TABLE_KEY);
}

/** Moves the kept local table aside (for the lobby's "Resume"); nothing kept, nothing moved. */
export function setTableAside(storage: Storage): void {
  const kept = storage.getItem(LOCAL_TABLE_KEY);
  if (kept === null) return;
  try {
    storage.setItem(ASIDE_TABLE_KEY, kept);
    storage.removeItem(LOCAL_TABLE_KEY);
  } catch {
    // A full or refused storage: the table stays where a reload finds it.
  }
}

/** True when a local table set aside reads as one. */
export function tableAside(storage: Storage): boolean {
  const raw = storage.getItem(ASIDE_TABLE_KEY);
  if (raw === null) return false;
  return readTable(raw) !== null;
}

/** Brings the table set aside back as the kept local table (to be resumed); false when there is none. */
export function takeTableBack(storage: Storage): boolean {
  if (!tableAside(storage)) return false;
  storage.setItem(LOCAL_TABLE_KEY, storage.getItem(ASIDE_TABLE_KEY)!);
  storage.removeItem(ASIDE_TABLE_KEY);
  return true;
}

/** The saved table, or null when there is none or it does not read as one. */
export function loadTable(storage: Storage): SavedTable | null {
  return readTable(storage.getItem(LOCAL_TABLE_KEY));
}

/** A saved table's JSON read back, or null when it does not read as one. */
function readTable(json: string | null): SavedTable | null {
  let raw: unknown;
  try {
    raw = JSON.parse(json ?? "null");
  } catch {
    return null;
  }
  if (raw === null || typeof raw !== "object") return null;
  const o = fields<SavedTable>(raw);
  const players = PLAYER_COUNTS.find((n) => n === o.players);
  const level = oneOf(o.level, LEVELS);
  const phase = oneOf(o.phase, PHASES);
  if (o.version !== 1 || players === undefined || level === null || phase === null || phase === "waiting") return null;
  const names = list(o.names).map(str);
  const chosen = list(o.chosen).map((s) => (isSuit(s) ? s : null));
  if (names.length !== players || chosen.length !== players) return null;
  const hand = o.hand === null ? null : savedHand(o.hand, players);
  if (hand === undefined || (hand === null && phase !== "choosing")) return null;
  const nextDealer = o.nextDealer === null ? null : num(o.nextDealer, -1);
  if (nextDealer !== null && (nextDealer < 0 || nextDealer >= players)) return null;
  return { version: 1, players, level, names, chosen, phase, nextDealer, seq: num(o.seq, 0), hand };
}

/** A saved hand's fields, undefined when they do not read as one; the engine checks the moves on replay. */
function savedHand(raw: unknown, players: PlayerCount): SavedHand | undefined {
  const o = fields<SavedHand>(raw);
  const setup = fields<SavedHand["setup"]>(o.setup);
  if (setup.kind !== "deal" || setup.players !== players) return undefined;
  const seed = typeof setup.seed === "number" || typeof setup.seed === "string" ? setup.seed : null;
  const trumps = list(setup.trumps).filter(isSuit);
  if (seed === null || trumps.length !== players) return undefined;
  const log = list(o.log).filter(
    (m): m is Move => m !== null && typeof m === "object" && "type" in m && (m.type === "pickup" || m.type === "play"),
  );
  const moveTimes = list(o.moveTimes).map((x) => num(x, 0));
  return {
    id: str(o.id),
    setup: {
      kind: "deal",
      players,
      seed,
      dealer: num(setup.dealer, 0),
      trumps,
      sixesToOwner: setup.sixesToOwner !== false,
      maxTurns: num(setup.maxTurns, 1000),
    },
    log,
    moveTimes: moveTimes.length === log.length ? moveTimes : log.map(() => 0),
    startedAt: num(o.startedAt, 0),
  };
}
