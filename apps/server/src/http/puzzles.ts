/**
 * The puzzle API: `GET /api/puzzles/:id`, `/daily`, `/next?rating=`, `/leaderboard`,
 * `GET /api/players/:id/puzzles` and `POST /api/puzzles/:id/attempts`. The puzzles are the
 * shipped set and those found in players' mistakes (puzzle-source.ts), served alike. A request with a
 * bearer token is a player's: what it is served is noted, and only such a puzzle takes an
 * attempt. An attempt's moves are replayed against the solution tree (`checkAttempt`);
 * the result it claims must be what they show, or 422 — the server never takes a
 * client's word for a solve. Without a token everything is served, unrated.
 *
 * A Streak run is the server's count too (storage/puzzle-streaks.ts): `next?streak=start`
 * serves a run's first puzzle, `next?streak=continue` the next one, only after the last was
 * solved and only above its rating (the server's floor, whatever `above` says); the first
 * try at the run's puzzle moves the run on or ends it. A continue with no run to continue
 * is a 400 before anything is served, so a page cannot skip a puzzle or resume a lost run.
 */
import type express from "express";
import { z } from "zod";
import { checkAttempt, utcDate, type Puzzle } from "@yourtrumps/ai";
import { isCard } from "@yourtrumps/engine";
import type { PlayerName, Store } from "../storage/index.js";
import type { StreakRun, StreakState } from "../storage/puzzle-streaks.js";
import type { AttemptOutcome, PuzzleLeaderboardEntry, PuzzleRecord } from "../storage/puzzles.js";
import { signedInPlayer } from "./auth.js";
import { HttpError, fromStore, methodNotAllowed } from "./errors.js";
import { PuzzleSource } from "./puzzle-source.js";
import { parseBody, parseQuery } from "./validation.js";

/** A puzzle as the API serves it: its position in plain terms, its goal, themes, rating and solution tree. */
export interface PuzzleAnswer extends Puzzle {
  estimate: number; // the rating it started from (the generator's difficulty estimate)
  daily?: string; // the UTC date it is the daily puzzle of
  streak?: StreakRun; // served for a Streak run (next?streak=…): the run as it stands, this puzzle not yet tried
}

export interface AttemptAnswer extends AttemptOutcome {
  rated: boolean; // false without an identity (then nothing is stored)
}

const idParam = z.string().regex(/^[0-9a-z]{8}$/);
const nextQuery = z.object({
  rating: z.coerce.number().min(0).max(4000).optional(), // without an identity: the rating to pick near (default 1500)
  above: z.coerce.number().min(0).max(4000).optional(), // a streak: only puzzles rated above this
  exclude: z.string().max(4000).optional(), // without an identity: ids already seen, comma-separated (the page keeps them)
  streak: z.enum(["start", "continue"]).optional(), // with an identity: a Streak run's first puzzle, or its next once the last was solved
});
const move = z
  .string()
  .refine((m) => m === "pickup" || isCard(m), { message: 'a move is a card such as "TS" or "pickup"' });
const attemptBody = z.object({
  moves: z.array(move).min(1).max(200),
  result: z.enum(["solved", "failed"]),
});

async function optionalPlayer(req: express.Request, store: Store): Promise<PlayerName | null> {
  return req.get("authorization") === undefined ? null : signedInPlayer(req, store);
}

export function puzzleRoutes(router: express.Router, store: Store, source = new PuzzleSource(store.mistakes)): void {
  const answer = async (p: Puzzle, player: PlayerName | null, daily?: string): Promise<PuzzleAnswer> => {
    const current = await fromStore(() => store.puzzles.ratings([p.id]));
    if (player !== null) await fromStore(() => store.puzzles.markServed(player.id, p.id));
    return {
      ...p,
      rating: Math.round(current.get(p.id) ?? p.rating),
      estimate: p.rating,
      ...(daily === undefined ? {} : { daily }),
    };
  };

  router
    .route("/puzzles/daily")
    .get(async (req, res) => {
      const player = await optionalPlayer(req, store);
      const date = utcDate(new Date());
      const p = source.shipped.daily(date);
      if (p === undefined) throw new HttpError(404, "there are no puzzles");
      res.json(await answer(p, player, date));
    })
    .all(methodNotAllowed("GET"));

  router
    .route("/puzzles/next")
    .get(async (req, res) => {
      const q = parseQuery(nextQuery, req);
      const player = await optionalPlayer(req, store);
      if (q.streak !== undefined && player === null)
        throw new HttpError(400, "bad query field streak: a Streak run is kept for a player (send the bearer token)");
      const run =
        q.streak === "continue" && player !== null
          ? runToContinue(await fromStore(() => store.puzzles.streak(player.id)))
          : null;
      // Above the last solved one's rating as shown (rounded): a puzzle rated a fraction above it would show the same number.
      const above = run === null ? q.above : Math.max(q.above ?? -Infinity, run.floor + 0.5);
      const seen =
        player === null
          ? { playerId: null, exclude: new Set(q.exclude?.split(",") ?? []) }
          : { playerId: player.id, served: await fromStore(() => store.puzzles.served(player.id)) };
      const rating =
        player === null ? (q.rating ?? 1500) : (await fromStore(() => store.puzzles.record(player.id))).rating;
      const current = await fromStore(() => store.puzzles.ratings(source.shipped.ids())); // the rated puzzles' ratings now, not their estimates
      const near = await fromStore(() => source.next(rating, seen, current, above));
      if (near === undefined) throw new HttpError(404, "no unseen puzzle is left");
      const served = await answer(near, player);
      if (player === null || q.streak === undefined) {
        res.json(served);
        return;
      }
      const streak =
        run === null
          ? await fromStore(() => store.puzzles.startStreak(player.id, near.id, served.rating))
          : await fromStore(() => store.puzzles.continueStreak(player.id, run.run, near.id, served.rating));
      if (streak === null)
        throw new HttpError(400, "bad query field streak: the run moved meanwhile (another page of this player's)");
      res.json({ ...served, streak } satisfies PuzzleAnswer);
    })
    .all(methodNotAllowed("GET"));

  router
    .route("/puzzles/leaderboard")
    .get(async (_req, res) => {
      const players = await fromStore(() => store.puzzles.leaderboard());
      res.json({ players } satisfies { players: PuzzleLeaderboardEntry[] });
    })
    .all(methodNotAllowed("GET"));

  router
    .route("/puzzles/:id")
    .get(async (req, res) => {
      const p = await puzzleOf(source, req.params.id);
      res.json(await answer(p, await optionalPlayer(req, store)));
    })
    .all(methodNotAllowed("GET"));

  router
    .route("/puzzles/:id/attempts")
    .post(async (req, res) => {
      const p = await puzzleOf(source, req.params.id);
      const player = await signedInPlayer(req, store);
      const body = parseBody(attemptBody, req);
      if (!(await fromStore(() => store.puzzles.wasServed(player.id, p.id))))
        throw new HttpError(400, `puzzle ${p.id} was not served to this player (GET it first)`);
      const check = checkAttempt(p, body.moves);
      if (check.result === "invalid") throw new HttpError(422, `the moves do not follow the puzzle: ${check.why}`);
      if (check.result !== body.result)
        throw new HttpError(422, `the moves show the puzzle ${check.result}, not ${body.result}`);
      const outcome = await fromStore(() =>
        store.puzzles.rateAttempt({
          playerId: player.id,
          puzzleId: p.id,
          estimate: p.rating,
          moves: body.moves,
          solved: check.result === "solved",
        }),
      );
      res.json({ ...outcome, rated: true } satisfies AttemptAnswer);
    })
    .all(methodNotAllowed("POST"));

  router
    .route("/players/:id/puzzles")
    .get(async (req, res) => {
      const id = z.uuid().safeParse(req.params.id);
      if (!id.success || (await fromStore(() => store.getPlayer(id.data))) === null)
        throw new HttpError(404, "there is no such player");
      res.json((await fromStore(() => store.puzzles.record(id.data))) satisfies PuzzleRecord);
    })
    .all(methodNotAllowed("GET"));
}

/** The run a `streak=continue` goes on with: one whose last puzzle was solved and none is pending, or a 400. */
function runToContinue(state: StreakState | null): StreakState & { floor: number } {
  if (state?.pending)
    throw new HttpError(400, `bad query field streak: the run's puzzle ${state.pending.puzzleId} is not tried yet`);
  if (state === null || state.run === 0 || state.floor === null)
    throw new HttpError(400, "bad query field streak: there is no run to continue (streak=start begins one)");
  return { ...state, floor: state.floor };
}

async function puzzleOf(source: PuzzleSource, id: string): Promise<Puzzle> {
  const p = idParam.safeParse(id).success ? await fromStore(() => source.get(id)) : undefined;
  if (p === undefined) throw new HttpError(404, `there is no puzzle ${id}`);
  return p;
}
