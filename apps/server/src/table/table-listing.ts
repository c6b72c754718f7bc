/**
 * A table's matchmaking metadata: what the matchmaker filters by (mode, players, code,
 * `open`: open-seats.ts) and what the live list, its counts and TV are made of
 * (lobby/now-playing.ts). It lives in Colyseus' room listing, which the Redis driver
 * shares between processes, so every process lists every process's tables and no
 * registry of our own is needed.
 */
import type { LiveSeat, Mode, Phase, PlayerCount } from "@yourtrumps/protocol";
import type { TableState } from "../state/table-state.js";
import { freeSeat } from "./seating.js";

export interface TableListing {
  mode: Mode;
  players: PlayerCount;
  code?: string; // private tables: the code friends join with
  casual?: true; // a casual private table: its hands are not rated (a marked player may sit: table/marked-join.ts)
  open: boolean; // a seat is free for a newcomer (the matchmaker's filter)
  watchable: boolean; // spectators may come (quick tables; private ones whose creator allowed it)
  phase: Phase;
  seats: LiveSeat[];
  spectators: number;
  startedAt: number; // epoch ms the first hand was set up; 0 before
}

/** What the table's listing says now. */
export function listingOf(state: TableState, extra: { watchable: boolean; startedAt: number }): TableListing {
  const listing: TableListing = {
    mode: state.mode,
    players: state.players,
    open: state.phase === "waiting" && freeSeat(state) >= 0, // a full table still waiting (for a person playing the computer meanwhile, quick-fill.ts) is not
    watchable: extra.watchable && state.mode !== "computer",
    phase: state.phase,
    seats: state.seats.map((seat) => ({
      name: seat.name,
      playerId: seat.playerId,
      rating: seat.rating,
      computer: seat.isAI,
    })),
    spectators: state.spectators,
    startedAt: extra.startedAt,
  };
  if (state.code !== "") listing.code = state.code;
  if (state.casual) listing.casual = true;
  return listing;
}
