import type { Card, Suit } from "./cards.js";

export type { Card, Suit } from "./cards.js";

/** A move: lead, beat or second card (`play`), or take cards from the pile (`pickup`). */
export type Move = { type: "play"; card: Card } | { type: "pickup" };

/** R1: the table sizes. */
export const PLAYER_COUNTS = [2, 3, 4] as const;
export type PlayerCount = (typeof PLAYER_COUNTS)[number];

/** Why a hand ended (R17). */
export const RESULT_REASONS = [
  "out", // R15: one player was left holding cards
  "last-card-draw", // R15: the last player's single card beat the top card
  "repetition", // R16: the same position for the third time
  "turn-limit", // R16: maxTurns turns were played
  "abandoned", // set by the host (server) when a hand is called off
] as const;
export type ResultReason = (typeof RESULT_REASONS)[number];

export interface HandResult {
  reason: ResultReason;
  loser: number | null; // seat, or null on a draw
  places: number[]; // by seat, 1 = first out; players tied in a draw share a place
}

/** How a hand was set up; `replay(options, log)` rebuilds the hand from it. */
export type HandSetup =
  | {
      kind: "deal";
      players: PlayerCount;
      seed: number | string;
      dealer: number;
      trumps: Suit[];
      sixesToOwner: boolean;
      maxTurns: number;
    }
  | { kind: "position"; position: PositionSpec };

/** Input of `fromPosition`: any position, e.g. for tests, puzzles and analysis. */
export interface PositionSpec {
  trumps: Suit[]; // by seat
  hands: Card[][]; // by seat; [] = already out
  pile: Card[]; // bottom → top
  toMove: number;
  secondDue?: boolean;
  maxTurns?: number;
}

/** Options of `newHand`. */
export interface NewHandOptions {
  players: PlayerCount;
  seed: number | string;
  dealer?: number; // drawn from the seed when absent (R4)
  trumps?: Suit[]; // by seat; default S, H, D, C (R3)
  sixesToOwner?: boolean; // R6, default true
  maxTurns?: number; // R16, 100–10000, default 1000
}

/**
 * A hand in play without its past (`history`, `log`): everything the rules need to
 * decide the next move. `LiveHand.position` is one; every Hand is one too.
 */
export interface HandPosition {
  players: PlayerCount;
  setup: HandSetup; // how it started
  trumps: Suit[]; // by seat
  hands: Card[][]; // by seat; [] = out of the hand
  pile: Card[]; // bottom → top
  toMove: number; // seat to move; -1 once the hand is over
  secondDue: boolean; // mover has beaten and owes a second card (R11)
  turns: number; // turns played so far (R16)
  maxTurns: number; // R16 turn limit
  places: (number | null)[]; // by seat: finishing place once out (R14)
  pickedUp: Card[][]; // by seat: cards seen picked up and still held (public, R18)
  result: null | HandResult;
}

/**
 * A hand in play: plain, JSON-serialisable data. Never mutated by the engine;
 * `applyMove` returns a new one.
 */
export interface Hand extends HandPosition {
  history: string[]; // R16: the key (positionKey) of every position so far, the start first
  log: Move[]; // every move applied since the setup
}

export type MoveError = { code: MoveErrorCode; message: string };

/** Why `applyMove` refused a move. */
export const MOVE_ERROR_CODES = [
  "bad-hand", // the hand argument is not a hand
  "malformed", // the move is not a move
  "hand-over", // the hand has a result
  "not-in-hand", // the mover does not hold that card
  "does-not-beat", // the card does not beat the top card (R10)
  "second-card-due", // picking up while a second card is owed (R11)
  "empty-pile", // picking up from an empty pile
] as const;
export type MoveErrorCode = (typeof MOVE_ERROR_CODES)[number];

export type ApplyResult = { ok: true; hand: Hand } | { ok: false; error: MoveError };

/**
 * What one seat may know (R18). With 3–4 players it holds no card of another
 * seat's hand except cards that seat saw picked up; with 2 players the opponent's
 * hand is deduced exactly and included.
 */
export interface PlayerView {
  seat: number;
  players: PlayerCount;
  trumps: Suit[]; // by seat
  hand: Card[]; // this seat's own cards, sorted
  counts: number[]; // by seat: cards held
  known: Card[][]; // by seat: cards known to be in that hand (own hand in full; duel: both hands)
  pile: Card[]; // bottom → top
  toMove: number; // -1 once the hand is over
  secondDue: boolean;
  turns: number;
  maxTurns: number;
  sixesToOwner: boolean; // R6 was applied at the deal (so each owner held its trump six)
  places: (number | null)[];
  result: null | HandResult;
  log: Move[]; // every move is public (cards are face up)
  positions: Record<string, number> | null; // R16 history; duel only (it would reveal hands otherwise)
  legal: Move[]; // this seat's legal moves ([] when it is not this seat's turn)
}
