/**
 * A computer seat's move that never stalls a local table. The worker's search can fail
 * (the worker died, ran out of memory, or answered a move the engine refuses); the hand
 * must still go on, so the same question is asked once more, and then the easy level
 * answers on the page's own thread — a cheap heuristic, never a search, so it cannot
 * freeze the table. Every failure is logged: it is a bug to find, not a state to hide.
 */
import type { Move, PlayerView } from "@yourtrumps/engine";

/** What a computer move is made from. */
export interface MoveSources {
  ask: () => Promise<Move>; // the level's move from the worker
  easy: () => Promise<Move>; // the easy level's move (the fallback)
  legal: (move: Move) => boolean; // the engine's check of an answer
  log: (message: string) => void;
}

/** The level's move; after two failures the easy level's; rejects only when even that fails. */
export async function computerMove(sources: MoveSources): Promise<Move> {
  const { ask, easy, legal, log } = sources;
  const checked = async (from: () => Promise<Move>): Promise<Move> => {
    const move = await from();
    if (!legal(move)) throw new Error(`the engine refuses ${JSON.stringify(move)}`);
    return move;
  };
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      return await checked(ask);
    } catch (e: unknown) {
      log(`computer move failed (attempt ${attempt} of 2): ${reason(e)}`);
    }
  }
  log("the easy level plays this move instead");
  return checked(easy);
}

/** The easy level's move for `view`: @yourtrumps/ai loaded only when it is needed (a chunk of its own, kept out of the page's main one). */
export async function easyMoveFor(view: PlayerView, seed: number): Promise<Move> {
  const { chooseMove } = await import("@yourtrumps/ai");
  return chooseMove(view, { level: "easy", seed });
}

function reason(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
