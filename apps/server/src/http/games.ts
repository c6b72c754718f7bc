/** `GET /api/games/:id`: one recorded hand in full — who sat where, and enough to replay it. */
import type { HandResult, Move, Suit } from "@yourtrumps/engine";
import type { Level, Mode } from "@yourtrumps/protocol";
import type express from "express";
import type { DealSetup, GameRecord, GameSeat, JsonObject, Outcome, Store } from "../storage/index.js";
import { HttpError, fromStore, methodNotAllowed } from "./errors.js";

/** A seat of a recorded hand. */
export interface GameSeatAnswer {
  seat: number;
  name: string; // as shown at the table
  playerId: string | null; // the identified person who took the seat
  computer: Level | null; // the level holding the seat at the end (from the start, or after its person left)
  anonymous: boolean; // a person without an identity took the seat
  place: number; // 1 = first out
  outcome: Outcome;
  ratingBefore?: number; // rated seats only
  ratingAfter?: number;
  marked: boolean; // its player is marked by a moderator now: the result stands, flagged
}

export interface GameAnswer {
  id: string;
  mode: Mode;
  players: number; // 2–4
  options: JsonObject; // the deal's rule options and the table's (turnSeconds, …)
  setup: DealSetup; // the engine's replay(setup, log) rebuilds the hand
  seed: number | string;
  dealer: number;
  trumps: Suit[]; // by seat
  log: Move[];
  moveTimes: number[]; // per move: milliseconds after startedAt
  result: HandResult;
  rated: boolean;
  seats: GameSeatAnswer[]; // by seat
  startedAt: string; // ISO 8601
  endedAt: string;
}

// The room's hand ids fit the column's 1–100 characters; PostgreSQL refuses a NUL in
// text, so an id outside this could only come back as an error instead of "not found".
// eslint-disable-next-line no-control-regex
const GAME_ID = /^[^\u0000-\u001f\u007f]{1,100}$/u;

function seatAnswer(s: GameSeat): GameSeatAnswer {
  const { ratingBefore, ratingAfter, ...rest } = s;
  return {
    ...rest,
    ...(ratingBefore === null ? {} : { ratingBefore }),
    ...(ratingAfter === null ? {} : { ratingAfter }),
  };
}

function gameAnswer(g: GameRecord): GameAnswer {
  const { tableId: _internal, seats, startedAt, endedAt, ...rest } = g; // the room's id means nothing outside the process
  return { ...rest, seats: seats.map(seatAnswer), startedAt: startedAt.toISOString(), endedAt: endedAt.toISOString() };
}

export function gameRoutes(router: express.Router, store: Store): void {
  router
    .route("/games/:id")
    .get(async (req, res) => {
      const id = req.params.id;
      const game = GAME_ID.test(id) ? await fromStore(() => store.getGame(id)) : null;
      if (game === null) throw new HttpError(404, "no recorded hand has this id");
      res.json(gameAnswer(game));
    })
    .all(methodNotAllowed("GET"));
}
