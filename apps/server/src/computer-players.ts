/** The production computer players: @yourtrumps/ai's worker-thread pool. */
import { AiPool } from "@yourtrumps/ai";
import type { ComputerPlayers } from "./room/computer.js";

/** Worker threads for computer seats and hints (searches are CPU-bound: one per spare core). */
export function createComputerPlayers(workers: number): ComputerPlayers {
  return new AiPool({ size: workers });
}
