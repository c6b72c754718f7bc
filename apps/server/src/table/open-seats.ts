/**
 * How a table is found by the people who want a seat and by those who want to watch.
 *
 * In Colyseus 0.18 the two ways in read the room's listing differently (MatchMaker.ts):
 * `joinOrCreate` / `join` look for `{ locked: false, private: false, ...filterBy }`,
 * while `joinById` only refuses a room that is `locked`, then reserves a seat if the room
 * has not reached `maxClients` (every client counts, spectators too, reservations
 * included). So a table that is locked once full, as it used to be, cannot be watched;
 * and an unlocked full table would be found by quick match.
 *
 * The decision: a table whose seats are all taken is not locked but *listed as full*.
 * `open` is a metadata field and a filterBy key; onAuth writes `open: true` into every
 * join that wants a seat, so matchmaking only ever finds tables whose metadata says
 * `open: true`, and a watch request (`joinById(roomId, { watch: true })`) finds any
 * table that is not locked. While seats are being filled `maxClients` is the number of
 * seats, so Colyseus' own lock on the last reservation keeps two joiners from racing for
 * one seat (spectators are not let in then: `watch-not-started`); when the hand is set
 * up, one `setMatchmaking` lists the table as full, raises `maxClients` by
 * SPECTATORS_MAX and unlocks it. A join for a seat that still reaches a full table
 * (by id, or a stale listing in another process) is refused by onJoin.
 */

/** The filterBy key (and metadata field) that says a table has a seat for a newcomer. */
export const OPEN_SEATS_KEY = "open";

/** Spectators one table takes at most (Colyseus locks it beyond: the watch request is refused as full). */
export const SPECTATORS_MAX = 2000;

/** onAuth: a join for a seat looks for open tables only (a watch request is left alone). */
export function seekOpenSeat(options: Record<string, unknown>): void {
  options[OPEN_SEATS_KEY] = true;
}

/** `maxClients` of a table whose seats are taken: its people, and the spectators. */
export function clientsWhenFull(players: number): number {
  return players + SPECTATORS_MAX;
}
