/** The production computer players: @yourtrumps/ai's worker-thread pools. */
import { AiPool } from "@yourtrumps/ai";
import type { ComputerPlayers } from "./table/computer.js";

/**
 * `workers` threads for searches (medium, hard, hints: CPU-bound, one per spare
 * core) and one more for easy moves. Without that lane a clock expiry's easy move
 * could wait behind the searches while the table stands still.
 *
 * The search pool serves tables round-robin (each job's owner is its table), and a
 * hint is a background job: it runs only when no move waits, and is not even queued
 * while moves wait (`busy`), so a client asking for hints can delay another table's
 * move by one running hint at most.
 */
export function createComputerPlayers(workers: number): ComputerPlayers {
  const search = new AiPool({ size: workers });
  const quick = new AiPool({ size: 1 });
  return {
    chooseMove: (view, o, job) => (o.level === "easy" ? quick : search).chooseMove(view, o, job),
    analyse: (view, o, job) => search.analyse(view, o, { ...job, background: true }),
    cancel: (owner) => {
      search.cancel(owner);
      quick.cancel(owner);
    },
    busy: () => search.load().queued >= workers,
    load: () => {
      const { queued, running, done, capped } = search.load();
      return { queued, running, done, capped };
    },
    close: async () => {
      await Promise.all([search.close(), quick.close()]);
    },
  };
}
