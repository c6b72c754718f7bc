/**
 * A computer seat's move that never stalls a local table. The worker's search can fail
 * (it threw, ran out of memory, answered a move the engine refuses, or died and never
 * answers: each ask has a deadline); the hand must still go on, so the same question is
 * asked once more, and then the easy level answers from a fresh worker — a cheap
 * heuristic, never a search. (Not on the page's thread: importing @yourtrumps/ai there
 * would put the whole analyser into the page's first download.) Every failure is logged:
 * it is a bug to find, not a state to hide.
 */
import type { Move } from "@yourtrumps/engine";

/** What a computer move is made from. */
export interface MoveSources {
  ask: () => Promise<Move>; // the level's move from the worker
  easy: () => Promise<Move>; // the easy level's move (the fallback)
  legal: (move: Move) => boolean; // the engine's check of an answer
  log: (message: string) => void;
  deadlineMs: number; // an ask not answered by then has failed
}

/** The level's move; after two failures the easy level's; rejects only when even that fails. */
export async function computerMove(sources: MoveSources): Promise<Move> {
  const { ask, easy, legal, log, deadlineMs } = sources;
  const checked = async (from: () => Promise<Move>): Promise<Move> => {
    const move = await withDeadline(from(), deadlineMs);
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

function withDeadline<T>(answer: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>(
    (_, fail) => (timer = setTimeout(() => fail(new Error(`no answer in ${ms} ms`)), ms)),
  );
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

function reason(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
