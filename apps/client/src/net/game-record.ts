import {
  isCard,
  isSuit,
  PLAYER_COUNTS,
  RESULT_REASONS,
  type HandResult,
  type HandSetup,
  type Move,
  type PlayerCount,
} from "@yourtrumps/engine";
import { LEVELS, MODES, OUTCOMES, type Level, type Mode, type Outcome } from "@yourtrumps/protocol";
import type { GameAnswer, GameSeatAnswer } from "@yourtrumps/server/api";
import { fields, list, num, oneOf, str } from "./read.js";

/**
 * `GET /api/games/:id`: one recorded hand as the replay page reads it, and the reader
 * that checks its shape. Only the shape: whether the moves are legal, and lead to the
 * recorded result, is the engine's to say (replay/replay.ts), never this reader's.
 */
export interface GameRecord {
  id: string;
  mode: Mode;
  setup: Extract<HandSetup, { kind: "deal" }>; // replay(setup, log) rebuilds the hand
  log: Move[];
  result: HandResult; // as the server recorded it
  seats: RecordSeat[]; // by seat
  endedAt: Date | null;
}

export interface RecordSeat {
  seat: number;
  name: string; // as shown at the table
  playerId: string | null; // the identified person in the seat
  computer: Level | null; // the level holding the seat at the end; null: a person
  outcome: Outcome | null;
  marked?: true; // its player is marked by a moderator now: the result stands, flagged
}

/** A recorded hand, or null when the body is not one. */
export function readGame(raw: unknown): GameRecord | null {
  const o = fields<GameAnswer>(raw);
  const id = str(o.id);
  const mode = oneOf(o.mode, MODES);
  const setup = readSetup(o.setup);
  const log = readLog(o.log);
  const result = readResult(o.result);
  if (!id || mode === null || setup === null || log === null || result === null) return null;
  const seats = list(o.seats).map(readSeat);
  if (seats.length !== setup.players) return null;
  const endedAt = new Date(str(o.endedAt));
  return { id, mode, setup, log, result, seats, endedAt: Number.isNaN(endedAt.getTime()) ? null : endedAt };
}

/** A deal's setup, or null when `raw` is not one (also the reader of the hands the page keeps, local/local-hands.ts). */
export function readSetup(raw: unknown): GameRecord["setup"] | null {
  const o = fields<GameAnswer["setup"]>(raw);
  const players = PLAYER_COUNTS.find((n): n is PlayerCount => n === o.players);
  const seed = typeof o.seed === "string" || typeof o.seed === "number" ? o.seed : null;
  const trumps = list(o.trumps).filter(isSuit);
  if (
    o.kind !== "deal" ||
    players === undefined ||
    seed === null ||
    trumps.length !== players ||
    typeof o.sixesToOwner !== "boolean"
  )
    return null;
  return {
    kind: "deal",
    players,
    seed,
    dealer: num(o.dealer, -1),
    trumps,
    sixesToOwner: o.sixesToOwner,
    maxTurns: num(o.maxTurns, 0),
  };
}

function readLog(raw: unknown): Move[] | null {
  if (!Array.isArray(raw)) return null;
  const moves: Move[] = [];
  for (const entry of raw) {
    const m = fields<{ type: string; card: string }>(entry);
    if (m.type === "pickup") moves.push({ type: "pickup" });
    else if (m.type === "play" && isCard(m.card)) moves.push({ type: "play", card: m.card });
    else return null; // one unreadable move and nothing after it means anything
  }
  return moves;
}

function readResult(raw: unknown): HandResult | null {
  const o = fields<HandResult>(raw);
  const reason = oneOf(o.reason, RESULT_REASONS);
  if (reason === null || !Array.isArray(o.places)) return null;
  const loser = typeof o.loser === "number" ? o.loser : null;
  return { reason, loser, places: o.places.map((p) => num(p, 0)) };
}

function readSeat(raw: unknown, index: number): RecordSeat {
  const o = fields<GameSeatAnswer>(raw);
  return {
    seat: num(o.seat, index),
    name: str(o.name),
    playerId: str(o.playerId) || null,
    computer: oneOf(o.computer, LEVELS),
    outcome: oneOf(o.outcome, OUTCOMES),
    ...(o.marked === true ? { marked: true } : {}),
  };
}
