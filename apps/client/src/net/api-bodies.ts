import {
  LEVELS,
  MODES,
  OUTCOMES,
  ROLES,
  type Level,
  type Mode,
  type Outcome,
  type RatingKind,
  type Role,
} from "@yourtrumps/protocol";
import type {
  HistoryAnswer,
  HistoryGameAnswer,
  LeaderboardAnswer,
  LocalGameAnswer,
  MeAnswer,
  NewPlayerAnswer,
  RatingSummary,
} from "@yourtrumps/server/api";
import { fields, list, num, oneOf, str } from "./read.js";

/**
 * What the HTTP API's bodies mean to the client, and the readers that check them. A
 * reader never trusts a body: a required field that is missing or of the wrong type
 * makes the whole body malformed (null), an optional one gets a safe default, and a
 * list keeps the entries it can read. The UI only ever sees these plain types. Each
 * reader reads only the fields the server's answer type declares (`@yourtrumps/server/api`,
 * types only), so a renamed field is a type error here, not a silent default.
 */

/** `POST /api/players`: a new guest identity; the token is shown this once. */
export interface NewPlayer {
  id: string;
  token: string;
  name: string;
  profile: Profile | null; // the new player's profile, when the answer carries one readable
}

export interface Rating {
  rating: number; // Glicko-2, rounded for display
  rd: number; // rating deviation
  provisional: boolean; // rd > 110: shown as "1500?"
  games: number; // rated hands of this kind
}

/** `GET /api/me`, `GET /api/players/:id`. */
export interface Profile {
  id: string;
  name: string;
  ratings: Record<RatingKind, Rating>;
  records: Record<RatingKind, Record<Outcome, number>>; // every recorded hand, rated or not, by table size: duels, tables of 3–4
  createdAt?: string; // ISO 8601: when the identity was made
  marked: boolean; // a moderator marked the player: no rated play, off the leaderboards
  role: Role | null; // `GET /api/me` only: "mod" or "admin" opens the moderators' page; null for anyone else
  handle?: string; // the account's handle; absent for a guest
}

export interface Opponent {
  name: string; // as shown at the table; computer seats carry the server's "Computer", "Computer 2"
  computer: Level | null; // the level that held the seat at the end; null: a person
  playerId?: string | null; // the person's identity, when they had one (a Challenge can reach them); absent for hands kept in the page
  marked?: boolean; // a moderator marked them since: the hand's result stands, flagged
}

/** One hand of `GET /api/players/:id/games`, as the player saw it. */
export interface HistoryEntry {
  id: string; // the record id: a replay opens `?game=<id>`
  mode: Mode;
  players: number; // 2–4
  seat: number; // the player's seat
  place: number | null; // finishing place, 1 = first out
  outcome: Outcome | null; // null: the server did not say
  opponents: Opponent[]; // every other seat, by seat
  endedAt: Date | null;
  ratingDelta: number | null; // null: not rated
}

export interface HistoryPage {
  games: HistoryEntry[]; // newest first
  next: string | null; // cursor of the following page; null on the last
}

/** One row of `GET /api/leaderboard?kind=…`. */
export interface LeaderboardRow {
  rank: number; // 1 = best
  playerId: string;
  name: string;
  rating: number;
  games: number;
}

/** The body of `POST /api/players`, or null. */
export function readNewPlayer(raw: unknown): NewPlayer | null {
  const o = fields<NewPlayerAnswer>(raw);
  const id = str(o.id);
  const token = str(o.token);
  return id && token
    ? { id, token, name: str(o.name), profile: o.profile === undefined ? null : readProfile(o.profile) }
    : null;
}

/** A profile body, or null. A rating kind the body lacks reads as a new player's. */
export function readProfile(raw: unknown): Profile | null {
  const o = fields<MeAnswer>(raw);
  const id = str(o.id);
  if (!id || typeof o.name !== "string") return null;
  const ratings = fields<MeAnswer["ratings"]>(o.ratings);
  const records = fields<MeAnswer["records"]>(o.records);
  return {
    id,
    name: o.name,
    ratings: { duel: readRating(ratings.duel), multi: readRating(ratings.multi) },
    records: { duel: readRecord(records.duel), multi: readRecord(records.multi) },
    ...(typeof o.createdAt === "string" ? { createdAt: o.createdAt } : {}),
    marked: o.marked === true,
    role: oneOf(o.role, ROLES),
    ...(typeof o.handle === "string" && o.handle !== "" ? { handle: o.handle } : {}),
  };
}

function readRecord(raw: unknown): Record<Outcome, number> {
  const o = fields<MeAnswer["records"][RatingKind]>(raw);
  return { won: count(o.won), drawn: count(o.drawn), lost: count(o.lost) };
}

const NEW_RATING: Rating = { rating: 1500, rd: 500, provisional: true, games: 0 };

function readRating(raw: unknown): Rating {
  const o = fields<RatingSummary>(raw);
  const rating = num(o.rating, NaN);
  if (!Number.isFinite(rating)) return NEW_RATING;
  const rd = num(o.rd, NEW_RATING.rd);
  return {
    rating: Math.round(rating),
    rd,
    provisional: typeof o.provisional === "boolean" ? o.provisional : rd > 110,
    games: count(o.games),
  };
}

/** A history page, or null; entries that cannot be read are left out. */
export function readHistoryPage(raw: unknown): HistoryPage | null {
  const o = fields<HistoryAnswer>(raw);
  if (!Array.isArray(o.games)) return null;
  const next = str(o.next);
  return { games: o.games.flatMap((g) => readHistoryEntry(g) ?? []), next: next || null };
}

/** One hand of a history, or null. */
export function readHistoryEntry(raw: unknown): HistoryEntry | null {
  const o = fields<HistoryGameAnswer>(raw);
  const id = str(o.id);
  const mode = oneOf(o.mode, MODES);
  if (!id || mode === null) return null;
  const place = num(o.place, 0);
  const endedAt = new Date(str(o.endedAt));
  const delta = num(o.ratingDelta, NaN);
  return {
    id,
    mode,
    players: num(o.players, 2),
    seat: num(o.seat, -1),
    place: place > 0 ? place : null,
    outcome: oneOf(o.outcome, OUTCOMES),
    opponents: list(o.opponents).map(readOpponent),
    endedAt: Number.isNaN(endedAt.getTime()) ? null : endedAt,
    ratingDelta: Number.isFinite(delta) ? Math.round(delta) : null,
  };
}

function readOpponent(raw: unknown): Opponent {
  const o = fields<HistoryGameAnswer["opponents"][number]>(raw);
  return {
    name: str(o.name),
    computer: oneOf(o.computer, LEVELS),
    playerId: typeof o.playerId === "string" && o.playerId !== "" ? o.playerId : null,
    ...(o.marked === true ? { marked: true } : {}),
  };
}

/** The leaderboard's rows (`{ kind, players: [...] }`, best first), or null. */
export function readLeaderboard(raw: unknown): LeaderboardRow[] | null {
  const o = fields<LeaderboardAnswer>(raw);
  if (!Array.isArray(o.players)) return null;
  return o.players.flatMap((r: unknown, i) => readLeaderboardRow(r, i) ?? []);
}

function readLeaderboardRow(raw: unknown, index: number): LeaderboardRow | null {
  const o = fields<LeaderboardAnswer["players"][number]>(raw);
  const playerId = str(o.playerId);
  const rating = num(o.rating, NaN);
  if (!playerId || !Number.isFinite(rating)) return null;
  return {
    rank: num(o.rank, index + 1),
    playerId,
    name: str(o.name),
    rating: Math.round(rating),
    games: count(o.games),
  };
}

function count(x: unknown): number {
  const n = num(x, 0);
  return n >= 0 ? Math.floor(n) : 0;
}

/** The answer to an uploaded local hand, or null. */
export function readLocalGameAnswer(raw: unknown): { id: string; recorded: boolean } | null {
  const o = fields<LocalGameAnswer>(raw);
  const id = str(o.id);
  return id ? { id, recorded: o.recorded === true } : null;
}

/** `GET /api/tv`: `{ roomId }`, a room id or null; anything else is no answer. */
export function readTvRoom(raw: unknown): { roomId: string | null } | null {
  const roomId = (raw as { roomId?: unknown } | null)?.roomId;
  return typeof roomId === "string" || roomId === null ? { roomId } : null;
}
