/** What the benchmark's SDK clients read of a table's decoded state, and how they send a move. */
import type { Room } from "@colyseus/sdk";
import type { Card, Move, Suit } from "@yourtrumps/engine";

/** The decoded state fields the benchmark's clients read (schema instances, read without toJSON). */
export interface Decoded {
  phase: string;
  seq: number;
  hands: number;
  toMove: number;
  turns: number;
  secondDue: boolean;
  pile: Iterable<Card>;
  lastMove: { seat: number };
  seats: { at(i: number): { sessionId: string; trump: Suit | ""; hand?: Iterable<Card> } | undefined; length: number };
}

/** Sends `move` for the client of `room`. */
export function sendMove(room: Room, move: Move): void {
  if (move.type === "play") room.send("play", { card: move.card });
  else room.send("pickup", {});
}
