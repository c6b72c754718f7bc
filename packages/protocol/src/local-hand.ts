/**
 * `POST /api/local-games`: a hand the web client played against the computer in the
 * page, sent to the player's history once it is over. The server deals it again from
 * the seed and replays the moves through the engine, so an upload can say nothing the
 * rules would not have allowed; it is never rated. Moves travel compact ("TS" plays a
 * card, "P" picks up) to keep a long hand inside the API's body limit.
 */
import { isCard, type Move, type Suit } from "@yourtrumps/engine";
import type { Level, PlayerCount } from "./table.js";

export const LOCAL_GAMES_PATH = "/api/local-games";

/** The body of `POST /api/local-games`. */
export interface LocalHandUpload {
  id: string; // the hand's id (a uuid drawn in the page): a second upload of it changes nothing
  players: PlayerCount;
  seed: string; // the deal's seed (newHand), from crypto.getRandomValues
  dealer: number; // the deal's dealer (R4)
  trumps: Suit[]; // by seat (R3)
  level: Level; // the computer seats' level; seat 0 is the person
  moves: string[]; // encodeMoves(hand.log)
  moveTimes: number[]; // per move: ms after startedAt
  startedAt: number; // epoch ms of the deal
  endedAt: number; // epoch ms of the result
}

/** The pickup in a compact move list. */
export const PICKUP_MOVE = "P";

export function encodeMoves(log: readonly Move[]): string[] {
  return log.map((m) => (m.type === "play" ? m.card : PICKUP_MOVE));
}

/** The moves of a compact list; null when an entry is neither a card nor the pickup. */
export function decodeMoves(moves: readonly string[]): Move[] | null {
  const log: Move[] = [];
  for (const m of moves) {
    if (m === PICKUP_MOVE) log.push({ type: "pickup" });
    else if (isCard(m)) log.push({ type: "play", card: m });
    else return null;
  }
  return log;
}
