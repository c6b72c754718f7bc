import { isCard, isSuit, type Card, type Suit } from "@yourtrumps/engine";
import { MODES, PHASES, RESULT_REASONS, type Mode, type Phase, type ResultReason } from "@yourtrumps/protocol";
import type {
  LastMove as LastMoveState,
  Result as ResultState,
  Seat as SeatState,
  TableState,
} from "@yourtrumps/server/state";
import { fields, list, num, oneOf, str } from "./read.js";

/**
 * The client's plain reading of the decoded room state (the schema is
 * `@yourtrumps/server/state`). Everything past the network layer sees these types and
 * never a Colyseus schema object, so a test can build a table from a literal.
 */

export interface SeatSnapshot {
  name: string;
  isAI: boolean;
  connected: boolean;
  trump: Suit | null; // null until chosen (R3)
  cardCount: number;
  sessionId: string;
  hand: Card[] | null; // only the owner's own seat carries cards (StateView)
  place: number | null; // finishing place once out (R14)
  rematch: boolean; // asked for a rematch (schema field `wantsRematch`)
  playerId: string; // the identified player in the seat; "" for anonymous and computer seats
  rating: number | null; // that player's rating for this table's kind when seated; null = none (anonymous, computer)
  provisional: boolean; // that rating is still provisional (shown as "1500?")
  ratingAfter: number | null; // the new rating once this rated hand is on record; null = not rated, or not yet
  arena?: ArenaSeat; // an arena's table: the seat's standing in the arena
}

/** A seat of an arena's table: its player's arena score when the hand was paired, and its marks. */
export interface ArenaSeat {
  score: number;
  fire: boolean; // plays this hand on fire (a win counts double)
  berserk: boolean; // went berserk this hand
}

/** An arena's table: which arena the hand is of. */
export interface ArenaTable {
  id: string;
  name: string;
}

export interface ResultSnapshot {
  places: number[]; // by seat, 1 = first out
  loser: number | null; // seat, null on a draw
  reason: ResultReason;
}

/** The last move the server applied, for animation and announcements. */
export interface LastMove {
  seat: number;
  type: "play" | "pickup";
  card: Card | null; // play
  taken: Card[]; // pickup: the cards taken, bottom → top
  auto: boolean; // the server moved for a seat whose clock ran out
}

/** One decoded room state, as plain data. */
export interface TableSnapshot {
  phase: Phase;
  mode: Mode;
  code: string; // private tables: the code to share
  seats: SeatSnapshot[];
  pile: Card[]; // bottom → top
  toMove: number; // seat, -1 when nobody
  secondDue: boolean; // R11
  deadline: number; // epoch ms when the mover's clock runs out; 0 = no clock
  seq: number; // move sequence number
  turns: number; // turns played in this hand (R16)
  lastMove: LastMove | null;
  result: ResultSnapshot | null;
  handId: string; // the record id of the hand dealt last; "" before the first deal
  spectators: number; // clients watching from no seat (counted at most once a second); 0 at a table in the page
  arena?: ArenaTable; // absent at any table but an arena's
}

const MOVE_TYPES = ["play", "pickup"] as const satisfies readonly LastMove["type"][];

/**
 * Reads a decoded room state (a schema instance's `toJSON()`, or any plain object of the
 * same shape) into a `TableSnapshot`. Unknown or missing fields get safe defaults, so a
 * server that adds fields never breaks the client.
 */
export function parseSnapshot(raw: unknown): TableSnapshot {
  const o = fields<TableState>(raw);
  const arenaId = str(o.arenaId);
  const arena = arenaId === "" ? {} : { arena: { id: arenaId, name: str(o.arenaName) } };
  return {
    ...arena,
    phase: oneOf(o.phase, PHASES) ?? "waiting",
    mode: oneOf(o.mode, MODES) ?? "quick",
    code: str(o.code),
    seats: list(o.seats).map((seat) => parseSeat(seat, arenaId !== "")),
    pile: cards(o.pile),
    toMove: num(o.toMove, -1),
    secondDue: o.secondDue === true,
    deadline: num(o.deadline, 0),
    seq: num(o.seq, 0),
    turns: num(o.turns, 0),
    lastMove: parseLastMove(o.lastMove),
    result: parseResult(o.result),
    handId: str(o.handId),
    spectators: num(o.spectators, 0),
  };
}

function parseSeat(raw: unknown, arenaTable: boolean): SeatSnapshot {
  const o = fields<SeatState>(raw);
  const hand = o.hand === undefined || o.hand === null ? null : cards(o.hand);
  const arena = arenaTable
    ? { arena: { score: num(o.arenaScore, 0), fire: o.fire === true, berserk: o.berserk === true } }
    : {};
  return {
    ...arena,
    name: str(o.name),
    isAI: o.isAI === true,
    connected: o.connected !== false,
    trump: isSuit(o.trump) ? o.trump : null,
    cardCount: num(o.cardCount, hand?.length ?? 0),
    sessionId: str(o.sessionId),
    hand,
    place: positive(o.place),
    rematch: o.wantsRematch === true,
    playerId: str(o.playerId),
    rating: positive(o.rating),
    provisional: o.provisional === true,
    ratingAfter: positive(o.ratingAfter),
  };
}

function parseResult(raw: unknown): ResultSnapshot | null {
  if (raw === null || typeof raw !== "object") return null;
  const o = fields<ResultState>(raw);
  const places = list(o.places).map((p) => num(p, 0));
  const reason = oneOf(o.reason, RESULT_REASONS);
  if (reason === null || places.length === 0) return null; // an empty result schema (reason ""): no result yet
  const loser = num(o.loser, -1);
  return { places, loser: loser >= 0 ? loser : null, reason };
}

function parseLastMove(raw: unknown): LastMove | null {
  if (raw === null || typeof raw !== "object") return null;
  const o = fields<LastMoveState>(raw);
  const type = oneOf(o.type, MOVE_TYPES);
  if (type === null) return null; // type "": no move yet this hand
  const card = isCard(o.card) ? o.card : null;
  return { seat: num(o.seat, -1), type, card, taken: cards(o.taken), auto: o.auto === true };
}

/** Places and ratings use 0 for "none". */
function positive(x: unknown): number | null {
  const n = num(x, 0);
  return n > 0 ? n : null;
}

function cards(x: unknown): Card[] {
  return list(x).filter(isCard);
}
