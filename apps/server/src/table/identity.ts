/**
 * Who is joining. The matchmaker resolves the join option `token` to a player before a
 * table is searched for, so a bad token is refused before any table is touched, and
 * the player found travels to the table with the seat reservation (through Redis when
 * the table lives in another process); the token itself goes no further.
 *
 * A join with a token the server does not know is refused, never turned into an
 * anonymous one: a player who believes they are playing rated hands must not find
 * afterwards that none of them counted. A join without a token is anonymous.
 */
import { ErrorCode, ServerError } from "@colyseus/core";
import { RATING_KINDS, ratingKindFor, type RatingKind } from "../ratings/rating-kind.js";
import type { PlayerProfile, Store } from "../storage/index.js";
import { checkJoinOptions } from "./join-options.js";
import { joinRefused } from "./join-refused.js";
import { checkLastSeat } from "./last-seat.js";
import { checkMarkedJoin } from "./marked-join.js";

/** A seat's rating as the table shows it. */
export interface ShownRating {
  rating: number; // rounded; 0 = none
  provisional: boolean;
}

/** The identified player a seat reservation carries (Colyseus's `client.auth`): plain data, it may cross processes. */
export interface SeatPlayer {
  playerId: string;
  accountSession: string; // the account session whose token joined: signed out, it cannot take the seat back after a drop (not `sessionId`: Colyseus would take that as the connection's)
  name: string;
  ratings: Record<RatingKind, ShownRating>; // both kinds: a join by code does not know the table's size yet
  marked: boolean; // a moderator marked the player: refused a rated private table (marked-join.ts)
}

/** No identity, no rating. */
export const NO_RATING: ShownRating = { rating: 0, provisional: false };

export { joinRefused };

/**
 * The matchmaker's check of a join: refuses bad options, a marked player at a rated
 * private table (marked-join.ts) and a private table's last seat to an address that
 * reserved it before (last-seat.ts: counted only for a join not refused otherwise), writes
 * the checked options (defaults applied, the token left out) back into `options` —
 * Colyseus filters tables by this very object — and resolves the token. Anonymous joins
 * answer `true`.
 */
export async function admitJoin(
  options: Record<string, unknown>,
  store: Store,
  address?: string,
): Promise<SeatPlayer | true> {
  const checked = checkJoinOptions(options);
  if (!checked.ok) throw new ServerError(ErrorCode.MATCHMAKE_INVALID_CRITERIA, checked.message);
  const player = checked.token === undefined ? true : await playerOfToken(store, checked.token);
  if (player !== true) await checkMarkedJoin(player, checked.options);
  if (checked.options.code) await checkLastSeat(checked.options.code, address);
  for (const key of Object.keys(options)) delete options[key];
  Object.assign(options, checked.options);
  return player;
}

/** The player of a bearer token, as a seat reservation carries them; refused as "bad-token" when nobody has it. */
export async function playerOfToken(store: Store, token: string): Promise<SeatPlayer> {
  let player: PlayerProfile | null;
  let accountSession: string;
  try {
    const found = await store.playerByToken(token);
    accountSession = found?.sessionId ?? "";
    player = found && (await store.getPlayer(found.id));
  } catch (e) {
    throw joinRefused(
      "identity-unavailable",
      `the token could not be checked (${e instanceof Error ? e.message : String(e)}); try again`,
    );
  }
  if (!player) throw joinRefused("bad-token", "no player has this token; create a new player, or join without one");
  const shown = (kind: RatingKind): ShownRating => ({
    rating: Math.round(player.ratings[kind].rating),
    provisional: player.ratings[kind].provisional,
  });
  return {
    playerId: player.id,
    accountSession,
    name: player.name,
    ratings: Object.fromEntries(RATING_KINDS.map((kind) => [kind, shown(kind)])) as Record<RatingKind, ShownRating>,
    marked: player.marked,
  };
}

/** The auth data Colyseus hands onJoin, if it is a player (it came through the matchmaker, maybe from another process). */
export function seatPlayerOf(auth: unknown): SeatPlayer | null {
  const a = auth as Partial<SeatPlayer> | null | undefined;
  return typeof a?.playerId === "string" && typeof a.name === "string" && typeof a.ratings === "object"
    ? (a as SeatPlayer)
    : null;
}

/** The rating a player's seat shows at a table of `players`. */
export function ratingAt(player: SeatPlayer, players: number): ShownRating {
  return player.ratings[ratingKindFor(players)];
}

/** Whether the account session that took a seat (its `auth`) was signed out since; a database that cannot say lets it back. */
export async function sessionEnded(store: Store, auth: unknown): Promise<boolean> {
  const session = seatPlayerOf(auth)?.accountSession;
  if (session === undefined || session === "") return false;
  return !(await store.accounts.sessionExists(session).catch(() => true));
}
