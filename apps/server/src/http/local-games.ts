/**
 * `POST /api/local-games`: a hand the web client played against the computer in the
 * page (no server saw it) joins the player's history. Nothing the page says is taken on
 * trust: the server deals the hand again from its seed, dealer and trumps and plays the
 * moves through the engine, refusing the first one the rules refuse, and a hand that is
 * not over. The record is the one a server computer table would write (mode `computer`,
 * never rated), through the store's own recordHand, idempotent on the hand's id. It
 * waits for the commit rather than going through the rooms' queue: the page keeps the
 * hand and sends it again after a 503, where a room could only wait.
 */
import { LiveHand, SUITS, newHand } from "@yourtrumps/engine";
import { LEVELS, LOCAL_GAMES_PATH, decodeMoves, type LocalHandUpload } from "@yourtrumps/protocol";
import type express from "express";
import { z } from "zod";
import { recordOfHand } from "../table/record-of-hand.js";
import { RecordError, type HandRecord, type SeatRecord, type Store } from "../storage/index.js";
import { signedInPlayer } from "./auth.js";
import { HttpError, fromStore, methodNotAllowed } from "./errors.js";
import { parseBody } from "./validation.js";

/** The longest move list taken: far past any hand under R16's turn limit that fits the body limit. */
const MAX_MOVES = 4000;
const CLOCK_SLACK_MS = 24 * 3600_000; // a phone's clock may be a day off; a hand from further in the future is refused
/** Uploads per address per minute: a hand takes longer than a minute to play, so this is far above honest use. */
export const LOCAL_UPLOADS_PER_MINUTE = 20;

const uploadBody = z
  .strictObject({
    id: z.uuid(),
    players: z.union([z.literal(2), z.literal(3), z.literal(4)]),
    seed: z.string().regex(/^[0-9a-f]{8,64}$/, "must be 8 to 64 lowercase hex digits"),
    dealer: z.int().min(0).max(3),
    trumps: z.array(z.enum(SUITS)).min(2).max(4),
    level: z.enum(LEVELS),
    moves: z.array(z.string().max(3)).max(MAX_MOVES),
    moveTimes: z.array(z.number().min(0).finite()).max(MAX_MOVES),
    startedAt: z.int().min(0),
    endedAt: z.int().min(0),
  })
  .refine((b) => b.trumps.length === b.players && b.dealer < b.players, {
    message: "trumps and dealer must fit the number of players",
  })
  .refine((b) => b.moveTimes.length === b.moves.length, { message: "one move time per move" })
  .refine((b) => b.endedAt >= b.startedAt, {
    message: "the hand must end after it started",
  }) satisfies z.ZodType<LocalHandUpload>;

/** The answer to an upload. */
export interface LocalGameAnswer {
  id: string;
  recorded: boolean; // false: this hand was on record already (nothing changed)
}

/** A per-address count of uploads in the current minute (one process's own: enough to stop a flood). */
function uploadLimiter(perMinute: number): express.RequestHandler {
  let windowStart = 0;
  let counts = new Map<string, number>();
  return (req, _res, next) => {
    const now = Date.now();
    if (now - windowStart >= 60_000) {
      windowStart = now;
      counts = new Map();
    }
    const key = req.ip ?? "";
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    if (n > perMinute)
      next(
        new HttpError(429, `at most ${perMinute} hands a minute are taken; try again in a minute`, {
          "Retry-After": "60",
        }),
      );
    else next();
  };
}

export function localGameRoutes(
  router: express.Router,
  store: Store,
  recorded: (record: HandRecord) => void = () => {},
): void {
  router
    .route(LOCAL_GAMES_PATH.replace(/^\/api/, ""))
    .post(uploadLimiter(LOCAL_UPLOADS_PER_MINUTE), async (req, res) => {
      const player = await signedInPlayer(req, store);
      const body = parseBody(uploadBody, req);
      if (body.endedAt > Date.now() + CLOCK_SLACK_MS) throw new HttpError(422, "this hand ends in the future");
      const log = decodeMoves(body.moves);
      if (log === null) throw new HttpError(400, 'bad body field moves: each move must be a card ("TS") or "P"');
      const live = new LiveHand(
        newHand({ players: body.players, seed: body.seed, dealer: body.dealer, trumps: body.trumps }),
      );
      log.forEach((move, i) => {
        const error = live.play(move);
        if (error) throw new HttpError(422, `move ${i + 1} (${body.moves[i]}) is not legal: ${error.message}`);
      });
      const hand = live.toHand();
      if (hand.result === null) throw new HttpError(422, "this hand is not over");
      const seats = hand.hands.map((_, seat): SeatRecord =>
        seat === 0
          ? { name: player.name, playerId: player.id, computer: null, anonymous: false }
          : {
              name: seat === 1 ? "Computer" : `Computer ${seat}`,
              playerId: null,
              computer: body.level,
              anonymous: false,
            },
      );
      const record = recordOfHand({
        id: body.id,
        tableId: "local",
        mode: "computer",
        options: { level: body.level, local: true },
        hand,
        moveTimes: body.moveTimes,
        startedAt: body.startedAt,
        endedAt: body.endedAt,
        seats,
      });
      let result;
      try {
        result = await fromStore(() => store.recordHand(record));
      } catch (e) {
        if (e instanceof Error && e.cause instanceof RecordError) throw new HttpError(422, e.cause.message);
        throw e;
      }
      const isNew = result === "recorded";
      if (isNew) recorded(record);
      res.status(isNew ? 201 : 200).json({ id: body.id, recorded: isNew } satisfies LocalGameAnswer);
    })
    .all(methodNotAllowed("POST"));
}
