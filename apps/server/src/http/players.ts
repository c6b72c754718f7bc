/**
 * Players: `POST /api/players` makes a guest identity, `GET /api/players/:id` (or
 * `/api/players/@<handle>`) shows a profile, `GET /api/players/:id/games` a history a page at a time. Profiles and
 * histories are public, as on a chess server's player page; only the token is private.
 */
import type { HandResult } from "@yourtrumps/engine";
import type { Mode, Role } from "@yourtrumps/protocol";
import type express from "express";
import { z } from "zod";
import type { RatingKind } from "../ratings/index.js";
import {
  HISTORY_MAX_LIMIT,
  type HistoryGame,
  type Opponent,
  type Outcome,
  type PlayerProfile,
  type RatingSummary,
  type Store,
} from "../storage/index.js";
import { describeDevice } from "../accounts/devices.js";
import { handleKey } from "../accounts/handles.js";
import { HttpError, fromStore, methodNotAllowed } from "./errors.js";
import { parseBody, parseQuery } from "./validation.js";

/** Longer than this is no name; shorter is cleaned as a seat name is (control characters out, 24 characters kept). */
export const NAME_INPUT_MAX = 200;

/** `POST /api/players`: the token is shown this once; the server keeps only its SHA-256. */
export interface NewPlayerAnswer {
  id: string; // uuid
  token: string; // send as Authorization: Bearer <token>
  sessionId: string; // this token's session in GET /api/me/sessions
  name: string;
  profile: MeAnswer; // what GET /api/me would answer now: a first visit needs no second request
}

/** `GET /api/players/:id`, `GET /api/me`, `PATCH /api/me`. */
export interface ProfileAnswer {
  id: string;
  name: string; // the display name
  handle: string | null; // the account's handle (GET /api/players/@<handle>); null for a guest
  createdAt: string; // ISO 8601
  ratings: Record<RatingKind, RatingSummary>; // a kind never played shows a new player's 1500, RD 500
  record: Record<Outcome, number>; // every recorded hand, rated or not
  records: Record<RatingKind, Record<Outcome, number>>; // the same hands by table size: duels, and tables of 3–4
  marked: boolean; // a moderator marked the player: no rated play, off the leaderboards
}

/** `GET /api/me`: one's own profile and moderation role. */
export interface MeAnswer extends ProfileAnswer {
  role: Role | null; // "mod" or "admin": the moderators' page and /api/mod/… are open to them
}

/** One hand of `GET /api/players/:id/games`, as that player saw it. */
export interface HistoryGameAnswer {
  id: string; // GET /api/games/:id
  mode: Mode;
  players: number; // 2–4
  result: HandResult;
  seat: number; // the player's seat
  place: number; // 1 = first out
  outcome: Outcome;
  opponents: Opponent[]; // every other seat, by seat
  endedAt: string; // ISO 8601
  ratingDelta?: number; // only for a rated seat
}

export interface HistoryAnswer {
  games: HistoryGameAnswer[]; // newest first
  next: string | null; // `before` for the following page; null on the last
}

const newPlayerBody = z.strictObject({ name: z.string().max(NAME_INPUT_MAX).optional() });

const LIMIT = `must be a whole number from 1 to ${HISTORY_MAX_LIMIT}`;
const historyQuery = z.object({
  before: z.string({ error: "must be given once: the `next` of the previous page" }).optional(),
  limit: z
    .string({ error: LIMIT })
    .regex(/^[0-9]{1,6}$/, { error: LIMIT })
    .transform(Number)
    .pipe(z.number().min(1, { error: LIMIT }).max(HISTORY_MAX_LIMIT, { error: LIMIT }))
    .optional(),
});

export function profileAnswer(p: PlayerProfile): ProfileAnswer {
  return {
    id: p.id,
    name: p.name,
    handle: p.handle,
    createdAt: p.createdAt.toISOString(),
    ratings: p.ratings,
    record: p.record,
    records: p.records,
    marked: p.marked,
  };
}

/** A hand of a player's history as the API answers it. */
export function historyGameAnswer(g: HistoryGame): HistoryGameAnswer {
  const { ratingDelta, endedAt, ...rest } = g;
  return { ...rest, endedAt: endedAt.toISOString(), ...(ratingDelta === null ? {} : { ratingDelta }) };
}

const noSuchPlayer = (): HttpError => new HttpError(404, "no player has this id or handle");

/** A player's id from the address: the id itself, or `@handle` (a current handle, or one given up in the last year). */
async function playerIdOf(store: Store, idOrHandle: string): Promise<string | null> {
  if (!idOrHandle.startsWith("@")) return idOrHandle;
  const handle = idOrHandle.slice(1);
  if (handle.length > 100) return null;
  return fromStore(() => store.accounts.playerIdByHandle(handleKey(handle)));
}

export function playerRoutes(router: express.Router, store: Store): void {
  router
    .route("/players")
    .post(async (req, res) => {
      const { name } = parseBody(newPlayerBody, req);
      const player = await fromStore(() => store.createPlayer(name, describeDevice(req.get("user-agent"))));
      const profile = await fromStore(() => store.getPlayer(player.id));
      if (profile === null) throw new HttpError(503, "the new player could not be read back; try again");
      res
        .status(201)
        .set("Cache-Control", "no-store")
        .json({
          id: player.id,
          token: player.token,
          sessionId: player.sessionId,
          name: player.name,
          profile: { ...profileAnswer(profile), role: null }, // a new guest has no role
        } satisfies NewPlayerAnswer);
    })
    .all(methodNotAllowed("POST"));

  router
    .route("/players/:id")
    .get(async (req, res) => {
      const id = await playerIdOf(store, req.params.id);
      const profile = id === null ? null : await fromStore(() => store.getPlayer(id));
      if (profile === null) throw noSuchPlayer();
      res.json(profileAnswer(profile));
    })
    .all(methodNotAllowed("GET"));

  router
    .route("/players/:id/games")
    .get(async (req, res) => {
      const { before, limit } = parseQuery(historyQuery, req);
      const id = (await playerIdOf(store, req.params.id)) ?? req.params.id;
      const page = await fromStore(() => store.playerGames(id, { before, limit }));
      // An unknown player's history is empty; only an empty page needs the second look.
      if (page.games.length === 0 && (await fromStore(() => store.getPlayer(id))) === null) throw noSuchPlayer();
      res.json({ games: page.games.map(historyGameAnswer), next: page.next } satisfies HistoryAnswer);
    })
    .all(methodNotAllowed("GET"));
}
