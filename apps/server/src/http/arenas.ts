/**
 * `GET /api/arenas` (upcoming, running, recently finished), `GET /api/arenas/:id` (the
 * arena with its standings; with a bearer token also the caller's own line as `me`),
 * `POST /api/arenas` (a signed-in player creates one) and `GET /api/players/:id/arenas`
 * (a player's arenas, with rank, score and the trophy of a podium place). The standings
 * here are read from the database — the director's live ones reach players through the
 * arena room — and ordered by the same comparison (arena/standings.ts).
 */
import type express from "express";
import { z } from "zod";
import {
  ARENA_MINUTES,
  ARENA_NAME_MAX,
  ARENA_STANDINGS_SHOWN,
  cleanName,
  type ArenaDetail,
  type ArenaList,
  type PlayerArena,
} from "@yourtrumps/protocol";
import type { Store } from "../storage/index.js";
import type { ArenaPlayerRecord } from "../storage/arenas.js";
import { arenaStatus, standingOf, summaryOf } from "../arena/answers.js";
import { compareLines } from "../arena-rules/standings.js";
import { arenaCreator } from "./arena-creator.js";
import { signedInPlayer } from "./auth.js";
import { HttpError, fromStore, methodNotAllowed } from "./errors.js";
import { parseBody } from "./validation.js";

/** What the arena routes are given besides the store. */
export interface ArenaRouteSettings {
  minMinutes: number; // ARENA_MIN_MINUTES: the shortest arena (20 unless lowered for tests)
  turnSeconds: number; // an arena's turn clock unless its creator sets one
  created: () => void; // an arena was created: the directors look for it now rather than at their next round
}

const FINISHED_LISTED = 20;
const ID = /^[A-Za-z0-9_-]{8}$/;
const HOUR = 3_600_000;

export function arenaRoutes(router: express.Router, store: Store, settings: ArenaRouteSettings): void {
  const newArena = z.strictObject({
    name: z.string().max(200),
    minutes: z.number().int().min(settings.minMinutes).max(ARENA_MINUTES.max),
    startsAt: z.number().int().optional(),
    rated: z.boolean().optional(),
    berserk: z.boolean().optional(),
    streaks: z.boolean().optional(),
    turnSeconds: z.number().int().min(5).max(600).optional(),
    minRatedHands: z.number().int().min(0).max(100_000).optional(),
    maxRating: z.number().int().min(0).max(5000).optional(),
  });

  router
    .route("/arenas")
    .get(async (_req, res) => {
      const now = Date.now();
      const arenas = (await fromStore(() => store.arenas.list(FINISHED_LISTED))).map((a) => summaryOf(a, now));
      res.set("Cache-Control", "no-cache").json({
        upcoming: arenas.filter((a) => a.status === "created"),
        running: arenas.filter((a) => a.status === "started" || (a.status === "finished" && !a.final)),
        finished: arenas.filter((a) => a.final),
      } satisfies ArenaList);
    })
    .post(async (req, res) => {
      const creator = await arenaCreator(req, store);
      const body = parseBody(newArena, req);
      const name = cleanName(body.name).slice(0, ARENA_NAME_MAX);
      if (name === "") throw new HttpError(400, "bad body field name: an arena needs a name with a visible character");
      const now = Date.now();
      const startsAt = body.startsAt ?? now;
      if (startsAt < now - 60_000) throw new HttpError(400, "bad body field startsAt: that time has passed");
      if (startsAt > now + 30 * 24 * HOUR) throw new HttpError(400, "bad body field startsAt: at most 30 days ahead");
      const id = await fromStore(() =>
        store.arenas.create({
          name,
          minutes: body.minutes,
          startsAt,
          rated: body.rated ?? true,
          berserk: body.berserk ?? true,
          streaks: body.streaks ?? true,
          turnSeconds: body.turnSeconds ?? settings.turnSeconds,
          minRatedHands: body.minRatedHands ?? 0,
          maxRating: body.maxRating ?? null,
          createdBy: creator,
          scheduleKey: null,
        }),
      );
      settings.created();
      res.status(201).location(`/api/arenas/${id}`).json({ id });
    })
    .all(methodNotAllowed("GET", "POST"));

  router
    .route("/arenas/:id")
    .get(async (req, res) => {
      const id = req.params.id ?? "";
      if (!ID.test(id)) throw new HttpError(404, `no arena has the id ${id.slice(0, 40)}`);
      const arena = await fromStore(() => store.arenas.get(id));
      if (!arena) throw new HttpError(404, `no arena has the id ${id}`);
      const caller = req.get("authorization") === undefined ? null : await signedInPlayer(req, store);
      const lines = (await fromStore(() => store.arenas.players(id))).sort(compareLines);
      const now = Date.now();
      const mine = caller === null ? -1 : lines.findIndex((line) => line.playerId === caller.id);
      const detail: ArenaDetail = {
        ...summaryOf(arena, now),
        players: lines.length,
        standings: lines.slice(0, ARENA_STANDINGS_SHOWN).map((line, i) => standingOf(line, i + 1)),
        featured: null, // the live featured table is the arena room's (its director knows the tables in play)
        ...(mine >= 0 ? { me: standingOf(lines[mine] as ArenaPlayerRecord, mine + 1) } : {}),
      };
      res.set(
        "Cache-Control",
        arenaStatus(arena, now) === "finished" && arena.podiumAt !== null ? "max-age=60" : "no-cache",
      );
      res.json(detail);
    })
    .all(methodNotAllowed("GET"));

  router
    .route("/players/:id/arenas")
    .get(async (req, res) => {
      const rows = await fromStore(() => store.arenas.ofPlayer(req.params.id ?? "", 50));
      res.set("Cache-Control", "no-cache").json(
        rows.map(({ arena, rank, score }): PlayerArena => ({
          id: arena.id,
          name: arena.name,
          startsAt: arena.startsAt,
          rank,
          score,
          trophy: arena.podiumAt !== null && rank <= 3 ? (rank as 1 | 2 | 3) : null,
        })),
      );
    })
    .all(methodNotAllowed("GET"));
}
