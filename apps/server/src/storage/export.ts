/**
 * `GET /api/me/export`: everything the server holds about a player, as one JSON
 * document written piece by piece, so ten thousand hands cost a page of memory at a
 * time rather than the whole document. Secrets are left out — no token, password,
 * second-factor or recovery hash, no passkey public key — and only whether each is set is said.
 */
import type { Kysely } from "kysely";
import type { Database } from "../database/schema.js";

const HANDS_A_PAGE = 500;

/** Writes the export of `playerId` through `write` (a chunk of JSON text each call); false when there is no such player. */
export async function exportPlayer(
  db: Kysely<Database>,
  playerId: string,
  write: (chunk: string) => Promise<void>,
): Promise<boolean> {
  const player = await db
    .selectFrom("players")
    .select([
      "id",
      "name",
      "handle",
      "created_at",
      "account_at",
      "handle_changed_at",
      "closing_at",
      "password_hash",
      "totp_secret",
      "recovery_sha256",
    ])
    .where("id", "=", playerId)
    .executeTakeFirst();
  if (player === undefined) return false;
  const [handles, sessions, passkeys, ratings, puzzleRating, puzzleStreak, attempts, mistakes] = await Promise.all([
    db.selectFrom("handles").select(["handle", "held_until"]).where("player_id", "=", playerId).execute(),
    db
      .selectFrom("sessions")
      .select(["id", "browser", "system", "created_at", "last_seen_at"])
      .where("player_id", "=", playerId)
      .execute(),
    db
      .selectFrom("passkeys")
      .select(["id", "name", "created_at", "last_used_at", "backed_up"])
      .where("player_id", "=", playerId)
      .execute(),
    db
      .selectFrom("ratings")
      .select(["kind", "rating", "rd", "volatility", "games", "updated_at"])
      .where("player_id", "=", playerId)
      .execute(),
    db
      .selectFrom("puzzle_players")
      .select(["rating", "rd", "solved", "failed", "streak", "best_streak", "updated_at"])
      .where("player_id", "=", playerId)
      .executeTakeFirst(),
    db
      .selectFrom("puzzle_streaks")
      .select(["run", "best", "updated_at"])
      .where("player_id", "=", playerId)
      .executeTakeFirst(),
    db
      .selectFrom("puzzle_attempts")
      .select(["puzzle_id", "moves", "solved", "rating_before", "rating_after", "created_at"])
      .where("player_id", "=", playerId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("player_mistakes")
      .select(["game_id", "move_index", "puzzle_id", "created_at"])
      .where("player_id", "=", playerId)
      .orderBy("created_at")
      .execute(),
  ]);
  const head = {
    exportedAt: new Date(),
    player: {
      id: player.id,
      name: player.name,
      handle: player.handle,
      createdAt: player.created_at,
      accountAt: player.account_at,
      handleChangedAt: player.handle_changed_at,
      closingAt: player.closing_at,
      password: player.password_hash !== null,
      secondFactor: player.totp_secret !== null,
      recoveryKey: player.recovery_sha256 !== null,
    },
    handles: handles.map((h) => ({ handle: h.handle, heldUntil: h.held_until })),
    sessions: sessions.map((s) => ({
      id: s.id,
      device: { browser: s.browser, system: s.system },
      createdAt: s.created_at,
      lastSeenAt: s.last_seen_at,
    })),
    passkeys: passkeys.map((k) => ({
      id: k.id,
      name: k.name,
      createdAt: k.created_at,
      lastUsedAt: k.last_used_at,
      backedUp: k.backed_up,
    })),
    ratings,
    puzzles: { rating: puzzleRating ?? null, streak: puzzleStreak ?? null, attempts },
    mistakes,
  };
  const opening = JSON.stringify(head);
  await write(`${opening.slice(0, -1)},"hands":[`);
  let after: Cursor = null;
  let first = true;
  for (;;) {
    const cursor: Cursor = after;
    const page = await handsPage(db, playerId, cursor);
    if (page.length === 0) break;
    const seats = await db
      .selectFrom("game_seats")
      .select(["game_id", "seat", "name", "player_id", "computer"])
      .where(
        "game_id",
        "in",
        page.map((g) => g.id),
      )
      .orderBy("game_id")
      .orderBy("seat")
      .execute();
    const seatsOf = new Map<
      string,
      { seat: number; name: string; playerId: string | null; computer: string | null }[]
    >();
    for (const s of seats) {
      const list = seatsOf.get(s.game_id) ?? [];
      list.push({ seat: s.seat, name: s.name, playerId: s.player_id, computer: s.computer });
      seatsOf.set(s.game_id, list);
    }
    const text = page
      .map((g) =>
        JSON.stringify({
          id: g.id,
          mode: g.mode,
          players: g.players,
          seat: g.seat,
          place: g.place,
          outcome: g.outcome,
          rated: g.rated,
          ratingBefore: g.rating_before,
          ratingAfter: g.rating_after,
          startedAt: g.started_at,
          endedAt: g.ended_at,
          seats: seatsOf.get(g.id) ?? [],
          setup: g.setup,
          options: g.options,
          log: g.log,
          moveTimes: g.move_times,
          result: g.result,
        }),
      )
      .join(",");
    await write(first ? text : `,${text}`);
    first = false;
    const last = page[page.length - 1]!;
    after = { endedAt: last.ended_at, gameId: last.id };
    if (page.length < HANDS_A_PAGE) break;
  }
  await write("]}");
  return true;
}

type Cursor = { endedAt: Date; gameId: string } | null;

/** The next HANDS_A_PAGE hands of `playerId` after `cursor`, oldest first. */
function handsPage(db: Kysely<Database>, playerId: string, cursor: Cursor) {
  return db
    .selectFrom("game_seats as s")
    .innerJoin("games as g", "g.id", "s.game_id")
    .select([
      "g.id",
      "g.mode",
      "g.players",
      "g.setup",
      "g.options",
      "g.log",
      "g.move_times",
      "g.result",
      "g.started_at",
      "g.ended_at",
      "g.rated",
      "s.seat",
      "s.place",
      "s.outcome",
      "s.rating_before",
      "s.rating_after",
    ])
    .where("s.player_id", "=", playerId)
    .$if(cursor !== null, (q) =>
      q.where((eb) =>
        eb.or([
          eb("s.ended_at", ">", cursor!.endedAt),
          eb.and([eb("s.ended_at", "=", cursor!.endedAt), eb("s.game_id", ">", cursor!.gameId)]),
        ]),
      ),
    )
    .orderBy("s.ended_at")
    .orderBy("s.game_id")
    .limit(HANDS_A_PAGE)
    .execute();
}
