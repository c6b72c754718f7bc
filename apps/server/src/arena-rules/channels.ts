/**
 * How an arena's parts talk across processes: through Colyseus' presence (Redis with
 * REDIS_URL, in memory without), one channel to the arena's director, one to its room. The
 * director may run in another process than the room its players are connected to, and the
 * tables in others still; each event is small and says what happened, and the director
 * reads what it needs from the database (a missed event is caught up when it claims again).
 */
import type { ArenaDetail, ArenaYouMessage } from "@yourtrumps/protocol";

/** To the director of an arena. */
export type DirectorEvent =
  | { type: "present"; playerId: string; name: string; rating: number; ratedHands: number } // connected to the arena room
  | { type: "absent"; playerId: string } // their last connection to the room closed
  | { type: "pause"; playerId: string }
  | { type: "resume"; playerId: string }
  | { type: "result"; pairingId: string; pause: string | null }; // a hand is over (on record); `pause`: a player who never moved in it

/** To the arena's room (every process's room of that arena hears it; only one holds the players). */
export type RoomEvent =
  | { type: "hello" } // a director claimed the arena: the room tells it who is present
  | { type: "paired"; playerId: string; reservation: unknown; roomId: string; opponent: string }
  | { type: "standings"; detail: ArenaDetail; players: [string, ArenaYouMessage][] }; // `players`: [player id, message] of the present players whose own state or line changed

export function directorChannel(arenaId: string): string {
  return `arena:${arenaId}:director`;
}

export function roomChannel(arenaId: string): string {
  return `arena:${arenaId}:room`;
}
