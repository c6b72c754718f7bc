/**
 * Measures the computer's decision time as the page sees it (request to answer through
 * the worker): `hard` at full duel openings, the position a player meets first. Loaded
 * only by the browser tests' build (the test hook), for `npm run bench`.
 */
import { newHand, viewFor } from "@yourtrumps/engine";
import { WorkerComputer } from "./computer.js";
import { HARD_MS } from "./page-table.js";

/** Decision times (ms) of `hard` at `count` fresh duel deals; `budget`: with the page's time budget, else hard's fixed iterations. */
export async function hardAtOpenings(count: number, budget: boolean): Promise<number[]> {
  const computer = new WorkerComputer();
  const times: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const seed = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join(
        "",
      );
      const hand = newHand({ players: 2, seed });
      const started = performance.now();
      await computer.choose(viewFor(hand, hand.toMove), "hard", i, budget ? HARD_MS : undefined);
      times.push(performance.now() - started);
    }
  } finally {
    computer.close();
  }
  return times;
}
