/**
 * Which seats of a finished hand are rated, and in what order they finished for rating
 * purposes. The room calls this when a hand ends and stores the answer with the record;
 * the storage then applies it without deciding anything itself.
 *
 * A hand is rated at quick and private tables only (computer tables are practice) when
 * at least two seats were taken by people with an identity and at least one of them held
 * the seat to the end. Computer seats and people without an identity neither gain nor give
 * rating. A person who left, or whose seat went to the computer, loses the hand: they place
 * behind everyone who stayed (tied with other leavers), whatever the computer then did with
 * the seat. Leavers still count toward the two seats: otherwise leaving a lost duel would
 * make it unrated, and leaving would be the way out of every loss. A hand the server
 * called off (`abandoned`: a shutdown, or a table whose people all left) is never rated:
 * nobody lost it at the table, and a restart must not move anyone's rating.
 */
import type { Level, Mode, ResultReason } from "@yourtrumps/protocol";
import { ratingKindFor, type RatingKind } from "./rating-kind.js";

/** Modes whose hands may be rated. */
export const RATED_MODES = ["quick", "private"] as const satisfies readonly Mode[];

export interface SeatHolder {
  playerId: string | null; // the identity of the person who took the seat; null: a computer seat, or a person without an identity
  computer: Level | null; // the computer level holding the seat at the end; null: a person held it to the end
  anonymous?: boolean; // a person without an identity took the seat (playerId null)
}

export interface RatedSeat {
  seat: number;
  playerId: string;
  place: number; // for rating purposes: 1 = best, equal places draw, leavers last
}

export interface RatedHand {
  kind: RatingKind;
  seats: RatedSeat[]; // by seat number
}

/** A person took this seat and the computer held it at the end. */
export function leftTheHand(seat: SeatHolder): boolean {
  return (seat.playerId !== null || seat.anonymous === true) && seat.computer !== null;
}

/**
 * The rated seats of a hand, or null when the hand is not rated. `places` is the
 * result's (by seat, 1 = first out, shared in a draw), `seats` by seat.
 */
export function ratedSeats(hand: {
  mode: Mode;
  reason: ResultReason;
  places: readonly number[];
  seats: readonly SeatHolder[];
}): RatedHand | null {
  if (!(RATED_MODES as readonly Mode[]).includes(hand.mode) || hand.reason === "abandoned") return null;
  if (hand.places.length !== hand.seats.length)
    throw new RangeError(`${hand.places.length} places for ${hand.seats.length} seats`);
  const identified = hand.seats.flatMap((s, seat) =>
    s.playerId === null ? [] : [{ seat, playerId: s.playerId, left: leftTheHand(s) }],
  );
  if (identified.length < 2 || identified.every((s) => s.left)) return null;
  // One person in two seats would rate themselves against themselves.
  if (new Set(identified.map((s) => s.playerId)).size < identified.length) return null;
  const lastPlace = Math.max(...hand.places) + 1;
  return {
    kind: ratingKindFor(hand.seats.length),
    seats: identified.map((s) => ({
      seat: s.seat,
      playerId: s.playerId,
      place: s.left ? lastPlace : hand.places[s.seat]!,
    })),
  };
}
