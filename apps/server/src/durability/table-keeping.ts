/**
 * The table's side of surviving a restart: what of the synced state goes into the
 * table's record (table-snapshot.ts), and how a record becomes the state again. The
 * hand's cards are not copied either way: the engine deals the setup again and replays
 * the moves (hand-in-play.ts `resume`).
 */
import type { Seat, TableState } from "../state/table-state.js";
import { Seat as SeatSchema } from "../state/table-state.js";
import type { HandSnapshot, SeatSnapshot, TableSnapshot } from "./table-snapshot.js";
import { SNAPSHOT_VERSION } from "./table-snapshot.js";
import type { ArenaTable } from "../arena-rules/table-config.js";

/** What the room adds to its state for the record. */
export interface KeptParts {
  turnMs: number;
  nextDealer: number | undefined;
  createdAt: number;
  allowWatching: boolean;
  startedAt: number;
  hand: HandSnapshot | null;
  arena: ArenaTable | null; // an arena's table: what it keeps (arena/table-config.ts)
  tokenOf: (sessionId: string) => string; // the SHA-256 of the seat holder's latest reconnection token ("" when none)
}

export function snapshotOfTable(state: TableState, parts: KeptParts): TableSnapshot {
  return {
    v: SNAPSHOT_VERSION,
    mode: state.mode,
    players: state.players,
    level: state.level,
    turnMs: parts.turnMs,
    code: state.code,
    phase: state.phase,
    hands: state.hands,
    nextDealer: parts.nextDealer ?? null,
    deadline: state.phase === "choosing" ? state.deadline : 0,
    createdAt: parts.createdAt,
    allowWatching: parts.allowWatching,
    casual: state.casual,
    startedAt: parts.startedAt,
    seats: state.seats.map((seat) => seatSnapshot(seat, parts.tokenOf)),
    hand: parts.hand,
    arena: parts.arena,
  };
}

function seatSnapshot(seat: Seat, tokenOf: (sessionId: string) => string): SeatSnapshot {
  return {
    name: seat.name,
    isAI: seat.isAI,
    sessionId: seat.sessionId,
    tokenSha256: seat.isAI || seat.sessionId === "" ? "" : tokenOf(seat.sessionId),
    playerId: seat.playerId,
    rating: seat.rating,
    provisional: seat.provisional,
    ratingAfter: seat.ratingAfter,
    trump: seat.trump,
    wantsRematch: seat.wantsRematch,
  };
}

/**
 * The state a record describes, before its hand is played again: options, seats (every
 * person shown disconnected until they are back), phase and counters.
 */
export function applySnapshot(state: TableState, snapshot: TableSnapshot): void {
  state.mode = snapshot.mode;
  state.players = snapshot.players;
  state.level = snapshot.level;
  state.turnSeconds = Math.ceil(snapshot.turnMs / 1000);
  state.casual = snapshot.casual;
  state.code = snapshot.code;
  state.hands = snapshot.hands;
  for (const kept of snapshot.seats) {
    const seat = new SeatSchema();
    seat.name = kept.name;
    seat.isAI = kept.isAI;
    seat.sessionId = kept.sessionId;
    seat.connected = kept.isAI;
    seat.playerId = kept.playerId;
    seat.rating = kept.rating;
    seat.provisional = kept.provisional;
    seat.ratingAfter = kept.ratingAfter;
    seat.trump = kept.trump;
    seat.wantsRematch = kept.wantsRematch;
    state.seats.push(seat);
  }
  state.phase = snapshot.phase;
}
