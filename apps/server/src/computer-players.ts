/** The production computer players: @yourtrumps/ai's worker-thread pools. */
import { AiPool } from "@yourtrumps/ai";
import type { ComputerPlayers } from "./room/computer.js";

/**
 * `workers` threads for searches (medium, hard, hints: CPU-bound, one per spare
 * core) and one more for easy moves. Pools are first come, first served, so
 * without that lane a clock expiry's easy move could wait behind a queue of hard
 * searches while the table stands still.
 */
export function createComputerPlayers(workers: number): ComputerPlayers {
  const search = new AiPool({ size: workers });
  const quick = new AiPool({ size: 1 });
  return {
    chooseMove: (view, o) => (o.level === "easy" ? quick : search).chooseMove(view, o),
    analyse: (view, o) => search.analyse(view, o),
    close: async () => {
      await Promise.all([search.close(), quick.close()]);
    },
  };
}
